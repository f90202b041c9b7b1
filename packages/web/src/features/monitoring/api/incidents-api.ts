import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Incident,
  IncidentPage,
  IncidentRule,
  IncidentScopeType,
  IncidentSeverity,
  IncidentStatus,
  Ticket,
} from '@footfall/domain';
import { api } from '../../../lib/api-client';
import { queryString } from '../lib/query-string';
import { invalidateTickets } from './tickets-api';

/** the query of GET /api/Monitoring/Incidents (IncidentsQuery in the contract) as the screens send it */
export interface IncidentFilters {
  openOnly?: boolean;
  limit?: number;
  page?: number;
  scopeType?: IncidentScopeType;
  rule?: IncidentRule;
  severity?: IncidentSeverity;
  status?: IncidentStatus;
  clientGroupId?: string;
  nodeIds?: readonly string[];
  macAddresses?: readonly string[];
}

/** GET /api/Monitoring/Incidents with the filters of the incidents screen or a device's history. */
export const incidentsQuery = (filters: IncidentFilters, onFetch?: (delta: 1 | -1) => void) =>
  queryOptions({
    queryKey: ['monitoring', 'incidents', filters] as const,
    queryFn: async ({ signal }) => {
      onFetch?.(1);
      try {
        return await api<IncidentPage>(`/api/Monitoring/Incidents${queryString({ ...filters })}`, { signal });
      } finally {
        onFetch?.(-1);
      }
    },
  });

/** POST /api/Incident/{incidentId}/approve {comment?}: confirms it and opens a ticket. */
export function useApproveIncident() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, comment }: { incidentId: string; comment?: string }) =>
      api<Ticket>(`/api/Incident/${encodeURIComponent(incidentId)}/approve`, {
        body: comment ? { comment } : {},
      }),
    // not awaited: the answer opens the ticket at once, the lists refresh behind it
    onSuccess: () => void invalidateTickets(qc),
  });
}

/** POST /api/Incident/{incidentId}/discard {reason}: a false alarm. */
export function useDiscardIncident() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ incidentId, reason }: { incidentId: string; reason: string }) =>
      api<Incident>(`/api/Incident/${encodeURIComponent(incidentId)}/discard`, { body: { reason } }),
    // not awaited: the answer opens the ticket at once, the lists refresh behind it
    onSuccess: () => void invalidateTickets(qc),
  });
}
