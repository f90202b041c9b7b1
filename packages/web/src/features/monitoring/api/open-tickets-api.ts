import { queryOptions, useQuery } from '@tanstack/react-query';
import { TICKET_BADGE_POLL_MS, type OpenTicketCount } from '@footfall/domain';
import { api } from '../../../lib/api-client';

/**
 * GET /api/Monitoring/GetNbOpenTickets: the number of open tickets in the caller's scope, for the
 * toolbar badge. A failure counts as zero (spec section 8 "Ticket count failure").
 */
export async function fetchOpenTicketCount(signal?: AbortSignal): Promise<number> {
  try {
    const res = await api<OpenTicketCount>('/api/Monitoring/GetNbOpenTickets', { signal });
    const n = res?.count;
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

export const openTicketCountQuery = () =>
  queryOptions({
    queryKey: ['monitoring', 'open-ticket-count'] as const,
    queryFn: ({ signal }) => fetchOpenTicketCount(signal),
    staleTime: TICKET_BADGE_POLL_MS,
  });

/** The badge count, polled every 60 s (spec section 9) while `enabled`. */
export function useOpenTicketCount(enabled: boolean) {
  return useQuery({ ...openTicketCountQuery(), enabled, refetchInterval: TICKET_BADGE_POLL_MS });
}
