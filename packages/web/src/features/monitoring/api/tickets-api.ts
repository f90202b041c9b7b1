import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  INCIDENT_HISTORY_PAGE_SIZE,
  type Ticket,
  type TicketComment,
  type TicketDetail,
  type TicketPage,
} from '@footfall/domain';
import { api } from '../../../lib/api-client';
import { queryString } from '../lib/query-string';

/** GET /api/Monitoring/OpenTickets, limited to the tree selection (empty: the whole scope). */
export const openTicketsQuery = (nodeIds: readonly string[]) =>
  queryOptions({
    queryKey: ['monitoring', 'tickets', 'open', nodeIds] as const,
    queryFn: ({ signal }) =>
      api<Ticket[]>(`/api/Monitoring/OpenTickets${queryString({ nodeIds })}`, { signal }),
  });

/** GET /api/Monitoring/HistoryTicket: closed tickets, 10 a page, newest closed first. */
export const ticketHistoryQuery = (nodeIds: readonly string[], page: number) =>
  queryOptions({
    queryKey: ['monitoring', 'tickets', 'history', nodeIds, page] as const,
    queryFn: ({ signal }) =>
      api<TicketPage>(
        `/api/Monitoring/HistoryTicket${queryString({ nodeIds, page, pageSize: INCIDENT_HISTORY_PAGE_SIZE })}`,
        { signal },
      ),
  });

/** GET /api/Monitoring/Tickets/{ticketNumber}: the ticket with its comments and timeline. */
export const ticketQuery = (ticketNumber: string | null) =>
  queryOptions({
    queryKey: ['monitoring', 'tickets', 'detail', ticketNumber] as const,
    queryFn: ({ signal }) =>
      api<TicketDetail>(`/api/Monitoring/Tickets/${encodeURIComponent(ticketNumber!)}`, { signal }),
    enabled: ticketNumber !== null,
    retry: false,
  });

/** every ticket list, detail and the badge count: what a ticket change may alter */
const invalidateTickets = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: ['monitoring', 'tickets'] }),
    qc.invalidateQueries({ queryKey: ['monitoring', 'incidents'] }),
    qc.invalidateQueries({ queryKey: ['monitoring', 'open-ticket-count'] }),
    qc.invalidateQueries({ queryKey: ['monitoring', 'devices'] }),
  ]);

/** POST /api/Incident/ticket/{ticketNumber}/close {note} */
export function useCloseTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketNumber, note }: { ticketNumber: string; note: string }) =>
      api<Ticket>(`/api/Incident/ticket/${encodeURIComponent(ticketNumber)}/close`, { body: { note } }),
    onSuccess: () => invalidateTickets(qc),
  });
}

/** POST /api/Incident/ticket/{ticketNumber}/comments {text} */
export function useAddComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketNumber, text }: { ticketNumber: string; text: string }) =>
      api<TicketComment>(`/api/Incident/ticket/${encodeURIComponent(ticketNumber)}/comments`, {
        body: { text },
      }),
    onSuccess: (_c, { ticketNumber }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ticketQuery(ticketNumber).queryKey }),
        qc.invalidateQueries({ queryKey: ['monitoring', 'tickets', 'open'] }),
      ]),
  });
}

export { invalidateTickets };
