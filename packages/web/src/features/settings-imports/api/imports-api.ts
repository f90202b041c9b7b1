import type { ImportPreview, ImportRun, ImportTask, ImportTaskBody, UploadedFile } from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

const T = '/api/ExternalDataImportTask';

/** Every import task of the caller's client groups (GET /api/ExternalDataImportTask). */
export const importTasksQuery = () =>
  queryOptions({
    queryKey: ['import-tasks'] as const,
    queryFn: ({ signal }) => api<ImportTask[]>(T, { signal }),
  });

/** One task. */
export const importTaskQuery = (id: string) =>
  queryOptions({
    queryKey: ['import-tasks', id] as const,
    queryFn: ({ signal }) => api<ImportTask>(`${T}/${id}`, { signal }),
  });

/** A task's runs, latest first; polled every second while one is running. */
export const importRunsQuery = (taskId: string) =>
  queryOptions({
    queryKey: ['import-runs', taskId] as const,
    queryFn: ({ signal }) => api<ImportRun[]>(`${T}/${taskId}/runs`, { signal }),
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'running') ? 1000 : false),
  });

const invalidateTasks = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({
    predicate: (q) => ['import-tasks', 'import-runs'].includes(String(q.queryKey[0])),
  });

/** Creates (no id) or updates a task. */
export function useSaveImportTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string | null; body: ImportTaskBody }) =>
      p.id
        ? api<ImportTask>(`${T}/${p.id}`, { method: 'PUT', body: p.body })
        : api<ImportTask>(T, { body: p.body }),
    onSuccess: () => invalidateTasks(client),
  });
}

export function useDeleteImportTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ deleted: true }>(`${T}/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateTasks(client),
  });
}

/** Enables (null) or disables (now) a task. */
export function useSetImportTaskDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string; disabled: boolean }) =>
      api<ImportTask>(`${T}/${p.id}/disabled-on`, {
        method: 'PATCH',
        body: { disabledOn: p.disabled ? new Date().toISOString() : null },
      }),
    onSuccess: () => invalidateTasks(client),
  });
}

/** Uploads the file (POST /api/file-upload, raw body), then previews it with the task. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (p: { taskId: string; file: File }) => {
      const uploaded = await api<UploadedFile>(`/api/file-upload?name=${encodeURIComponent(p.file.name)}`, {
        raw: p.file,
      });
      const preview = await api<ImportPreview>(`${T}/${p.taskId}/preview`, {
        body: { fileId: uploaded.fileId },
      });
      return { file: uploaded, preview };
    },
  });
}

/** Starts the run of an uploaded file; the runs query then polls its progress. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { taskId: string; fileId: string }) =>
      api<ImportRun>(`${T}/${p.taskId}/run`, { body: { fileId: p.fileId } }),
    onSuccess: () => invalidateTasks(client),
  });
}

/** Pulls an HTTPS task's file now. */
export function usePullImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api<ImportRun>(`${T}/${taskId}/pull`, { method: 'POST' }),
    onSuccess: () => invalidateTasks(client),
  });
}

/** Downloads a run's error report (CSV). */
export async function downloadErrorReport(taskId: string, runId: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`${T}/${taskId}/runs/${runId}/errors`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? `import-errors-${runId}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
