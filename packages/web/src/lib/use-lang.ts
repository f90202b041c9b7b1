import { useLocation } from 'react-router';
import type { Language } from '@footfall/domain';
import { languageOfPath } from './language';

/** The language the current page is shown in (its URL prefix; English when unprefixed). */
export function useLang(): Language {
  return languageOfPath(useLocation().pathname);
}
