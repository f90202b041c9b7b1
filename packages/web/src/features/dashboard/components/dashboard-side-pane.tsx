import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { applyFiltersConfirmation, isDashboardOnly, linkState, type PaneState } from '@footfall/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { useLang } from '../../../lib/use-lang';
import { useUser } from '../../../lib/session/current-user';
import { useCreateDashboard, viewsQuery } from '../api/dashboards-api';
import { flattenTree, treeQuery } from '../../../lib/tree-api';
import { dashboardStore, useDashboardState } from '../state/dashboard-store';
import { TreeView } from '../../../components/tree-selector/tree-view';
import { ViewsList } from './views-list';
import { HelpTip } from './help-tip';

/** The desktop left pane of the dashboards: Views list, node tree and Apply. */
export function DashboardSidePane({ state }: { state: PaneState }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const navigate = useNavigate();
  const readOnly = isDashboardOnly(user);
  const views = useQuery(viewsQuery());
  const tree = useQuery(treeQuery());
  // the tree is drawn in a background (time-sliced) render when it arrives: it can hold many nodes
  const nodes = useDeferredValue(useMemo(() => flattenTree(tree.data ?? []), [tree.data]));
  const current = useDashboardState((s) => s.id);
  // deferred too: the tree and its filters mount in a time-sliced render once the dashboard opens
  const hasJson = useDeferredValue(useDashboardState((s) => s.json !== null));
  // the route's dashboard while its data is not in the store yet
  const routeId = useParams().id ?? null;
  const loadingId = routeId !== current ? routeId : null;
  const selection = useDashboardState((s) => s.pendingSelection);
  const tags = useDashboardState((s) => s.pendingTags);
  const link = useDashboardState((s) => s.link);
  const templateName = useDashboardState((s) => s.linkedTemplateName);
  const [confirm, setConfirm] = useState<'confirm_link_dashboard' | 'confirm_unlink_dashboard' | null>(null);
  const create = useCreateDashboard({
    onSuccess: (d) => void navigate(paths.dashboard(lang, d.id)),
    // spec section 8: dashboard create failures are swallowed or logged
    onError: (e) => console.error('create dashboard', e),
  });
  const apply = () => {
    const question = applyFiltersConfirmation(linkState(link));
    if (question) setConfirm(question);
    else dashboardStore.applyFilters();
  };
  return (
    <Box sx={{ py: 1.5, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, gap: 1, minHeight: 32 }}>
        {state !== 'closed' && (
          <Typography variant="overline" sx={{ flex: 1, fontWeight: 700, color: 'text.secondary' }}>
            {t('pane_views')}
          </Typography>
        )}
        {!readOnly && (
          <Tooltip title={t('create_dashboard')}>
            <IconButton
              size="small"
              aria-label={t('create_dashboard')}
              onClick={() => create.mutate({ name: t('new_dashboard_name'), useDefaultTemplate: false })}
              disabled={create.isPending}
            >
              <Add fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <ViewsList
        views={views.data ?? []}
        readOnly={readOnly}
        currentId={current}
        loadingId={loadingId}
        pane={state}
        hrefOf={(v) =>
          v.kind === 'report'
            ? `${paths.home(lang)}/report/dashboard/${v.id}`
            : // spec: in the semi-closed pane the link is plain /dashboard/{id}
              state === 'semiClosed'
              ? `/dashboard/${encodeURIComponent(v.id)}`
              : paths.dashboard(lang, v.id)
        }
      />
      {state !== 'closed' && hasJson && (
        <>
          <Divider sx={{ my: 1 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, gap: 1 }}>
            <Typography variant="overline" sx={{ flex: 1, fontWeight: 700, color: 'text.secondary' }}>
              {t('pane_locations')}
            </Typography>
            <HelpTip id="filtersPanel" />
          </Box>
          <TreeView
            // a new tree per dashboard: its selection mode starts from that dashboard's selection
            key={current ?? ''}
            deviceToggle
            nodes={nodes}
            selection={selection}
            onSelection={(ids) => dashboardStore.setPendingSelection(ids)}
            tags={tags}
            onTags={(tg) => dashboardStore.setPendingTags(tg)}
            pane={state}
          />
          <Box sx={{ px: 2, pt: 1 }}>
            <Button fullWidth variant="contained" onClick={apply} data-testid="tree-apply">
              {t('apply')}
            </Button>
          </Box>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        message={confirm ? t(confirm, { name: templateName ?? '' }) : ''}
        onYes={() => {
          setConfirm(null);
          dashboardStore.applyFilters();
        }}
        onNo={() => setConfirm(null)}
      />
    </Box>
  );
}
