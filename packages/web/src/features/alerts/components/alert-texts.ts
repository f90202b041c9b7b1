import type { TFunction } from 'i18next';
import type { AlertCondition, AlertSeverity } from '@footfall/domain';

/** The condition of a rule in words ("Occupancy above 50", "Traffic in below 20 over 60 min"). */
export function conditionText(t: TFunction, c: AlertCondition): string {
  switch (c.kind) {
    case 'occupancy':
      return t(c.unit === 'people' ? 'alerts_cond_occupancy' : 'alerts_cond_occupancy_percent', {
        threshold: c.threshold,
      });
    case 'window':
      return t(c.target === 'objective' ? 'alerts_cond_window_objective' : 'alerts_cond_window', {
        kpi: t(`kpi_${c.kpi}`, { defaultValue: c.kpi }),
        comparison: t(c.comparison === 'above' ? 'alerts_above' : 'alerts_below'),
        threshold: c.threshold,
        minutes: c.windowMinutes,
      });
    default:
      return t(`alerts_kind_${c.kind}`);
  }
}

/** The palette colour of a severity's dot (the label beside it keeps the text colour: contrast). */
export const severityColor = (s: AlertSeverity) =>
  s === 'critical' ? 'error.main' : s === 'warning' ? 'warning.main' : 'info.main';

/** A date and time in the user's language. */
export const when = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** Secondary columns leave phones (under `sm`); what they say moves under the first cells. */
export const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
export const NARROW_ONLY = { display: { xs: 'block', sm: 'none' } } as const;
/** Tighter cells on phones, so the kept columns share the width. */
export const NARROW_CELLS = { '& td, & th': { px: { xs: 1, sm: 2 } } } as const;
