import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  INCIDENT_RULES,
  INCIDENT_SEVERITIES,
  type IncidentRule,
  type IncidentScopeType,
  type IncidentSeverity,
} from '@footfall/domain';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../components/page-title';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { useLang } from '../../../lib/use-lang';
import { incidentsQuery, type IncidentFilters } from '../api/incidents-api';
import { incidentFilters, useIncidentFilters } from '../state/incident-filters';
import { useLoadingCounter } from '../state/incident-loading';
import { monitoringSelection, useMonitoringSelection } from '../state/monitoring-selection';
import { DetailDrawer } from './detail-drawer';
import { Pager } from './pager';
import { IncidentActions } from './incident-actions';
import { IncidentSummary } from './incident-summary';
import { RULE_LABEL } from './monitoring-chips';
import { IncidentList } from './tickets-page';
import { TicketDetailView } from './ticket-detail';

const PAGE_SIZE = 25;
const SEVERITY_LABEL: Record<IncidentSeverity, string> = {
  error: 'monitoring_severity_error',
  warning: 'monitoring_severity_warning',
};

/**
 * /monitoring/incidents and /monitoring/incidents/{ticketNumber} (superAdmin): every incident in scope
 * with filters (open only, scope type, rule, severity, client group) and the side bar's tree selection.
 * The selected incident opens in the drawer (an approved one under its ticket's URL); a new tree
 * selection clears it (spec 4 "Configurations"). Each fetch moves the loading counter up and down.
 */
export function IncidentsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  usePageTitle(t('monitoring_incidents_title'));
  const { ticketNumber = null } = useParams();
  const { nodeIds } = useMonitoringSelection();
  const { openOnly, scopeType, rule, severity, clientGroupId, page } = useIncidentFilters();
  const setPage = (p: number) => incidentFilters.set({ page: p });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const loading = useLoadingCounter();

  const tree = useQuery(treeQuery());
  const clientGroups = useMemo(
    () => flattenTree(tree.data ?? []).filter((n) => n.kind === 'group' && n.depth === 0),
    [tree.data],
  );
  const filters: IncidentFilters = {
    openOnly,
    scopeType: scopeType === '' ? undefined : scopeType,
    rule: rule || undefined,
    severity: severity || undefined,
    clientGroupId: clientGroupId || undefined,
    nodeIds,
    limit: PAGE_SIZE,
    page,
  };
  const query = useQuery({ ...incidentsQuery(filters, loading.delta), placeholderData: keepPreviousData });
  const items = query.data?.items;

  // a new tree selection clears the selected incident (spec 4 "Configurations") and starts at page 1
  const firstSelection = useRef(nodeIds);
  useEffect(() => {
    if (firstSelection.current === nodeIds) return;
    firstSelection.current = nodeIds;
    incidentFilters.set({});
    setSelectedId(null);
    if (ticketNumber) navigate(paths.monitoringIncidents(lang), { replace: true });
  }, [nodeIds]);

  const selected = items?.find((i) => i.id === selectedId) ?? null;
  const close = () => {
    setSelectedId(null);
    if (ticketNumber) navigate(paths.monitoringIncidents(lang));
  };
  const select = (id: string) => {
    const incident = items?.find((i) => i.id === id);
    if (incident?.ticketNumber) {
      setSelectedId(null);
      navigate(paths.monitoringIncident(lang, incident.ticketNumber));
    } else {
      setSelectedId(id);
      if (ticketNumber) navigate(paths.monitoringIncidents(lang));
    }
  };

  return (
    <Box
      sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1400, mx: 'auto' }}
      data-testid="monitoring-incidents"
      data-loading-count={loading.count}
    >
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('monitoring_incidents_title')}
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}
        data-testid="incident-filters"
      >
        <FormControlLabel
          control={
            <Switch
              checked={openOnly}
              onChange={(_e, v) => incidentFilters.set({ openOnly: v })}
              data-testid="filter-open-only"
            />
          }
          label={t('monitoring_open_only')}
        />
        <Filter
          label={t('monitoring_scope')}
          value={scopeType === '' ? '' : String(scopeType)}
          onChange={(v) =>
            incidentFilters.set({ scopeType: v === '' ? '' : (Number(v) as IncidentScopeType) })
          }
          testId="filter-scope"
        >
          <MenuItem value="0">{t('monitoring_scope_device')}</MenuItem>
          <MenuItem value="1">{t('monitoring_scope_location')}</MenuItem>
        </Filter>
        <Filter
          label={t('monitoring_rule')}
          value={rule}
          onChange={(v) => incidentFilters.set({ rule: v as IncidentRule | '' })}
          testId="filter-rule"
        >
          {INCIDENT_RULES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(RULE_LABEL[r])}
            </MenuItem>
          ))}
        </Filter>
        <Filter
          label={t('monitoring_severity')}
          value={severity}
          onChange={(v) => incidentFilters.set({ severity: v as IncidentSeverity | '' })}
          testId="filter-severity"
        >
          {INCIDENT_SEVERITIES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(SEVERITY_LABEL[s])}
            </MenuItem>
          ))}
        </Filter>
        <Filter
          label={t('monitoring_client_group')}
          value={clientGroupId}
          onChange={(v) => incidentFilters.set({ clientGroupId: v })}
          testId="filter-client-group"
        >
          {clientGroups.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </Filter>
      </Stack>
      {nodeIds.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid="incidents-filtered">
            {t('monitoring_filtered_by_tree', { count: nodeIds.length })}
          </Typography>
          <Button size="small" onClick={() => monitoringSelection.setNodeIds([])}>
            {t('monitoring_clear_tree_filter')}
          </Button>
        </Stack>
      )}
      <Box sx={{ height: 4, mb: 1 }}>{loading.count > 0 && <LinearProgress aria-label={t('loading')} />}</Box>
      {query.isError && <Alert severity="error">{t('request_failed')}</Alert>}
      {query.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="incidents-count">
          {t('monitoring_incidents_count', { count: query.data.fullCount })}
        </Typography>
      )}
      <IncidentList
        incidents={items}
        empty={t('monitoring_no_incidents')}
        onOpen={select}
        selectedId={selectedId}
      />
      <Pager page={page} fullCount={query.data?.fullCount ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
      <DetailDrawer
        open={ticketNumber !== null}
        onClose={close}
        title={t('monitoring_ticket_title', { ticket: ticketNumber ?? '' })}
      >
        {ticketNumber && <TicketDetailView ticketNumber={ticketNumber} />}
      </DetailDrawer>
      <DetailDrawer open={selected !== null} onClose={close} title={t('monitoring_incident')}>
        {selected && (
          <>
            <IncidentSummary incident={selected} />
            <IncidentActions
              incident={selected}
              onApproved={(tk) => navigate(paths.monitoringIncident(lang, tk.ticketNumber))}
              onDiscarded={() => setSelectedId(null)}
            />
          </>
        )}
      </DetailDrawer>
    </Box>
  );
}

function Filter(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  testId: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: 170 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={props.testId}
    >
      <MenuItem value="">{t('monitoring_all')}</MenuItem>
      {props.children}
    </TextField>
  );
}
