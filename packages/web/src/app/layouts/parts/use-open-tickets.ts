import { useQuery } from '@tanstack/react-query';
import { TICKET_BADGE_POLL_MS } from '@footfall/domain';
import { api } from '../../../lib/api-client';

/**
 * Number of open monitoring tickets for the toolbar badge (GetNbOpenTickets, polled every 60 s).
 * A failure sets the badge to zero (spec section 8).
 */
export async function fetchOpenTicketCount(signal?: AbortSignal): Promise<number> {
  try {
    const res = await api<number | { count?: number } | null>('/api/Monitoring/GetNbOpenTickets', { signal });
    const n = typeof res === 'number' ? res : (res?.count ?? 0);
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

export function useOpenTicketCount(enabled: boolean) {
  return useQuery({
    queryKey: ['monitoring', 'open-ticket-count'],
    queryFn: ({ signal }) => fetchOpenTicketCount(signal),
    enabled,
    refetchInterval: TICKET_BADGE_POLL_MS,
    staleTime: TICKET_BADGE_POLL_MS,
  });
}
