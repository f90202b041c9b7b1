import type { SessionBody, SiteEvent, SiteEventBody, SiteEventSession } from '@footfall/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The events of the admin's scope with the sessions of one local date (the settings screen). */
export const eventsOfDateQuery = (date: string) =>
  queryOptions({
    queryKey: ['siteEvents', 'orgtreeevents', `date:${date}`] as const,
    queryFn: ({ signal }) =>
      api<SiteEvent[]>(`/api/SiteEvent/orgtreeevents?date=${encodeURIComponent(date)}`, { signal }),
  });

/** Every list of events is read again after a change (the showtimes page's too). */
const refetchAll = (qc: ReturnType<typeof useQueryClient>) =>
  qc.invalidateQueries({ queryKey: ['siteEvents'] });

export function useSaveEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SiteEventBody }) =>
      id
        ? api<SiteEvent>(`/api/SiteEvent/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : api<SiteEvent>('/api/SiteEvent', { method: 'POST', body }),
    onSuccess: () => refetchAll(qc),
  });
}

export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/SiteEvent/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refetchAll(qc),
  });
}

export function useSaveEventSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      eventId,
      sessionId,
      body,
    }: {
      eventId: string;
      sessionId: string | null;
      body: SessionBody;
    }) =>
      sessionId
        ? api<SiteEventSession>(
            `/api/SiteEvent/${encodeURIComponent(eventId)}/sessions/${encodeURIComponent(sessionId)}`,
            { method: 'PUT', body },
          )
        : api<SiteEventSession>(`/api/SiteEvent/${encodeURIComponent(eventId)}/sessions`, {
            method: 'POST',
            body,
          }),
    onSuccess: () => refetchAll(qc),
  });
}
