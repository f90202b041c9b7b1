import type { AggregateFunction } from '@footfall/domain';
import type { Segment } from './query-plan.js';
import type { StatsRow, SumRow } from './aggregated-params.js';

/**
 * Collects the SQL rows (per group and segment) into per-cell figures, and reads a KPI's value for
 * a set of cells and groups. Sums and counts add up; Min/Max compare; First/Last add up each
 * series' own earliest/latest value (a group's occupancy at the start of an hour is the sum of its
 * locations' occupancies then).
 */
interface Edge {
  at: number;
  value: number;
}

export interface CellFigures {
  sum: number;
  count: number;
  min: number | null;
  max: number | null;
  firsts: Map<number, Edge> | null;
  lasts: Map<number, Edge> | null;
}

/**
 * Figures as one class, so every read sees one object shape (a spread copy, a literal and a frozen
 * constant were three shapes: the reads of a year of days went polymorphic).
 */
class Figures implements CellFigures {
  sum = 0;
  count = 0;
  min: number | null = null;
  max: number | null = null;
  constructor(
    public firsts: Map<number, Edge> | null,
    public lasts: Map<number, Edge> | null,
  ) {}
}

/** The figures of a cell without data (read only: never written, see `add`). */
const NO_FIGURES: Readonly<CellFigures> = new Figures(null, null);

export class Accumulator {
  /**
   * group -> figures by cell number (cells are small dense integers, CellRegistry's count): an
   * array read instead of a second map lookup, on the path of every bucket of a broken-down answer
   */
  private readonly byGroup = new Map<number, (Figures | undefined)[]>();

  constructor(private readonly segments: readonly Segment[]) {}

  add(row: SumRow | StatsRow): void {
    const segment = this.segments[row.seg];
    if (!segment || !(row.count > 0)) return;
    let cells = this.byGroup.get(row.grp);
    if (!cells) this.byGroup.set(row.grp, (cells = []));
    for (const cell of segment.cells) {
      let f = cells[cell];
      // a cell with data has edges, empty ones when read from sums only (as figures() merges them)
      if (!f) {
        // filled in order where possible: an array with holes ahead of its length goes sparse
        while (cells.length < cell) cells.push(undefined);
        cells[cell] = f = new Figures(NO_EDGES, NO_EDGES);
      }
      f.sum += row.sum;
      f.count += row.count;
      if ('min' in row) {
        if (row.min !== null) f.min = f.min === null ? row.min : Math.min(f.min, row.min);
        if (row.max !== null) f.max = f.max === null ? row.max : Math.max(f.max, row.max);
        if (row.first !== null && row.first_at !== null) {
          if (f.firsts === null || f.firsts === NO_EDGES) f.firsts = new Map();
          const cur = f.firsts.get(row.series_key);
          if (!cur || row.first_at < cur.at)
            f.firsts.set(row.series_key, { at: row.first_at, value: row.first });
        }
        if (row.last !== null && row.last_at !== null) {
          if (f.lasts === null || f.lasts === NO_EDGES) f.lasts = new Map();
          const cur = f.lasts.get(row.series_key);
          if (!cur || row.last_at > cur.at) f.lasts.set(row.series_key, { at: row.last_at, value: row.last });
        }
      }
    }
  }

  /**
   * Figures of the given groups over the given cells together; read only (one group's one cell is
   * answered with the figures kept: a node's bucket, most reads of a broken-down answer, allocates
   * nothing).
   */
  figures(groups: readonly number[], cells: readonly number[]): Readonly<CellFigures> {
    if (groups.length === 1 && cells.length === 1) return this.cell(groups[0]!, cells[0]!);
    const out = new Figures(null, null);
    for (const g of groups) {
      const byCell = this.byGroup.get(g);
      if (!byCell) continue;
      for (const c of cells) {
        const f = byCell[c];
        if (!f) continue;
        out.sum += f.sum;
        out.count += f.count;
        if (f.min !== null) out.min = out.min === null ? f.min : Math.min(out.min, f.min);
        if (f.max !== null) out.max = out.max === null ? f.max : Math.max(out.max, f.max);
        out.firsts = mergeEdges(out.firsts, f.firsts, earlier, g);
        out.lasts = mergeEdges(out.lasts, f.lasts, later, g);
      }
    }
    return out;
  }

  /** One group's one cell (read only). */
  cell(group: number, cell: number): Readonly<CellFigures> {
    return this.byGroup.get(group)?.[cell] ?? NO_FIGURES;
  }
}

/**
 * The edges of figures read from sums only (node totals have none): one shared empty map, never
 * written (mergeEdges copies into a map of its own), where a pair of fresh maps per read was most
 * of the garbage of a long report (a year of days for 500 locations reads figures ~1.1 million times).
 */
const NO_EDGES: Map<number, Edge> = new Map();
const earlier = (a: number, b: number) => a < b;
const later = (a: number, b: number) => a > b;

/** `into` (null: none yet) with `from`'s edges merged in, in a map of its own once there are any. */
function mergeEdges(
  into: Map<number, Edge> | null,
  from: Map<number, Edge> | null,
  better: (a: number, b: number) => boolean,
  group: number,
): Map<number, Edge> {
  if (!from || from.size === 0) return into ?? NO_EDGES;
  if (into === null || into === NO_EDGES) into = new Map();
  for (const [series, edge] of from) {
    // the same series may feed two requested nodes' groups: keep them apart
    const key = series * 4096 + (group % 4096);
    const cur = into.get(key);
    if (!cur || better(edge.at, cur.at)) into.set(key, edge);
  }
  return into;
}

/** Cleans float noise of sums of decimals (0.1 + 0.2) without touching counts. */
const tidy = (v: number) => Math.round(v * 1e6) / 1e6;

/** The value of an aggregate function over figures; null when there is no data. */
export function valueOf(fn: AggregateFunction, f: Readonly<CellFigures>): number | null {
  if (f.count === 0) return null;
  switch (fn) {
    case 'Sum':
      return tidy(f.sum);
    case 'Avg':
      return Math.round((f.sum / f.count) * 100) / 100;
    case 'Min':
      return f.min;
    case 'Max':
      return f.max;
    case 'First':
      return f.firsts ? tidy([...f.firsts.values()].reduce((a, e) => a + e.value, 0)) : null;
    case 'Last':
      return f.lasts ? tidy([...f.lasts.values()].reduce((a, e) => a + e.value, 0)) : null;
  }
}
