/**
 * The seasonal forecast model behind ForecastTrafficIn/Out.
 *
 * A target window (a local time-of-day stretch of one day, or the whole day) is forecast as of an
 * origin day (the first day whose data is not used: today for the future, the target's own day for
 * the past, so a past value is what the model would have said that morning):
 *
 *   forecast = trend x mean(value of the same window on the same weekday in the
 *                           FORECAST_WEEKS most recent weeks that end before the origin)
 *   trend    = (total of the 7 days before the origin) / (weekly mean over the FORECAST_WEEKS weeks
 *              before the origin), bounded to FORECAST_TREND_BOUNDS, 1 without history.
 *
 * Days are day indexes (LocalMinute / 1440); weekdays are preserved by 7-day steps.
 */
export const FORECAST_WEEKS = 4;
export const FORECAST_TREND_BOUNDS = [0.5, 2] as const;

/** The same-weekday days whose window values are averaged for `targetDay`. */
export function forecastHistoryDays(targetDay: number, originDay: number, weeks = FORECAST_WEEKS): number[] {
  // the first whole-week step that lands before the origin
  const first = Math.max(1, Math.ceil((targetDay - originDay + 1) / 7));
  return Array.from({ length: weeks }, (_, i) => targetDay - 7 * (first + i));
}

/** The days whose totals feed the trend: the FORECAST_WEEKS weeks before the origin. */
export function trendDays(originDay: number, weeks = FORECAST_WEEKS): number[] {
  return Array.from({ length: 7 * weeks }, (_, i) => originDay - 1 - i);
}

export function trendFactor(dayTotal: (day: number) => number, originDay: number, weeks = FORECAST_WEEKS) {
  let recent = 0;
  let all = 0;
  for (const day of trendDays(originDay, weeks)) {
    const v = dayTotal(day);
    all += v;
    if (day >= originDay - 7) recent += v;
  }
  const base = all / weeks;
  if (!(base > 0)) return 1;
  return Math.min(FORECAST_TREND_BOUNDS[1], Math.max(FORECAST_TREND_BOUNDS[0], recent / base));
}

export function seasonalForecast(history: readonly number[], trend: number): number {
  if (history.length === 0) return 0;
  const mean = history.reduce((a, b) => a + b, 0) / history.length;
  return Math.round(mean * trend * 100) / 100;
}

/** Mean absolute percentage error over pairs whose actual value is not 0, in percent. */
export function mape(pairs: readonly { actual: number; forecast: number }[]): number | null {
  const used = pairs.filter((p) => p.actual !== 0);
  if (used.length === 0) return null;
  const total = used.reduce((a, p) => a + Math.abs((p.actual - p.forecast) / p.actual), 0);
  return (total / used.length) * 100;
}
