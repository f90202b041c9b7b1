import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import MoreVert from '@mui/icons-material/MoreVert';
import Refresh from '@mui/icons-material/Refresh';
import Save from '@mui/icons-material/Save';
import LinkIcon from '@mui/icons-material/Link';
import {
  emptyStoredDashboardJson,
  isDashboardOnly,
  readStoredDashboardJson,
  refreshIntervalMs,
  resolveSelected,
  WIDGET_TYPES,
  type Widget,
  type WidgetTypeName,
} from '@footfall/domain';
import { useNotify } from '../../../components/notifications';
// the snapshot dialog loads only when it is opened
const SnapshotDialog = lazy(() => import('./snapshot-dialog'));
// editing (and the schema it validates with) loads when an edit starts, not with the dashboard
const WidgetConfigDialog = lazy(() =>
  import('./widget-config-dialog').then((m) => ({ default: m.WidgetConfigDialog })),
);
const loadEditing = () => import('../lib/dashboard-editing');
/* the grid (react-grid-layout) is the desktop's: a phone never loads it (vite.config.ts, early boot) */
const WidgetGrid = lazy(() => import('./widget-grid').then((m) => ({ default: m.WidgetGrid })));
import { usePageTitle } from '../../../components/page-title';
import { useUser } from '../../../lib/session/current-user';
import {
  dashboardQuery,
  templatesQuery,
  useSaveDashboard,
  useSetDefaultDashboard,
} from '../api/dashboards-api';
import { flattenTree, treeQuery, type FlatNode } from '../../../lib/tree-api';
import { nowLocal } from '../lib/series-request';
import { dashboardStore, useDashboardState } from '../state/dashboard-store';
import { HelpTip } from './help-tip';
import { PeriodSelector, type PeriodChoice } from '../../../components/period/period-selector';
import { useDashboardActions } from './dashboard-actions/dashboard-actions';
import { DashboardLoadError } from './dashboard-load-error';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { MobileDashboard } from './mobile/mobile-dashboard';

/** Locations covered by the selection (selected locations, and those under selected groups). */
function locationsOf(nodes: readonly FlatNode[], selection: readonly string[]): string[] {
  const chosen = new Set(selection);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const covered = (n: FlatNode): boolean => {
    for (let c: FlatNode | undefined = n; c; c = c.parentId ? byId.get(c.parentId) : undefined)
      if (chosen.has(c.id)) return true;
    return false;
  };
  return nodes.filter((n) => n.kind === 'location' && covered(n)).map((n) => n.id);
}

const newId = () => crypto.randomUUID();

/** /dashboard/{id}: the period, the widget grid with its edit mode, save, defaults and templates. */
export function DashboardPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const user = useUser();
  const notify = useNotify();
  const desktop = useIsDesktop();
  const readOnlyUser = isDashboardOnly(user);
  const dash = useQuery(dashboardQuery(id));
  const tree = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const nodeMap = useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  // deferred: the grid and its widgets render in slices React can interrupt, not in one long task when
  // the dashboard opens (and a layout edit re-renders them just after the drag, not during it)
  const json = useDeferredValue(useDashboardState((s) => (s.id === id ? s.json : null)));
  const name = useDashboardState((s) => s.name);
  const editMode = useDashboardState((s) => s.editMode);
  const dirty = useDashboardState((s) => s.dirty);
  const tick = useDashboardState((s) => s.refreshTick);
  const linkedTemplate = useDashboardState((s) => s.linkedTemplateName);
  const link = useDashboardState((s) => s.link);
  const [configuring, setConfiguring] = useState<string | null>(null);
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [snapshotOpen, setSnapshotOpen] = useState(false);
  const templates = useQuery({ ...templatesQuery(), enabled: menuAnchor !== null });
  usePageTitle(name || t('nav_dashboard'));
  // the server draws a snapshot from the saved dashboard: without saved locations it has no figures
  const storedSelection = useMemo(
    () => (readStoredDashboardJson(dash.data?.json ?? '')?.fullTreeViewSelection.length ?? 0) > 0,
    [dash.data],
  );
  // rename, duplicate, delete (none for read-only users)
  const actions = useDashboardActions({
    id,
    name: dash.data?.name ?? name,
    json,
    linkedTemplateName: dash.data?.linkedTemplateName ?? null,
    dirty,
    readOnly: readOnlyUser || dash.data?.isReadOnly === true,
    closeMenu: () => setMenuAnchor(null),
  });

  // open the fetched dashboard in the shared store (again when the server copy changes)
  useEffect(() => {
    const d = dash.data;
    if (!d) return;
    // the server sends it normalised by the schema; anything else opens as an empty dashboard
    const parsed = readStoredDashboardJson(d.json);
    dashboardStore.open(d.id, d.name, parsed ?? emptyStoredDashboardJson(), d.linkedTemplateName);
  }, [dash.data]);
  useEffect(() => () => dashboardStore.reset(), []);

  // refresh timer: refreshRate minutes (default 15), restarted when the dashboard or its rate changes;
  // a refresh is skipped while series are still loading
  const refreshRate = json?.refreshRate;
  useEffect(() => {
    if (!json) return;
    const timer = setInterval(() => {
      if (dashboardStore.get().loading === 0) dashboardStore.refresh();
    }, refreshIntervalMs(refreshRate));
    return () => clearInterval(timer);
  }, [id, refreshRate, json === null]);

  const period = useMemo(() => (json ? resolveSelected(json, nowLocal()) : null), [json, tick]);
  const selection = json?.fullTreeViewSelection;
  const locationIds = useMemo(() => locationsOf(nodes, selection ?? []), [nodes, selection]);
  // one object while its parts hold: the widgets (memoised) re-render only when their inputs change
  const ctx = useMemo(
    () => (json && period ? { json, period, nodes: nodeMap, locationIds } : null),
    [json, period, nodeMap, locationIds],
  );

  const save = useSaveDashboard(id, {
    onSuccess: (d, current) => {
      dashboardStore.saved(d.name, current.json);
      notify(t('dashboard_save_success'), 'success');
    },
    onError: () => notify(t('dashboard_save_failure'), 'error'),
  });
  const setDefault = useSetDefaultDashboard(user.id, id, {
    onSuccess: () => notify(t('dashboard_default_set'), 'success'),
    onError: (e) => console.error('default dashboard', e),
  });

  if (dash.isError) return <DashboardLoadError error={dash.error} />;
  if (!json || !period) {
    return (
      <Box sx={{ p: 6, display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  const readOnly = readOnlyUser || dash.data?.isReadOnly === true;
  const widgets = json.widgets;
  const editWidgets = (next: Widget[]) => dashboardStore.editWidgets(next);
  // edits start from the store's widgets, not the deferred ones the grid shows (they can be one render behind)
  const latestWidgets = () => dashboardStore.get().json?.widgets ?? widgets;
  const addWidget = (type: WidgetTypeName) => {
    setAddAnchor(null);
    void loadEditing().then(({ newWidget }) => {
      const current = latestWidgets();
      editWidgets([...current, newWidget(type, current, newId())]);
    });
  };
  const choice: PeriodChoice = {
    selectedTimePeriod: json.selectedTimePeriod,
    isBusinessHoursOnlyMode: json.isBusinessHoursOnlyMode,
    applyTimePeriodToEachDay: json.applyTimePeriodToEachDay,
  };
  const configured = widgets.find((w) => w.layout.i === configuring);
  const emptyDashboard = (
    <Box
      sx={{
        p: 6,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 3,
        textAlign: 'center',
      }}
    >
      <Typography variant="h6">{t('dashboard_empty_title')}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t(readOnly ? 'dashboard_empty_readonly' : 'dashboard_empty_text')}
      </Typography>
    </Box>
  );
  if (!desktop) {
    return <MobileDashboard name={name} widgets={widgets} ctx={ctx} nodes={nodes} empty={emptyDashboard} />;
  }
  return (
    <Box sx={{ p: 2 }} data-testid="dashboard-page" data-dirty={dirty || undefined}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        {editMode ? (
          <TextField
            size="small"
            value={name}
            label={t('dashboard_name')}
            onChange={(e) => dashboardStore.setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        ) : (
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="dashboard-name">
            {name}
          </Typography>
        )}
        {linkedTemplate && (
          <Tooltip
            title={t(
              `link_state_${link.local && link.remote ? 'full_link' : link.local ? 'linked_local' : 'unlinked_local'}`,
            )}
          >
            <LinkIcon
              color={link.local ? 'primary' : 'disabled'}
              aria-label={t('linked_template', { name: linkedTemplate })}
            />
          </Tooltip>
        )}
        <Box sx={{ flex: 1 }} />
        <PeriodSelector value={choice} onApply={(v) => dashboardStore.setJson({ ...json, ...v })} />
        <Tooltip title={t('refresh')}>
          <IconButton aria-label={t('refresh')} onClick={() => dashboardStore.refresh()}>
            <Refresh />
          </IconButton>
        </Tooltip>
        {!readOnly && (
          <>
            {editMode && (
              <>
                <Button startIcon={<Add />} variant="outlined" onClick={(e) => setAddAnchor(e.currentTarget)}>
                  {t('add_widget')}
                </Button>
                <HelpTip id="addWidget" />
              </>
            )}
            <Button
              startIcon={<Edit />}
              variant={editMode ? 'contained' : 'outlined'}
              color={editMode ? 'secondary' : 'primary'}
              onClick={() => dashboardStore.setEditMode(!editMode)}
              aria-pressed={editMode}
            >
              {t(editMode ? 'edit_done' : 'edit')}
            </Button>
            <Button
              startIcon={<Save />}
              variant="contained"
              disabled={save.isPending || !name.trim()}
              onClick={() =>
                save.mutate({
                  name: name.trim(),
                  json: dashboardStore.get().json ?? json,
                  linked: link.local ? linkedTemplate : null,
                })
              }
            >
              {t('save')}
            </Button>
          </>
        )}
        <IconButton
          aria-label={t('dashboard_menu')}
          data-testid="dashboard-menu"
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <MoreVert />
        </IconButton>
        <HelpTip id="dashboardMenu" />
      </Box>
      <Menu anchorEl={addAnchor} open={addAnchor !== null} onClose={() => setAddAnchor(null)}>
        {WIDGET_TYPES.map((type) => (
          <MenuItem key={type} onClick={() => addWidget(type)}>
            {t(`widget_type_${type}`)}
          </MenuItem>
        ))}
      </Menu>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          disabled={dash.data?.defaultDashboard}
          onClick={() => {
            setMenuAnchor(null);
            setDefault.mutate(false);
          }}
        >
          {t('set_default_dashboard')}
        </MenuItem>
        <MenuItem
          disabled={dash.data?.defaultMobileDashboard}
          onClick={() => {
            setMenuAnchor(null);
            setDefault.mutate(true);
          }}
        >
          {t('set_default_mobile_dashboard')}
        </MenuItem>
        <MenuItem
          disabled={!dash.data}
          data-testid="menu-send-snapshot"
          onClick={() => {
            setMenuAnchor(null);
            setSnapshotOpen(true);
          }}
        >
          {t('send_snapshot')}
        </MenuItem>
        {actions.items}
        {!readOnly && <ListSubheader role="none">{t('apply_template')}</ListSubheader>}
        {!readOnly && (templates.data ?? []).length === 0 && (
          <MenuItem disabled>{t('no_templates')}</MenuItem>
        )}
        {!readOnly &&
          (templates.data ?? []).map((tpl) => (
            <MenuItem
              key={tpl.id}
              data-template={tpl.name}
              onClick={() => {
                setMenuAnchor(null);
                void loadEditing().then(({ parseDashboardJson }) => {
                  const parsed = parseDashboardJson(tpl.dashboard);
                  if (!parsed.ok) return console.error('template json', parsed.message);
                  dashboardStore.setJson(parsed.value);
                  dashboardStore.linkEvent('apply_template', tpl.name);
                });
              }}
            >
              {tpl.name}
            </MenuItem>
          ))}
      </Menu>
      {widgets.length === 0 ? (
        emptyDashboard
      ) : ctx ? (
        <Suspense fallback={null}>
          <WidgetGrid
            widgets={widgets}
            ctx={ctx}
            editMode={editMode}
            onLayout={editWidgets}
            onRemove={(wid) => editWidgets(latestWidgets().filter((w) => w.layout.i !== wid))}
            onConfigure={setConfiguring}
          />
        </Suspense>
      ) : null}
      {actions.dialogs}
      {snapshotOpen && dash.data && (
        <Suspense fallback={null}>
          <SnapshotDialog
            dashboardId={dash.data.id}
            dashboardName={dash.data.name}
            noLocation={
              !storedSelection ? (json.fullTreeViewSelection.length === 0 ? 'none' : 'unsaved') : null
            }
            onClose={() => setSnapshotOpen(false)}
          />
        </Suspense>
      )}
      {configured && (
        <Suspense fallback={null}>
          <WidgetConfigDialog
            widget={configured}
            onClose={() => setConfiguring(null)}
            onSave={(w) => {
              setConfiguring(null);
              editWidgets(latestWidgets().map((x) => (x.layout.i === w.layout.i ? w : x)));
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
