import type { PeriodChoice } from '../../../../components/period/period-selector';

/** What the mobile filter applies: the period choice and the tree selection. */
export interface MobileFilterValue extends PeriodChoice {
  selection: string[];
}

/**
 * Spec section 2, "Mobile filter": Apply shows only when the period is custom, the location changed,
 * or a new period was picked; it is disabled while the custom period is invalid.
 */
export function mobileApplyState(s: {
  custom: boolean;
  locationChanged: boolean;
  periodPicked: boolean;
  customInvalid: boolean;
}): { shown: boolean; enabled: boolean } {
  const shown = s.custom || s.locationChanged || s.periodPicked;
  return { shown, enabled: shown && !(s.custom && s.customInvalid) };
}
