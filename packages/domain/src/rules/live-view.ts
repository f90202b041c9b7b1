import { minuteOfDay, startOfDay, weekdayOf, MINUTES_PER_DAY } from '../time/local-time.js';
import { fromLocalMinute, toLocalMinute } from '../time/zone.js';
import type { WeekWindows } from '../time/business-hours.js';
import { canOperateOccupancy, isAdminKind, type Role } from '../roles.js';

/**
 * What a live view's thresholds mean (decided here, documented in packages/server/src/features/live-views/README.md):
 *
 * - `warningThreshold` and `alertThreshold` are numbers of people present (the occupancy), not
 *   percentages. `alertThreshold` is "full": at or above it the screen turns red and tells shoppers
 *   to wait. From `warningThreshold` it turns amber ("almost full", still come in). Below, green.
 *   The location's capacity is an upper bound for both: the alert threshold is normally set a little
 *   under the legal capacity so that the people already in the doorway still fit.
 * - `thresholdDelta` is a hysteresis margin so that a screen at the edge does not flicker: once red,
 *   it stays red until the occupancy drops below `alertThreshold - delta` (the same for amber with the
 *   warning threshold). With `isDeltaPercentage` the margin is that percentage of the threshold.
 *   Going up is never delayed: red shows as soon as the alert threshold is reached.
 */
export const LIVE_VIEW_LEVELS = ['normal', 'warning', 'alert'] as const;
export type LiveViewLevel = (typeof LIVE_VIEW_LEVELS)[number];

export interface ThresholdSettings {
  warningThreshold: number;
  alertThreshold: number;
  thresholdDelta: number;
  isDeltaPercentage: boolean;
}

const rank = (l: LiveViewLevel) => LIVE_VIEW_LEVELS.indexOf(l);

/** the hysteresis margin under one threshold */
export function thresholdMargin(threshold: number, s: ThresholdSettings): number {
  return s.isDeltaPercentage ? (threshold * s.thresholdDelta) / 100 : s.thresholdDelta;
}

/**
 * The colour level for an occupancy. `previous` is the level shown so far (for the hysteresis);
 * without it the level depends on the value alone. An unknown value shows as normal.
 */
export function liveViewLevel(
  value: number | null,
  s: ThresholdSettings,
  previous?: LiveViewLevel,
): LiveViewLevel {
  if (value === null || !Number.isFinite(value)) return 'normal';
  const raw: LiveViewLevel =
    value >= s.alertThreshold ? 'alert' : value >= s.warningThreshold ? 'warning' : 'normal';
  if (!previous || rank(raw) >= rank(previous)) return raw;
  if (previous === 'alert' && value > s.alertThreshold - thresholdMargin(s.alertThreshold, s)) return 'alert';
  if (raw === 'normal' && value > s.warningThreshold - thresholdMargin(s.warningThreshold, s)) {
    return 'warning';
  }
  return raw;
}

/** places left before the screen turns red (never negative) */
export const placesLeft = (value: number | null, s: Pick<ThresholdSettings, 'alertThreshold'>) =>
  value === null ? null : Math.max(0, Math.floor(s.alertThreshold - value));

/** Validation shared by the API and the settings form; returns the offending field or null. */
export function thresholdProblem(
  s: ThresholdSettings,
): { field: keyof ThresholdSettings; key: string } | null {
  if (s.warningThreshold > s.alertThreshold) {
    return { field: 'warningThreshold', key: 'liveview_warning_above_alert' };
  }
  if (s.isDeltaPercentage && s.thresholdDelta > 100) {
    return { field: 'thresholdDelta', key: 'liveview_delta_percentage_range' };
  }
  return null;
}

const isOpenAt = (windows: WeekWindows, lm: number) => {
  const mod = minuteOfDay(lm);
  return (windows[weekdayOf(lm)] ?? []).some(([a, b]) => a <= mod && mod < b);
};

/**
 * Whether a location is open now, and when that next changes (UTC ms; null when it never does, e.g.
 * unknown hours count as always open). The black screen of a live view follows this.
 */
export function businessHoursState(
  windows: WeekWindows,
  timeZone: string,
  nowMs: number,
): { open: boolean; nextChangeAt: number | null } {
  const lm = toLocalMinute(timeZone, nowMs);
  const open = isOpenAt(windows, lm);
  const today = startOfDay(lm);
  for (let d = 0; d <= 8; d++) {
    const dayStart = today + d * MINUTES_PER_DAY;
    const boundaries = (windows[weekdayOf(dayStart)] ?? []).flatMap(([a, b]) => [a, b]).sort((x, y) => x - y);
    for (const m of boundaries) {
      const at = dayStart + m;
      if (at <= lm || isOpenAt(windows, at) === open) continue;
      return { open, nextChangeAt: fromLocalMinute(timeZone, at).utcMs };
    }
  }
  return { open, nextChangeAt: null };
}

interface AccessSubject {
  roles: readonly Role[];
  mobileSettings: { hasAccessOccupancy: boolean; hasAccessOrganizationalTreeEvent: boolean };
}

/** "Live view by id needs access to occupancy": the mobile flag, or a role that operates occupancy. */
export const canAccessOccupancy = (u: AccessSubject) =>
  u.mobileSettings.hasAccessOccupancy || canOperateOccupancy(u);

/** Showtimes need the orgtreeevent flag; admins, who manage events, read them too. */
export const canAccessShowtimes = (u: AccessSubject) =>
  u.mobileSettings.hasAccessOrganizationalTreeEvent || isAdminKind(u);
