import type { SessionBody, SiteEvent, SiteEventSession } from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** Showtimes API (spec "SiteEvent orgtreeevents"): one fetcher per call, its query options, the mutation hooks. */
export const fetchOrgTreeEvents = (dayOffset: number, signal?: AbortSignal) =>
  api<SiteEvent[]>(`/api/SiteEvent/orgtreeevents?dayOffset=${dayOffset}`, { signal });

/**
 * The events with their sessions of the day `dayOffset` days from today, where today is each
 * event's own local day (venues in several time zones each list their own date); states follow the
 * clock, so read every minute.
 */
export const orgTreeEventsQuery = (dayOffset: number) =>
  queryOptions({
    queryKey: ['siteEvents', 'orgtreeevents', dayOffset] as const,
    queryFn: ({ signal }) => fetchOrgTreeEvents(dayOffset, signal),
    refetchInterval: 60_000,
  });

/** Every day's list is read again after a change (a session may cross midnight into the next day). */
const refetchEveryDay = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: orgTreeEventsQuery(0).queryKey.slice(0, -1) });

export const importSessions = (eventId: string, csv: string) =>
  api<{ created: number }>(`/api/SiteEvent/${encodeURIComponent(eventId)}/sessions/import`, {
    method: 'POST',
    body: { csv },
  });

export const saveSession = (eventId: string, sessionId: string, body: SessionBody) =>
  api<SiteEventSession>(
    `/api/SiteEvent/${encodeURIComponent(eventId)}/sessions/${encodeURIComponent(sessionId)}`,
    { method: 'PUT', body },
  );

/** The session as a body again, to change one field (cancelled) without touching the others. */
export const sessionBody = (s: SiteEventSession, patch: Partial<SessionBody> = {}): SessionBody => ({
  title: s.title,
  start: s.localStart,
  durationMinutes: s.duration,
  occupancySold: s.occupancySold,
  occupancyMax: s.occupancyMax,
  isCancelled: s.isCancelled,
  alertsRaw: s.alertsRaw,
  nodeId: s.organizationalTreeID,
  ...patch,
});

/** Imports sessions of event `eventId` from CSV text; the lists are read again. */
export function useImportSessions(
  eventId: string,
  { onSuccess, ...config }: MutationConfig<(csv: string) => ReturnType<typeof importSessions>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (csv: string) => importSessions(eventId, csv),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await refetchEveryDay(queryClient);
    },
  });
}

/** Saves a session of event `eventId` (cancel or restore it); the lists are read again. */
export function useSaveSession(
  eventId: string,
  {
    onSuccess,
    ...config
  }: MutationConfig<(args: { sessionId: string; body: SessionBody }) => ReturnType<typeof saveSession>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ({ sessionId, body }) => saveSession(eventId, sessionId, body),
    onSuccess: async (...args) => {
      await onSuccess?.(...args);
      await refetchEveryDay(queryClient);
    },
  });
}
