/**
 * Performance against objectives (issue 15): the colour of a row and the projection to the end of
 * the period. A row is `ahead` at 100 % or more of the objective to date, `onTrack` from 90 %,
 * `behind` below, `none` without an objective.
 */
export const ON_TRACK_PERCENT = 90;

export type PerformanceStatus = 'ahead' | 'onTrack' | 'behind' | 'none';

export function performanceStatus(achievedPercent: number | null): PerformanceStatus {
  if (achievedPercent === null) return 'none';
  if (achievedPercent >= 100) return 'ahead';
  return achievedPercent >= ON_TRACK_PERCENT ? 'onTrack' : 'behind';
}

/** actual / objective in %, null without a positive objective. */
export function achieved(actual: number | null, objective: number | null): number | null {
  if (actual === null || objective === null || objective <= 0) return null;
  return (actual / objective) * 100;
}

/**
 * Projection to the end of the period for an additive KPI: the actual so far plus the rest of the
 * period's objective at the pace achieved so far (actual / objective to date). `forecastRest`, when
 * the forecast KPI covers the rest of the period, replaces the paced rest. A level KPI (a rate)
 * projects to its current value.
 */
export function projection(p: {
  additive: boolean;
  actual: number | null;
  objectiveToDate: number | null;
  objective: number | null;
  forecastRest?: number | null;
}): number | null {
  if (p.actual === null) return null;
  if (!p.additive) return p.actual;
  if (p.forecastRest !== undefined && p.forecastRest !== null) return p.actual + p.forecastRest;
  if (p.objective === null || p.objectiveToDate === null) return null;
  const rest = Math.max(0, p.objective - p.objectiveToDate);
  if (p.objectiveToDate <= 0) return p.actual + rest;
  return p.actual + rest * (p.actual / p.objectiveToDate);
}
