import type { TFunction } from 'i18next';
import type { UserCurrent } from '@footfall/domain';
import { appInfo } from '../../../config/app';

/** mailto: link to support, pre-filled with the user's group, name, username and the current page. */
export function supportMailto(
  t: TFunction,
  user: Pick<UserCurrent, 'firstName' | 'lastName' | 'username' | 'userGroupName'>,
  pageUrl: string,
): string {
  const subject = t('support_mail_subject', { app: appInfo.name });
  const body = t('support_mail_body', {
    group: user.userGroupName ?? '-',
    user: `${user.firstName} ${user.lastName}`.trim() || '-',
    username: user.username,
    page: pageUrl,
  });
  return `mailto:${appInfo.supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
