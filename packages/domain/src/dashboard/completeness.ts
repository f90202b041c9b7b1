import type { AggregatedSeries } from '../contracts/query.js';
import type { NodeCompleteness } from '../contracts/monitoring.js';

/**
 * A node counts as incomplete when under this share of its expected (business) minutes has data: a
 * minute or two still on its way from a live sensor does not mark today's figures.
 */
export const COMPLETE_FROM = 0.99;

export interface CompletenessSummary {
  /** requested nodes whose devices were expected to count (nothing expected: not counted) */
  total: number;
  /** those under COMPLETE_FROM, least complete first */
  incomplete: NodeCompleteness[];
}

/**
 * The "data incomplete for N of M locations" figures of a widget (the web's mark and the snapshot
 * PDF's note), from the completeness the
 * aggregated query adds with `includeCompleteness` (the same for every entry of one answer); null when
 * the answer carries none or every node is complete.
 */
export function completenessSummary(series: readonly AggregatedSeries[] | null): CompletenessSummary | null {
  const nodes = series?.find((s) => s.completeness)?.completeness;
  if (!nodes) return null;
  const expected = nodes.filter((n) => n.ratio !== null);
  const incomplete = expected.filter((n) => n.ratio! < COMPLETE_FROM).sort((a, b) => a.ratio! - b.ratio!);
  return incomplete.length ? { total: expected.length, incomplete } : null;
}
