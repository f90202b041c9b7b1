import type { RankingQueryInput, RankingResponse } from '@footfall/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/Ranking: the query string of one ranking (lists as comma lists, empty ones left out). */
export function rankingSearch(q: RankingQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  return params.toString();
}

export const fetchRanking = (q: RankingQueryInput, signal?: AbortSignal) =>
  api<RankingResponse>(`/api/Ranking?${rankingSearch(q)}`, { signal });

/** The ranking of a choice; the last answer stays on screen while the next one loads. */
export const rankingQuery = (q: RankingQueryInput | null) =>
  queryOptions({
    queryKey: ['ranking', q] as const,
    queryFn: ({ signal }) => fetchRanking(q!, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
