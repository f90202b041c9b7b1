import { BusinessHours } from '@footfall/domain';

/**
 * The business-hours editor's model (issue 12): per weekday ("0" = Sunday ... "6" = Saturday, as the
 * attribute), closed or a list of opening intervals; "24 h" is the one interval 00:00-24:00. It turns
 * into the `businessHours` attribute and is validated with the domain schema (`BusinessHours`).
 */
export const DAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type DayKey = (typeof DAY_KEYS)[number];
/** Monday first, as a week is shown in the editor. */
export const DISPLAY_ORDER: readonly DayKey[] = ['1', '2', '3', '4', '5', '6', '0'];
export type Interval = [string, string];
export interface DayModel {
  closed: boolean;
  intervals: Interval[];
}
export type WeekModel = Record<DayKey, DayModel>;

export const FULL_DAY: Interval = ['00:00', '24:00'];
export const DEFAULT_INTERVAL: Interval = ['09:00', '18:00'];

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const toHhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const clone = (d: DayModel): DayModel => ({
  closed: d.closed,
  intervals: d.intervals.map(([a, b]) => [a, b]),
});

/** The model of a stored attribute; a missing day or an empty list is a closed day. */
export function weekFromBusinessHours(hours: BusinessHours | undefined | null): WeekModel {
  const week = {} as WeekModel;
  for (const day of DAY_KEYS) {
    const ranges = hours?.[day] ?? [];
    week[day] = ranges.length
      ? { closed: false, intervals: ranges.map(([a, b]) => [a, b] as Interval) }
      : { closed: true, intervals: [] };
  }
  return week;
}

/** A new week: Monday to Friday 09:00-18:00, the weekend closed. */
export function defaultWeek(): WeekModel {
  const week = {} as WeekModel;
  for (const day of DAY_KEYS)
    week[day] =
      day === '0' || day === '6'
        ? { closed: true, intervals: [] }
        : { closed: false, intervals: [[...DEFAULT_INTERVAL]] };
  return week;
}

/** The attribute of a model: closed days are empty lists. */
export function weekToBusinessHours(week: WeekModel): BusinessHours {
  const out: Record<string, [string, string][]> = {};
  for (const day of DAY_KEYS) out[day] = week[day].closed ? [] : week[day].intervals.map(([a, b]) => [a, b]);
  return out as BusinessHours;
}

export const is24h = (day: DayModel) =>
  !day.closed &&
  day.intervals.length === 1 &&
  day.intervals[0]![0] === '00:00' &&
  day.intervals[0]![1] === '24:00';

const update = (week: WeekModel, day: DayKey, next: DayModel): WeekModel => ({ ...week, [day]: next });

export function setClosed(week: WeekModel, day: DayKey, closed: boolean): WeekModel {
  if (!closed && week[day].intervals.length === 0)
    return update(week, day, { closed: false, intervals: [[...DEFAULT_INTERVAL]] });
  return update(week, day, { ...clone(week[day]), closed });
}

/** Open all day (on) or back to the default interval (off). */
export function set24h(week: WeekModel, day: DayKey, on: boolean): WeekModel {
  return update(week, day, { closed: false, intervals: [on ? [...FULL_DAY] : [...DEFAULT_INTERVAL]] });
}

/**
 * Adds an interval after the day's last one: from an hour after its end, four hours long (to midnight
 * at most). Unchanged when the last interval already ends at midnight or 8 intervals exist (the schema's limit).
 */
export function addInterval(week: WeekModel, day: DayKey): WeekModel {
  const d = week[day];
  if (d.closed || d.intervals.length === 0) return setClosed(week, day, false);
  if (d.intervals.length >= 8) return week;
  const lastEnd = toMinutes(d.intervals[d.intervals.length - 1]![1]);
  const start = Math.min(lastEnd + 60, 23 * 60);
  if (lastEnd >= 23 * 60 || lastEnd === 0) return week;
  const end = Math.min(start + 4 * 60, 24 * 60);
  return update(week, day, {
    closed: false,
    intervals: [...clone(d).intervals, [toHhmm(start), toHhmm(end)]],
  });
}

export function removeInterval(week: WeekModel, day: DayKey, index: number): WeekModel {
  const intervals = clone(week[day]).intervals.filter((_, i) => i !== index);
  return update(week, day, { closed: intervals.length === 0, intervals });
}

export function setInterval(
  week: WeekModel,
  day: DayKey,
  index: number,
  edge: 0 | 1,
  value: string,
): WeekModel {
  const next = clone(week[day]);
  if (!next.intervals[index]) return week;
  next.intervals[index]![edge] = value;
  return update(week, day, next);
}

/** Every day takes Monday's hours (closed, 24 h or its intervals). */
export function copyMondayToAll(week: WeekModel): WeekModel {
  const out = {} as WeekModel;
  for (const day of DAY_KEYS) out[day] = clone(week['1']);
  return out;
}

/** A problem of one day, as an i18n key; at most one per day (the first the schema reports). */
export type DayErrorKey =
  | 'node_editor_error_time'
  | 'node_editor_error_empty_interval'
  | 'node_editor_error_overlap'
  | 'node_editor_error_too_many';

/** Validates the model with the domain schema; answers the days with a problem. */
export function weekErrors(week: WeekModel): Partial<Record<DayKey, DayErrorKey>> {
  const parsed = BusinessHours.safeParse(weekToBusinessHours(week));
  const out: Partial<Record<DayKey, DayErrorKey>> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const day = String(issue.path[0]) as DayKey;
    if (!DAY_KEYS.includes(day) || out[day]) continue;
    if (issue.path.length >= 3) out[day] = 'node_editor_error_time';
    else if (issue.path.length === 2) out[day] = 'node_editor_error_empty_interval';
    else if (issue.code === 'too_big') out[day] = 'node_editor_error_too_many';
    else out[day] = 'node_editor_error_overlap';
  }
  return out;
}
