import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LANGUAGES, type Language } from '@footfall/domain';
import { i18n } from '../../../i18n/i18n';

/**
 * The text function of a live screen. Queue screens may name their own language in the URL
 * (/liveview/queue/{id}/{lang}): a door screen in French next to an English admin UI.
 */
export function useScreenT(langParam?: string | null): TFunction {
  const { t } = useTranslation();
  const lang = (LANGUAGES as readonly string[]).includes(langParam ?? '') ? (langParam as Language) : null;
  const [fixed, setFixed] = useState<TFunction | null>(null);
  useEffect(() => {
    if (!lang) return;
    let live = true;
    void i18n.loadLanguages(lang).then(() => {
      if (live) setFixed(() => i18n.getFixedT(lang));
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return lang && fixed ? fixed : t;
}

/** "12 min" / "45 s" style waiting time, or null */
export function waitingMinutes(seconds: number | null): number | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  return Math.max(0, Math.round(seconds / 60));
}
