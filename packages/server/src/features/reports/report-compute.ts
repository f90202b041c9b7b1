import {
  CAPACITY_THRESHOLDS,
  DWELL_BANDS,
  competitionRanks,
  deltaPercent,
  reportText,
  type AggregatedSeries,
  type DataPoint,
  type Language,
  type Mode,
  type ReportChartData,
  type ReportColumn,
  type ReportDefinition,
  type ReportMeasure,
  type ReportRow,
  type ReportSection,
} from '@footfall/domain';
import type { ReportNodeRow } from './reports.repository.js';

/**
 * Turns the aggregated query's answer into a report's sections and charts. Pure: every figure is a
 * value of the answer (a bucket, a per-node summary or the selection's summary) or a ratio of two
 * of them (variance, capacity use), so a report cannot disagree with a dashboard.
 */

/** A computed section: every row (paging and files read from it). */
export type FullSection = Omit<ReportSection, 'rows'> & { rows: ReportRow[] };

export interface ComputeInput {
  def: ReportDefinition;
  language: Language;
  nodes: readonly ReportNodeRow[];
  answer: readonly AggregatedSeries[];
}

const round2 = (v: number | null | undefined) =>
  v == null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100;

/** The entry of a measure in one mode. */
export function entryOf(answer: readonly AggregatedSeries[], m: ReportMeasure, mode: Mode) {
  return answer.find((e) => e.kpi === m.kpi && e.aggregateFunction === m.fn && e.mode === mode);
}

const byKey = (data: readonly DataPoint[]) => new Map(data.map((p) => [p.key, p.value]));

export function nodeLabel(n: ReportNodeRow): string {
  return n.location_name ? `${n.location_name} / ${n.name}` : n.name;
}

/** The columns of a measure: itself, then N-1, Y-1 and their variance, objective and achievement. */
function measureColumns(m: ReportMeasure, language: Language): ReportColumn[] {
  const label = reportText(language, m.label);
  const cols: ReportColumn[] = [{ key: m.id, label, kind: m.kind, kpi: m.kpi }];
  if (m.comparisons)
    cols.push(
      { key: `${m.id}_n1`, label: reportText(language, 'suffix_n1', { label }), kind: m.kind, kpi: m.kpi },
      { key: `${m.id}_n1Var`, label: reportText(language, 'suffix_n1Var', { label }), kind: 'percent' },
      { key: `${m.id}_y1`, label: reportText(language, 'suffix_y1', { label }), kind: m.kind, kpi: m.kpi },
      { key: `${m.id}_y1Var`, label: reportText(language, 'suffix_y1Var', { label }), kind: 'percent' },
    );
  if (m.objective)
    cols.push(
      {
        key: `${m.id}_obj`,
        label: reportText(language, 'suffix_objective', { label }),
        kind: m.kind,
        kpi: m.kpi,
      },
      { key: `${m.id}_ach`, label: reportText(language, 'suffix_achieved', { label }), kind: 'percent' },
    );
  return cols;
}

/** The column keys of a measure's figures, made once (a report writes them into every row). */
interface MeasureKeys {
  m: ReportMeasure;
  n1: string;
  n1Var: string;
  y1: string;
  y1Var: string;
  obj: string;
  ach: string;
}
const measureKeys = (m: ReportMeasure): MeasureKeys => ({
  m,
  n1: `${m.id}_n1`,
  n1Var: `${m.id}_n1Var`,
  y1: `${m.id}_y1`,
  y1Var: `${m.id}_y1Var`,
  obj: `${m.id}_obj`,
  ach: `${m.id}_ach`,
});

/** Writes a measure's figures into a row: current value, comparisons with variance, objective. */
function fill(
  row: ReportRow,
  measure: ReportMeasure | MeasureKeys,
  value: number | null,
  n1: number | null | undefined,
  y1: number | null | undefined,
  objective: number | null | undefined,
) {
  const k = 'm' in measure ? measure : measureKeys(measure);
  const m = k.m;
  row[m.id] = value;
  if (m.comparisons) {
    row[k.n1] = n1 ?? null;
    row[k.n1Var] = deltaPercent(value, n1 ?? null);
    row[k.y1] = y1 ?? null;
    row[k.y1Var] = deltaPercent(value, y1 ?? null);
  }
  if (m.objective) {
    row[k.obj] = round2(objective);
    row[k.ach] = value != null && objective ? round2((value / objective) * 100) : null;
  }
}

function nodeBucketColumns(def: ReportDefinition, language: Language): ReportColumn[] {
  return [
    { key: 'location', label: reportText(language, 'col_location'), kind: 'text' },
    { key: 'bucket', label: reportText(language, 'col_bucket'), kind: 'datetime' },
    ...def.measures.flatMap((m) => measureColumns(m, language)),
  ];
}

/** The totals row: the selection's summaries (the same with or without the breakdown by node). */
function nodeBucketTotals(def: ReportDefinition, language: Language, answer: readonly AggregatedSeries[]) {
  const totals: ReportRow = { location: reportText(language, 'total'), bucket: null };
  for (const m of def.measures)
    fill(
      totals,
      m,
      entryOf(answer, m, 'current_period')?.summary ?? null,
      m.comparisons ? entryOf(answer, m, 'compared_last_period')?.summary : undefined,
      m.comparisons ? entryOf(answer, m, 'compared_last_year')?.summary : undefined,
      undefined,
    );
  return totals;
}

/**
 * A node's values per bucket key: its data in the bucket order of `keys` (gap-filled answers list
 * every bucket in every mode, in the same order), else looked up by key.
 */
function valuesByBucket(
  data: readonly DataPoint[] | undefined,
  keys: readonly string[],
): (i: number) => number | null | undefined {
  if (!data) return () => undefined;
  if (data.length === keys.length && data.every((p, i) => p.key === keys[i])) return (i) => data[i]!.value;
  const map = byKey(data);
  return (i) => map.get(keys[i]!);
}

/** The rows of `nodes` (an answer broken down by node): one per node and bucket, in that order. */
function nodeBucketRows({ def, nodes, answer }: ComputeInput): ReportRow[] {
  const nodeData = (e: AggregatedSeries | undefined) =>
    new Map((e?.nodes ?? []).map((n) => [n.nodeId, n.data]));
  const perMeasure = def.measures.map((m) => ({
    keys: measureKeys(m),
    byNode: nodeData(entryOf(answer, m, 'current_period')),
    n1: nodeData(m.comparisons ? entryOf(answer, m, 'compared_last_period') : undefined),
    y1: nodeData(m.comparisons ? entryOf(answer, m, 'compared_last_year') : undefined),
  }));
  const first = def.measures[0] && entryOf(answer, def.measures[0], 'current_period');
  const rows: ReportRow[] = [];
  for (const node of nodes) {
    const keys = first?.nodes?.find((n) => n.nodeId === node.id)?.data.map((p) => p.key) ?? [];
    const label = nodeLabel(node);
    const values = perMeasure.map((pm) => ({
      keys: pm.keys,
      value: valuesByBucket(pm.byNode.get(node.id), keys),
      n1: valuesByBucket(pm.n1.get(node.id), keys),
      y1: valuesByBucket(pm.y1.get(node.id), keys),
    }));
    for (let i = 0; i < keys.length; i++) {
      const row: ReportRow = { location: label, bucket: keys[i]! };
      for (const v of values) fill(row, v.keys, v.value(i) ?? null, v.n1(i), v.y1(i), undefined);
      rows.push(row);
    }
  }
  return rows;
}

/** One row per location (or zone) and bucket: traffic, traffic and occupancy, dwell, queue, POI. */
function nodeBucketSection(input: ComputeInput): FullSection {
  const rows = nodeBucketRows(input);
  return {
    id: 'rows',
    title: reportText(input.language, 'section_rows'),
    columns: nodeBucketColumns(input.def, input.language),
    rowCount: rows.length,
    rows,
    totals: nodeBucketTotals(input.def, input.language, input.answer),
  };
}

/**
 * Whether a report's first page can be computed apart from the other pages: one section of a row
 * per node and bucket (the extra sections of some reports need every node).
 */
export const pagedFirstPage = (def: ReportDefinition) =>
  !def.comparative &&
  def.layout === 'nodeBucket' &&
  !def.extras.includes('occupancyPeak') &&
  !def.extras.includes('dwellDistribution');

/** The buckets of the selection's answer (every node's rows have these, gap-filled). */
export function bucketCount(def: ReportDefinition, selection: readonly AggregatedSeries[]): number {
  const m = def.measures[0];
  return (m && entryOf(selection, m, 'current_period')?.data.length) ?? 0;
}

/**
 * A row-per-node-and-bucket section assembled from parts: its rows from answers broken down over a
 * few nodes at a time (`parts`, in the nodes' order), its row count and totals from the selection's
 * answer without breakdown (`input.answer`, over `input.nodes`). `limit`: only the first rows (a page).
 */
export function pagedSection(
  input: ComputeInput,
  parts: readonly { nodes: readonly ReportNodeRow[]; answer: readonly AggregatedSeries[] }[],
  limit = Infinity,
): FullSection {
  const rows: ReportRow[] = [];
  for (const part of parts)
    for (const row of nodeBucketRows({ ...input, nodes: part.nodes, answer: part.answer })) {
      if (rows.length >= limit) break;
      rows.push(row);
    }
  return {
    id: 'rows',
    title: reportText(input.language, 'section_rows'),
    columns: nodeBucketColumns(input.def, input.language),
    rowCount: input.nodes.length * bucketCount(input.def, input.answer),
    rows,
    totals: nodeBucketTotals(input.def, input.language, input.answer),
  };
}

/** One row per location, one column per bucket of the first measure, then the location's total. */
function horizontalSection({ def, language, nodes, answer }: ComputeInput): FullSection {
  const m = def.measures[0]!;
  const cur = entryOf(answer, m, 'current_period');
  const keys = cur?.data.map((p) => p.key) ?? [];
  const columns: ReportColumn[] = [
    { key: 'location', label: reportText(language, 'col_location'), kind: 'text' },
    ...keys.map((k, i) => ({ key: `b${i}`, label: k, kind: m.kind, kpi: m.kpi })),
    { key: 'total', label: reportText(language, 'col_total'), kind: m.kind, kpi: m.kpi },
  ];
  const nodeFigures = new Map((cur?.nodes ?? []).map((n) => [n.nodeId, n]));
  const rows = nodes.map((node) => {
    const f = nodeFigures.get(node.id);
    const values = f ? byKey(f.data) : new Map<string, number | null>();
    const row: ReportRow = { location: nodeLabel(node) };
    keys.forEach((k, i) => (row[`b${i}`] = values.get(k) ?? null));
    row.total = f?.summary ?? null;
    return row;
  });
  const totals: ReportRow = { location: reportText(language, 'total') };
  cur?.data.forEach((p, i) => (totals[`b${i}`] = p.value));
  totals.total = cur?.summary ?? null;
  return {
    id: 'rows',
    title: reportText(language, 'section_rows'),
    columns,
    rowCount: rows.length,
    rows,
    totals,
  };
}

/** One row per location with the period's figures, N-1, objectives and the rank (executive). */
function nodeSection({ def, language, nodes, answer }: ComputeInput): FullSection {
  const rankCol = def.extras.includes('rank');
  const columns: ReportColumn[] = [
    ...(rankCol ? [{ key: 'rank', label: reportText(language, 'col_rank'), kind: 'integer' as const }] : []),
    { key: 'location', label: reportText(language, 'col_location'), kind: 'text' },
    ...def.measures.flatMap((m) => measureColumns(m, language)),
  ];
  const perMeasure = def.measures.map((m) => {
    const cur = entryOf(answer, m, 'current_period');
    const idx = (e: AggregatedSeries | undefined) => new Map((e?.nodes ?? []).map((n) => [n.nodeId, n]));
    return {
      m,
      cur,
      n1e: entryOf(answer, m, 'compared_last_period'),
      y1e: entryOf(answer, m, 'compared_last_year'),
      byNode: idx(cur),
      n1: idx(entryOf(answer, m, 'compared_last_period')),
      y1: idx(entryOf(answer, m, 'compared_last_year')),
    };
  });
  const rows = nodes.map((node) => {
    const row: ReportRow = { location: nodeLabel(node) };
    for (const pm of perMeasure) {
      const f = pm.byNode.get(node.id);
      fill(
        row,
        pm.m,
        f?.summary ?? null,
        pm.n1.get(node.id)?.summary,
        pm.y1.get(node.id)?.summary,
        f?.objective?.summary,
      );
    }
    return row;
  });
  if (rankCol) {
    const first = def.measures[0]!.id;
    const ranks = competitionRanks(
      rows.map((r) => (typeof r[first] === 'number' ? (r[first] as number) : null)),
      'desc',
    );
    rows.forEach((r, i) => (r.rank = ranks[i] ?? null));
    rows.sort((a, b) => ((a.rank as number | null) ?? Infinity) - ((b.rank as number | null) ?? Infinity));
  }
  const totals: ReportRow = { location: reportText(language, 'total'), ...(rankCol ? { rank: null } : {}) };
  for (const pm of perMeasure)
    fill(totals, pm.m, pm.cur?.summary ?? null, pm.n1e?.summary, pm.y1e?.summary, pm.cur?.objective?.summary);
  return {
    id: 'rows',
    title: reportText(language, 'section_rows'),
    columns,
    rowCount: rows.length,
    rows,
    totals,
  };
}

/** Per location: max and average occupancy and the peak's bucket; with capacity use when asked. */
function peaksSection({ def, language, nodes, answer }: ComputeInput): FullSection | null {
  const m = def.measures.find((x) => x.kpi === 'Occupancy' && x.fn === 'Max');
  if (!m) return null;
  const cur = entryOf(answer, m, 'current_period');
  const withCapacity = def.extras.includes('capacityUse');
  const columns: ReportColumn[] = [
    { key: 'location', label: reportText(language, 'col_location'), kind: 'text' },
    {
      key: 'occupancyMax',
      label: reportText(language, 'col_occupancyMax'),
      kind: 'integer',
      kpi: 'Occupancy',
    },
    { key: 'occupancyAvg', label: reportText(language, 'col_occupancyAvg'), kind: 'decimal' },
    { key: 'peakTime', label: reportText(language, 'col_peakTime'), kind: 'datetime' },
    ...(withCapacity
      ? [
          { key: 'capacity', label: reportText(language, 'col_capacity'), kind: 'integer' as const },
          {
            key: 'capacityUse',
            label: reportText(language, 'col_capacityUse'),
            kind: 'percent' as const,
            thresholds: { ...CAPACITY_THRESHOLDS },
          },
        ]
      : []),
  ];
  const figures = new Map((cur?.nodes ?? []).map((n) => [n.nodeId, n]));
  const rows = nodes.map((node) => {
    const f = figures.get(node.id);
    const values = (f?.data ?? []).filter((p): p is { key: string; value: number } => p.value != null);
    let peak: { key: string; value: number } | null = null;
    for (const p of values) if (!peak || p.value > peak.value) peak = p;
    const max = f?.summary ?? null;
    const row: ReportRow = {
      location: nodeLabel(node),
      occupancyMax: max,
      // the average of the buckets' maximum occupancy (the engine keeps no mean of occupancy readings)
      occupancyAvg: values.length ? round2(values.reduce((s, p) => s + p.value, 0) / values.length) : null,
      peakTime: peak && peak.value > 0 ? peak.key : null,
    };
    if (withCapacity) {
      row.capacity = node.capacity;
      row.capacityUse = max != null && node.capacity ? round2((max / node.capacity) * 100) : null;
    }
    return row;
  });
  return {
    id: 'peaks',
    title: reportText(language, 'section_peaks'),
    columns,
    rowCount: rows.length,
    rows,
    totals: null,
  };
}

/** Per location: the share of buckets whose average dwell falls in each band (DWELL_BANDS). */
function dwellDistributionSection({ def, language, nodes, answer }: ComputeInput): FullSection | null {
  const m = def.measures.find((x) => x.kpi === 'DwellTime' && x.fn === 'Avg');
  if (!m) return null;
  const cur = entryOf(answer, m, 'current_period');
  const minutes = (s: number) => `${s / 60} min`;
  const bands = [
    reportText(language, 'band_lt', { b: minutes(DWELL_BANDS[0]) }),
    ...DWELL_BANDS.slice(1).map((b, i) =>
      reportText(language, 'band_range', { a: minutes(DWELL_BANDS[i]!), b: minutes(b) }),
    ),
    reportText(language, 'band_ge', { a: minutes(DWELL_BANDS[DWELL_BANDS.length - 1]!) }),
  ];
  const columns: ReportColumn[] = [
    { key: 'location', label: reportText(language, 'col_location'), kind: 'text' },
    ...bands.map((label, i) => ({ key: `band${i}`, label, kind: 'percent' as const })),
  ];
  const figures = new Map((cur?.nodes ?? []).map((n) => [n.nodeId, n]));
  const rows = nodes.map((node) => {
    const values = (figures.get(node.id)?.data ?? []).flatMap((p) =>
      p.value != null && p.value > 0 ? [p.value] : [],
    );
    const counts = bands.map(() => 0);
    for (const v of values) {
      const i = DWELL_BANDS.findIndex((b) => v < b);
      counts[i === -1 ? bands.length - 1 : i]! += 1;
    }
    const row: ReportRow = { location: nodeLabel(node) };
    counts.forEach((c, i) => (row[`band${i}`] = values.length ? round2((c / values.length) * 100) : null));
    return row;
  });
  return {
    id: 'distribution',
    title: reportText(language, 'section_distribution'),
    columns,
    rowCount: rows.length,
    rows,
    totals: null,
  };
}

/** The sections of a non-comparative report. */
export function computeSections(input: ComputeInput): FullSection[] {
  const { def } = input;
  const main =
    def.layout === 'horizontal'
      ? horizontalSection(input)
      : def.layout === 'node'
        ? nodeSection(input)
        : nodeBucketSection(input);
  const extra = [
    def.extras.includes('occupancyPeak') ? peaksSection(input) : null,
    def.extras.includes('dwellDistribution') ? dwellDistributionSection(input) : null,
  ].filter((s): s is FullSection => s !== null);
  return [main, ...extra];
}

/** The charts of a non-comparative report, over the buckets of the whole selection. */
export function computeCharts({ def, language, answer }: ComputeInput): ReportChartData[] {
  return def.charts.map((c) => {
    const series = c.measures.flatMap((id) => {
      const m = def.measures.find((x) => x.id === id);
      const e = m && entryOf(answer, m, 'current_period');
      return m && e ? [{ m, e }] : [];
    });
    return {
      type: c.type,
      categories: series[0]?.e.data.map((p) => p.key) ?? [],
      series: series.map(({ m, e }) => ({
        name: reportText(language, m.label),
        kpi: m.kpi,
        data: e.data.map((p) => p.value),
      })),
    };
  });
}

/** Two answers side by side (A and B): one row per bucket position, or one row per measure. */
export function computeComparative(
  def: ReportDefinition,
  language: Language,
  a: readonly AggregatedSeries[],
  b: readonly AggregatedSeries[],
): { sections: FullSection[]; charts: ReportChartData[] } {
  const variance = (x: number | null, y: number | null) => (x == null || y == null ? null : round2(y - x));
  if (def.layout === 'comparativeKpi') {
    const columns: ReportColumn[] = [
      { key: 'kpi', label: reportText(language, 'col_kpi'), kind: 'text' },
      { key: 'a', label: reportText(language, 'col_a'), kind: 'decimal' },
      { key: 'b', label: reportText(language, 'col_b'), kind: 'decimal' },
      { key: 'variance', label: reportText(language, 'col_variance'), kind: 'decimal' },
      { key: 'variancePercent', label: reportText(language, 'col_variancePercent'), kind: 'percent' },
    ];
    const rows = def.measures.map((m) => {
      const va = round2(entryOf(a, m, 'current_period')?.summary);
      const vb = round2(entryOf(b, m, 'current_period')?.summary);
      return {
        kpi: reportText(language, m.label),
        a: va,
        b: vb,
        variance: variance(va, vb),
        variancePercent: deltaPercent(vb, va),
      } satisfies ReportRow;
    });
    return {
      sections: [
        {
          id: 'rows',
          title: reportText(language, 'section_comparison'),
          columns,
          rowCount: rows.length,
          rows,
          totals: null,
        },
      ],
      charts: [
        {
          type: 'bar',
          categories: rows.map((r) => r.kpi),
          series: [
            { name: reportText(language, 'col_a'), kpi: '', data: rows.map((r) => r.a) },
            { name: reportText(language, 'col_b'), kpi: '', data: rows.map((r) => r.b) },
          ],
        },
      ],
    };
  }
  const m = def.measures[0]!;
  const ea = entryOf(a, m, 'current_period');
  const eb = entryOf(b, m, 'current_period');
  const label = reportText(language, m.label);
  const columns: ReportColumn[] = [
    { key: 'bucketA', label: reportText(language, 'col_bucketA'), kind: 'datetime' },
    { key: 'a', label: `${label} A`, kind: m.kind, kpi: m.kpi },
    { key: 'bucketB', label: reportText(language, 'col_bucketB'), kind: 'datetime' },
    { key: 'b', label: `${label} B`, kind: m.kind, kpi: m.kpi },
    { key: 'variance', label: reportText(language, 'col_variance'), kind: m.kind, kpi: m.kpi },
    { key: 'variancePercent', label: reportText(language, 'col_variancePercent'), kind: 'percent' },
  ];
  const da = ea?.data ?? [];
  const db = eb?.data ?? [];
  const rows: ReportRow[] = [];
  for (let i = 0; i < Math.max(da.length, db.length); i++) {
    const va = da[i]?.value ?? null;
    const vb = db[i]?.value ?? null;
    rows.push({
      bucketA: da[i]?.key ?? null,
      a: va,
      bucketB: db[i]?.key ?? null,
      b: vb,
      variance: variance(va, vb),
      variancePercent: deltaPercent(vb, va),
    });
  }
  const sa = ea?.summary ?? null;
  const sb = eb?.summary ?? null;
  const totals: ReportRow = {
    bucketA: reportText(language, 'total'),
    a: sa,
    bucketB: null,
    b: sb,
    variance: variance(sa, sb),
    variancePercent: deltaPercent(sb, sa),
  };
  const categories = rows.map((_, i) => String(i + 1));
  return {
    sections: [
      {
        id: 'rows',
        title: reportText(language, 'section_comparison'),
        columns,
        rowCount: rows.length,
        rows,
        totals,
      },
    ],
    charts: [
      {
        type: 'line',
        categories,
        series: [
          { name: `${label} A`, kpi: m.kpi, data: rows.map((r) => r.a as number | null) },
          { name: `${label} B`, kpi: m.kpi, data: rows.map((r) => r.b as number | null) },
        ],
      },
    ],
  };
}
