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
