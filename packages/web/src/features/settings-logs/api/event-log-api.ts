import type { EventLogPage } from '@footfall/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';

/** The event log's filters as the page holds them (spec 7 "EventLog query"). */
export interface EventLogFilters {
  /** ISO instants, or null for no bound */
  from: string | null;
  to: string | null;
  commands: string[];
  search: string;
  sortBy: 'occurred_on' | 'requester';
  sortDesc: boolean;
  page: number;
  pageSize: number;
}

/** The query string of GET /api/EventLog (and, without page and pageSize, of its CSV export). */
export function eventLogSearch(f: EventLogFilters, paged = true): string {
  const q = new URLSearchParams();
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  if (f.commands.length > 0) q.set('commands', f.commands.join(','));
  if (f.search.trim()) q.set('search', f.search.trim());
  q.set('sortBy', f.sortBy);
  q.set('sortDesc', String(f.sortDesc));
  if (paged) {
    q.set('page', String(f.page));
    q.set('pageSize', String(f.pageSize));
  }
  return q.toString();
}

export const fetchEventLog = (f: EventLogFilters, signal?: AbortSignal) =>
  api<EventLogPage>(`/api/EventLog?${eventLogSearch(f)}`, { signal });

/** One page of the log; the previous page stays on screen while the next one loads. */
export const eventLogQuery = (f: EventLogFilters) =>
  queryOptions({
    queryKey: ['eventLog', f] as const,
    queryFn: ({ signal }) => fetchEventLog(f, signal),
    placeholderData: keepPreviousData,
  });

/** Downloads every entry matching the filters (all pages) as the server's CSV file. */
export async function downloadEventLogCsv(f: EventLogFilters): Promise<void> {
  const { blob, fileName } = await apiDownload(`/api/EventLog/csv?${eventLogSearch(f, false)}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? 'event-log.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
