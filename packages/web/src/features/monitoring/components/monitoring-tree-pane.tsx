import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AccountTree from '@mui/icons-material/AccountTreeOutlined';
import { canManageDevices } from '@footfall/domain';
import { paths } from '../../../config/paths';
import { TreeView } from '../../../components/tree-selector/tree-view';
import { flattenTree, treeQuery, type FlatNode } from '../../../lib/tree-api';
import { useUser } from '../../../lib/session/current-user';
import { useLang } from '../../../lib/use-lang';
import { monitoringSelection, useMonitoringSelection } from '../state/monitoring-selection';

/**
 * The location tree of the monitoring side bar (tickets page only, spec 2 "Monitoring menu"): picking
 * nodes filters the tickets at once. Device nodes are listed, and superAdmin and deviceManagerAdmin get
 * a link to the device's page when its connector is available (spec 2 "Tree view").
 */
export function MonitoringTreePane() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useUser();
  const tree = useQuery(treeQuery());
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data]);
  const { nodeIds, tags } = useMonitoringSelection();
  const managesDevices = canManageDevices(user);
  const deviceLink = (n: FlatNode) =>
    managesDevices && n.deviceConnectorAvailable
      ? {
          href: paths.monitoringDevice(lang, n.id),
          label: t('monitoring_tree_device_link', { name: n.name }),
        }
      : null;
  return (
    <Box
      data-testid="monitoring-tree"
      sx={{
        m: 1.5,
        mt: 1,
        py: 1.5,
        borderRadius: 2,
        bgcolor: 'background.paper',
        color: 'text.primary',
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', px: 2, mb: 1 }}>
        <AccountTree fontSize="small" color="primary" />
        <Typography variant="subtitle2" component="h2">
          {t('pane_locations')}
        </Typography>
      </Box>
      <TreeView
        nodes={nodes}
        selection={nodeIds}
        onSelection={(ids) => monitoringSelection.setNodeIds(ids)}
        tags={tags}
        onTags={(next) => monitoringSelection.setTags(next)}
        pane="open"
        deviceLink={deviceLink}
      />
    </Box>
  );
}
