import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Refresh from '@mui/icons-material/Refresh';
import type { Widget } from '@footfall/domain';
import type { FlatNode } from '../../../../lib/tree-api';
import { dashboardStore } from '../../state/dashboard-store';
import type { WidgetContext } from '../widgets/widget-body';
import { MobileFilter } from './mobile-filter';
import type { MobileFilterValue } from './mobile-filter-rules';
import { MobileWidgetColumn } from './mobile-widget-column';

/**
 * /dashboard/{id} below 1,246 px: the dashboard's name, the mobile filter and the widgets in one
 * column. Editing stays on the desktop; the filter changes the open dashboard as the desktop's
 * period selector and tree do.
 */
export function MobileDashboard(props: {
  name: string;
  widgets: readonly Widget[];
  ctx: WidgetContext | null;
  nodes: readonly FlatNode[];
  empty: React.ReactNode;
}) {
  const { t } = useTranslation();
  const json = props.ctx?.json;
  const locations = useMemo(
    () =>
      props.nodes
        .filter((n) => n.kind === 'location')
        .map((n) => ({ id: n.id, name: n.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [props.nodes],
  );
  if (!json || !props.ctx) return null;
  const value: MobileFilterValue = {
    selection: json.fullTreeViewSelection,
    selectedTimePeriod: json.selectedTimePeriod,
    isBusinessHoursOnlyMode: json.isBusinessHoursOnlyMode,
    applyTimePeriodToEachDay: json.applyTimePeriodToEachDay,
  };
  return (
    <Box sx={{ p: 1.5 }} data-testid="dashboard-page" data-mobile>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography
          variant="h6"
          component="h2"
          sx={{ fontWeight: 700, flex: 1 }}
          data-testid="dashboard-name"
        >
          {props.name}
        </Typography>
        <Tooltip title={t('refresh')}>
          <IconButton aria-label={t('refresh')} onClick={() => dashboardStore.refresh()}>
            <Refresh />
          </IconButton>
        </Tooltip>
      </Box>
      <MobileFilter
        // a new filter state when the applied value changes (after Apply or a refresh of the dashboard)
        key={JSON.stringify(value)}
        value={value}
        locations={locations}
        onApply={(v) =>
          dashboardStore.setJson({
            ...json,
            fullTreeViewSelection: v.selection,
            selectedTimePeriod: v.selectedTimePeriod,
            isBusinessHoursOnlyMode: v.isBusinessHoursOnlyMode,
            applyTimePeriodToEachDay: v.applyTimePeriodToEachDay,
          })
        }
      />
      {props.widgets.length === 0 ? (
        props.empty
      ) : (
        <MobileWidgetColumn widgets={props.widgets} ctx={props.ctx} />
      )}
    </Box>
  );
}
