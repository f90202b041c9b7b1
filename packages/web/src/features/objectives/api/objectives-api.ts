import type {
  ObjectiveDto,
  ObjectiveInputRaw,
  PerformanceResponse,
  SetObjectivesResult,
} from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

/** A year's objectives of one KPI in the caller's scope (GET /api/Objective). */
export const objectivesQuery = (kpi: string, year: number) =>
  queryOptions({
    queryKey: ['objectives', kpi, year] as const,
    queryFn: ({ signal }) =>
      api<ObjectiveDto[]>(
        `/api/Objective?kpi=${encodeURIComponent(kpi)}&from=${year}-01-01&to=${year}-12-31`,
        {
          signal,
        },
      ),
  });

/** POST /api/Objective/set; refreshes the objectives and performance queries. */
export function useSetObjectives() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: ObjectiveInputRaw[]) =>
      api<SetObjectivesResult>('/api/Objective/set', { body: { items } }),
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => ['objectives', 'performance'].includes(String(q.queryKey[0])),
      }),
  });
}

/** POST /api/Objective/file with the file read as base64. */
export function useImportObjectives() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (p: { kpi: string; year: number; file: File }) => {
      const bytes = new Uint8Array(await p.file.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      const format = p.file.name.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
      return api<SetObjectivesResult>('/api/Objective/file', {
        body: { kpi: p.kpi, year: p.year, format, content: btoa(binary) },
      });
    },
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => ['objectives', 'performance'].includes(String(q.queryKey[0])),
      }),
  });
}

/** Downloads the grid file of a year (CSV or XLSX). */
export async function downloadObjectives(kpi: string, year: number, format: 'csv' | 'xlsx'): Promise<void> {
  const { blob, fileName } = await apiDownload(
    `/api/Objective/file?kpi=${encodeURIComponent(kpi)}&year=${year}&format=${format}`,
  );
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? `objectives-${kpi}-${year}.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** GET /api/Performance for the nodes over [from, to). */
export const performanceQuery = (
  nodeIds: string[],
  kpi: string,
  from: string,
  to: string,
  tags: readonly string[] = [],
) =>
  queryOptions({
    queryKey: ['performance', nodeIds, kpi, from, to, tags] as const,
    queryFn: ({ signal }) => {
      const q = new URLSearchParams();
      for (const id of nodeIds) q.append('nodeIds', id);
      q.set('kpi', kpi);
      q.set('from', from);
      q.set('to', to);
      for (const tag of tags) q.append('tags', tag);
      return api<PerformanceResponse>(`/api/Performance?${q.toString()}`, { signal });
    },
    enabled: nodeIds.length > 0,
    refetchInterval: 5 * 60_000,
  });
