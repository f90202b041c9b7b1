import { LOCALES, type Language } from '@footfall/domain';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago `iso` was, in words of `lang` ("3 hours ago", "il y a 2 jours"): the largest whole
 * unit, "now" under a minute. A time in the future (clock skew) reads as now.
 */
export function ageText(iso: string, now: number, lang: Language): string {
  const ms = Math.max(0, now - Date.parse(iso));
  const rtf = new Intl.RelativeTimeFormat(LOCALES[lang], { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (ms >= size) return rtf.format(-Math.floor(ms / size), unit);
  }
  return rtf.format(0, 'minute');
}

/** Short date and time in the reader's language and time zone. */
export function dateTimeText(iso: string | null | undefined, lang: Language): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' });
}

/** A 0..1 ratio as a whole percentage ("97 %" in French, "97%" in English); a dash when null. */
export function percentText(ratio: number | null | undefined, lang: Language): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '—';
  return new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}
