import type { SessionBody, SiteEvent, SiteEventSession } from '@footfall/domain';
import { api } from '../../../lib/api-client';

/** Showtimes API (spec "SiteEvent orgtreeevents"): one fetcher per call, keys for the cache. */
export const orgTreeEventsKey = (date: string | null) =>
  ['siteEvents', 'orgtreeevents', date ?? 'today'] as const;

export const fetchOrgTreeEvents = (date: string | null, signal?: AbortSignal) =>
  api<SiteEvent[]>(`/api/SiteEvent/orgtreeevents${date ? `?date=${encodeURIComponent(date)}` : ''}`, {
    signal,
  });

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
