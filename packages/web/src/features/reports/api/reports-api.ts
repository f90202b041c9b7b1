import type {
  DashboardDto,
  GetRowsRequestInput,
  GetRowsResponse,
  Language,
  ReportCatalogueResponse,
  ReportDocument,
  ReportFormat,
  ReportName,
  ReportParametersInput,
  ViewItemDto,
} from '@footfall/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

/** GET /api/Report: the reports the user may run, titled in the UI's language. */
export const reportCatalogueQuery = (language: Language) =>
  queryOptions({
    queryKey: ['reports', 'catalogue', language] as const,
    queryFn: ({ signal }) => api<ReportCatalogueResponse>(`/api/Report?language=${language}`, { signal }),
    staleTime: 5 * 60_000,
  });

/** POST /api/Report/{name}: the report's header, charts, totals and first page of each section. */
export const reportQuery = (name: ReportName, parameters: ReportParametersInput | null, pageSize: number) =>
  queryOptions({
    queryKey: ['reports', 'document', name, parameters, pageSize] as const,
    queryFn: ({ signal }) =>
      api<ReportDocument>(`/api/Report/${name}?pageSize=${pageSize}`, { body: parameters, signal }),
    enabled: parameters !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /api/AgGrid/get-rows: a page of a section, sorted on the server. */
export const reportRowsQuery = (request: GetRowsRequestInput | null) =>
  queryOptions({
    queryKey: ['reports', 'rows', request] as const,
    queryFn: ({ signal }) => api<GetRowsResponse>('/api/AgGrid/get-rows', { body: request, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** Downloads a report file (XLSX, CSV or PDF) made by the server from the same parameters. */
export async function downloadReport(
  name: ReportName,
  parameters: ReportParametersInput,
  format: ReportFormat,
  signal?: AbortSignal,
): Promise<void> {
  const { blob, fileName } = await apiDownload(`/api/Report/${name}/file?format=${format}`, {
    body: parameters,
    signal,
  });
  save(blob, fileName ?? `${name}.${format}`);
}

/** Downloads the table view (one section, sorted as shown) as a PDF (spec "AgGrid generate-pdf"). */
export async function downloadTablePdf(request: Omit<GetRowsRequestInput, 'startRow' | 'endRow'>) {
  const { blob, fileName } = await apiDownload('/api/AgGrid/generate-pdf', { body: request });
  save(blob, fileName ?? `${request.reportName}.pdf`);
}

/** A saved report configuration: a view of kind "report" (spec: saved through the dashboard save). */
export const savedReportQuery = (id: string) =>
  queryOptions({
    queryKey: ['reports', 'saved', id] as const,
    queryFn: ({ signal }) => api<DashboardDto>(`/api/Dashboard/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

/** Saves a report configuration under its custom title; the side pane's Views list it. */
export function useSaveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { name: string; json: string }) =>
      api<DashboardDto>('/api/Dashboard', {
        method: 'POST',
        body: { name: p.name, kind: 'report', json: p.json },
      }),
    // the dashboards feature's views list (its cache key starts with "dashboards")
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'dashboards' || q.queryKey[1] === 'saved-list',
      }),
  });
}

/** The user's saved report configurations (views of kind "report"). */
export const savedReportsQuery = () =>
  queryOptions({
    queryKey: ['reports', 'saved-list'] as const,
    queryFn: async ({ signal }) =>
      (await api<ViewItemDto[]>('/api/Dashboard', { signal })).filter((v) => v.kind === 'report'),
  });
