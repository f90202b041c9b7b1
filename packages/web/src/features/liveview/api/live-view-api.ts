import type { LiveViewAdjustmentBody, LiveViewInfo } from '@footfall/domain';
import { api } from '../../../lib/api-client';

/**
 * Where a screen's live view comes from: a signed-in user's live view by id (or the first one in
 * scope when the route has no id), or a public share link's token.
 */
export type LiveViewSource = { kind: 'user'; id: string | null } | { kind: 'public'; token: string };

export const liveViewKey = (source: LiveViewSource) =>
  ['liveview', source.kind, source.kind === 'user' ? (source.id ?? 'first') : source.token] as const;

export function fetchLiveView(source: LiveViewSource, signal?: AbortSignal): Promise<LiveViewInfo> {
  if (source.kind === 'public') {
    return api<LiveViewInfo>(`/api/LiveView/public/${encodeURIComponent(source.token)}`, {
      signal,
      anonymous: true,
    });
  }
  const path = source.id ? `/api/LiveView/${encodeURIComponent(source.id)}` : '/api/LiveView/first';
  return api<LiveViewInfo>(path, { signal });
}

export const adjustOccupancy = (id: string, body: LiveViewAdjustmentBody) =>
  api<{ occupancyValue: number }>(`/api/LiveView/${encodeURIComponent(id)}/adjustment`, {
    method: 'POST',
    body,
  });
