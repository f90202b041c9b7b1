import type { TFunction } from 'i18next';
import type { UserGroupDto } from '@footfall/domain';

/** `_EVERYONE_` is shown by its meaning ("Everyone"); other groups by their name. */
export const groupLabel = (t: TFunction, g: Pick<UserGroupDto, 'name' | 'isEveryone'>) =>
  g.isEveryone ? t('groups_everyone') : g.name;
