import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { canApproveIncident, INCIDENT_HISTORY_PAGE_SIZE, type Incident, type Ticket } from '@footfall/domain';
import { usePageTitle } from '../../../components/page-title';
import { useUser } from '../../../lib/session/current-user';
import { useLang } from '../../../lib/use-lang';
import { incidentsQuery } from '../api/incidents-api';
import { openTicketsQuery, ticketHistoryQuery } from '../api/tickets-api';
import { ageText, dateTimeText } from '../lib/format';
import { useMonitoringSelection } from '../state/monitoring-selection';
import { DetailDrawer } from './detail-drawer';
import { Pager } from './pager';
import { IncidentActions } from './incident-actions';
import { IncidentSummary } from './incident-summary';
import { RULE_LABEL, SeverityChip, TicketStatusChip, IncidentStatusChip } from './monitoring-chips';
import { ResponsiveList, type Column } from './responsive-list';
import { TicketDetailView } from './ticket-detail';

type TabKey = 'open' | 'review' | 'history';

/**
 * /monitoring/tickets (everyone): open tickets, the open incidents waiting for review (for those who may
 * approve them) and the history of closed tickets, limited to the side bar's tree selection. A row opens
 * the drawer (`?ticket=T-000123` or `?incident=<id>`, so a ticket can be linked).
 */
export function TicketsPage() {
  const { t } = useTranslation();
  const user = useUser();
  usePageTitle(t('monitoring_tickets_title'));
  const { nodeIds } = useMonitoringSelection();
  const reviewer = canApproveIncident(user);
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as TabKey | null) ?? 'open';
  const ticketNumber = params.get('ticket');
  const incidentId = params.get('incident');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [nodeIds]);

  const open = useQuery(openTicketsQuery(nodeIds));
  const review = useQuery({
    ...incidentsQuery({ openOnly: true, status: 'open', nodeIds, limit: 100 }),
    enabled: reviewer,
  });
  const toReview = (review.data?.items ?? []).filter((i) => !i.review && !i.ticketNumber);
  const history = useQuery({ ...ticketHistoryQuery(nodeIds, page), enabled: tab === 'history' });

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v === null) next.delete(k);
      else next.set(k, v);
    setParams(next, { replace: true });
  };
  const reviewed = review.data ? toReview.find((i) => i.id === incidentId) : undefined;
  const loading = open.isFetching || review.isFetching || history.isFetching;

  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1400, mx: 'auto' }} data-testid="monitoring-tickets">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('monitoring_tickets_title')}
      </Typography>
      {nodeIds.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="tickets-filtered">
          {t('monitoring_filtered_by_tree', { count: nodeIds.length })}
        </Typography>
      )}
      <Tabs
        value={tab}
        onChange={(_e, v: TabKey) => set({ tab: v === 'open' ? null : v })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tab
          value="open"
          label={t('monitoring_tab_open', { count: open.data?.length ?? 0 })}
          data-testid="tab-open"
        />
        {reviewer && (
          <Tab
            value="review"
            label={t('monitoring_tab_review', { count: toReview.length })}
            data-testid="tab-review"
          />
        )}
        <Tab value="history" label={t('monitoring_tab_history')} data-testid="tab-history" />
      </Tabs>
      <Box sx={{ height: 4, mb: 1 }}>{loading && <LinearProgress aria-label={t('loading')} />}</Box>
      {(open.isError || history.isError) && <Alert severity="error">{t('request_failed')}</Alert>}

      {tab === 'open' && (
        <TicketList
          tickets={open.data}
          empty={t('monitoring_no_open_tickets')}
          onOpen={(n) => set({ ticket: n, incident: null })}
        />
      )}
      {tab === 'review' && reviewer && (
        <IncidentList
          incidents={review.data ? toReview : undefined}
          empty={t('monitoring_nothing_to_review')}
          onOpen={(id) => set({ incident: id, ticket: null })}
        />
      )}
      {tab === 'history' && (
        <>
          <TicketList
            tickets={history.data?.items}
            empty={t('monitoring_no_closed_tickets')}
            onOpen={(n) => set({ ticket: n, incident: null })}
          />
          <Pager
            page={page}
            fullCount={history.data?.fullCount ?? 0}
            pageSize={INCIDENT_HISTORY_PAGE_SIZE}
            onPage={setPage}
          />
        </>
      )}

      <DetailDrawer
        open={ticketNumber !== null}
        onClose={() => set({ ticket: null })}
        title={t('monitoring_ticket_title', { ticket: ticketNumber ?? '' })}
      >
        {ticketNumber && <TicketDetailView ticketNumber={ticketNumber} />}
      </DetailDrawer>
      <DetailDrawer
        open={incidentId !== null && !!reviewed}
        onClose={() => set({ incident: null })}
        title={t('monitoring_incident')}
      >
        {reviewed && (
          <>
            <IncidentSummary incident={reviewed} />
            <IncidentActions
              incident={reviewed}
              onApproved={(tk) => set({ incident: null, ticket: tk.ticketNumber, tab: null })}
              onDiscarded={() => set({ incident: null })}
            />
          </>
        )}
      </DetailDrawer>
    </Box>
  );
}

function TicketList(props: {
  tickets: Ticket[] | undefined;
  empty: string;
  onOpen(ticketNumber: string): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const now = Date.now();
  const columns: Column<Ticket>[] = [
    {
      key: 'number',
      header: t('monitoring_ticket'),
      cell: (tk) => (
        <Typography variant="body2" sx={{ fontWeight: 650 }}>
          {tk.ticketNumber}
        </Typography>
      ),
      primary: true,
    },
    { key: 'status', header: t('monitoring_status'), cell: (tk) => <TicketStatusChip status={tk.status} /> },
    {
      key: 'rule',
      header: t('monitoring_rule'),
      cell: (tk) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <SeverityChip severity={tk.incident.severity} />
          {t(RULE_LABEL[tk.incident.rule])}
        </Box>
      ),
    },
    { key: 'device', header: t('monitoring_device'), cell: (tk) => tk.incident.deviceName ?? '—' },
    { key: 'location', header: t('monitoring_location'), cell: (tk) => tk.incident.locationName ?? '—' },
    {
      key: 'age',
      header: t('monitoring_age'),
      cell: (tk) =>
        tk.status === 'open' ? (
          <span title={dateTimeText(tk.openedAt, lang)}>{ageText(tk.openedAt, now, lang)}</span>
        ) : (
          dateTimeText(tk.closedAt, lang)
        ),
    },
    { key: 'comments', header: t('monitoring_comments'), cell: (tk) => tk.commentCount, align: 'right' },
  ];
  return (
    <ResponsiveList
      rows={props.tickets}
      rowKey={(tk) => tk.ticketNumber}
      columns={columns}
      empty={props.empty}
      onOpen={(tk) => props.onOpen(tk.ticketNumber)}
      testId="ticket-row"
    />
  );
}

export function IncidentList(props: {
  incidents: Incident[] | undefined;
  empty: string;
  onOpen(incidentId: string): void;
  selectedId?: string | null;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const columns: Column<Incident>[] = [
    {
      key: 'rule',
      header: t('monitoring_rule'),
      cell: (i) => (
        <Typography variant="body2" sx={{ fontWeight: 650 }}>
          {t(RULE_LABEL[i.rule])}
        </Typography>
      ),
      primary: true,
    },
    {
      key: 'severity',
      header: t('monitoring_severity'),
      cell: (i) => <SeverityChip severity={i.severity} />,
    },
    { key: 'status', header: t('monitoring_status'), cell: (i) => <IncidentStatusChip status={i.status} /> },
    {
      key: 'where',
      header: t('monitoring_device_or_location'),
      cell: (i) =>
        i.deviceName ? `${i.deviceName}${i.locationName ? ` · ${i.locationName}` : ''}` : i.nodeName,
    },
    { key: 'group', header: t('monitoring_client_group'), cell: (i) => i.clientGroupName ?? '—' },
    { key: 'first', header: t('monitoring_first_seen'), cell: (i) => dateTimeText(i.firstSeenAt, lang) },
    { key: 'ticket', header: t('monitoring_ticket'), cell: (i) => i.ticketNumber ?? '—' },
  ];
  return (
    <ResponsiveList
      rows={props.incidents}
      rowKey={(i) => i.id}
      columns={columns}
      empty={props.empty}
      onOpen={(i) => props.onOpen(i.id)}
      selectedKey={props.selectedId ?? null}
      testId="incident-row"
    />
  );
}
