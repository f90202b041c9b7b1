/**
 * What every aggregation query receives: the sources to read (a node total or a series, its time
 * zone, and the group its figures add up in), and where each local minute belongs (see query-plan.ts).
 */
export interface SourceSet {
  keys: number[];
  timeZones: string[];
  groups: number[];
}

export interface GranularQuery {
  sources: SourceSet;
  bounds: number[];
  segs: (number | null)[];
  businessHoursOnly: boolean;
}

export interface DayQuery extends GranularQuery {
  /** local dates 'YYYY-MM-DD', from inclusive, to exclusive */
  fromDate: string;
  toDate: string;
}

export interface HourQuery extends GranularQuery {
  /** local windows 'YYYY-MM-DD HH:mm' holding every part, from inclusive, to exclusive */
  localStarts: string[];
  localEnds: string[];
}

export interface InstantQuery extends GranularQuery {
  /** disjoint UTC windows that certainly hold every instant of the local parts in each zone */
  windowStarts: Date[];
  windowEnds: Date[];
}

/** Sums of one group in one segment. */
export interface SumRow {
  grp: number;
  seg: number;
  sum: number;
  count: number;
}

/** Statistics of one series (or of all of a group's series when not per series) in one segment. */
export interface StatsRow extends SumRow {
  series_key: number;
  min: number | null;
  max: number | null;
  first: number | null;
  first_at: number | null;
  last: number | null;
  last_at: number | null;
}

/** Node totals read by UTC slot: zones are indexes into the caller's list. */
export interface SlotQuery {
  keys: number[];
  zones: number[];
  groups: number[];
  businessHoursOnly: boolean;
  windowStarts: Date[];
  windowEnds: Date[];
}

/** Sums of one group in one zone's UTC slot (`at` in epoch minutes). */
export interface InstantSumRow {
  grp: number;
  zone: number;
  at: number;
  sum: number;
  count: number;
}

/**
 * The segment of each interval as an SQL int[] literal, -1 for gaps: an array holding NULLs makes
 * every subscript walk its null bitmap from the start (a year of days took milliseconds per query),
 * and a row outside every interval still gets NULL (subscript out of range) or -1, both dropped by
 * `seg >= 0`.
 */
export const segArray = (segs: readonly (number | null)[]): string =>
  `{${segs.map((s) => (s === null ? -1 : s)).join(',')}}`;

/** Sorted interval bounds as an SQL int[] literal. */
export const boundArray = (bounds: readonly number[]): string => `{${bounds.join(',')}}`;
