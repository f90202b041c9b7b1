import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DriveFileMove from '@mui/icons-material/DriveFileMoveOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import { NODE_TYPE_NAMES, type NodeKind } from '@footfall/domain';
import type { IndexedNode } from '../lib/tree-model';
import {
  NodeAttributesEditor,
  NodeIngestKeysPanel,
  NodeLiveViewsPanel,
  NodeOccupancyPanel,
  NodeSensorPanel,
  NodeTimeSeriesPanel,
} from '../node-editors';
import { NodeKindIcon } from './node-kind-icon';
import { countsText } from './node-counts';
import { NodeSettingsLinks } from './node-links';
import { useUser } from '../../../lib/session/current-user';

type PanelKey = 'attributes' | 'sensor' | 'timeSeries' | 'occupancy' | 'liveViews' | 'ingestKeys';
/** The per-node panels each node type has (occupancy and live views are a location's). */
const PANELS: Record<NodeKind, PanelKey[]> = {
  group: ['attributes', 'ingestKeys'],
  location: ['attributes', 'timeSeries', 'occupancy', 'liveViews', 'ingestKeys'],
  device: ['attributes', 'sensor', 'timeSeries', 'ingestKeys'],
};

const PANEL_LABELS: Record<PanelKey, string> = {
  attributes: 'settings_tree_panel_attributes',
  sensor: 'settings_tree_panel_sensor',
  timeSeries: 'settings_tree_panel_time_series',
  occupancy: 'settings_tree_panel_occupancy',
  liveViews: 'settings_tree_panel_live_views',
  ingestKeys: 'settings_tree_panel_ingest_keys',
};

export interface NodeActions {
  canAddChild: boolean;
  canRestructure: boolean;
  onAddChild(): void;
  onRename(): void;
  onMove(): void;
  onOrphan(): void;
  onDelete(): void;
}

/** The selected node: name, type, reference id, path and counts, its actions and its panels. */
export function NodeDetails(props: { node: IndexedNode; path: string[]; actions: NodeActions }) {
  const { t } = useTranslation();
  const { node, actions } = props;
  const panels = PANELS[node.kind];
  const [panel, setPanel] = useState<PanelKey>('attributes');
  const current = panels.includes(panel) ? panel : 'attributes';
  const editable = {
    id: node.id,
    parentId: node.parentId,
    referenceId: node.referenceId,
    name: node.name,
    type: NODE_TYPE_NAMES[node.kind],
    shareMeasurementsFrom: null,
    attributes: node.attributes,
  };
  const body: Record<PanelKey, ReactNode> = {
    attributes: <NodeAttributesEditor key={node.id} node={editable} />,
    sensor: <NodeSensorPanel key={node.id} node={editable} />,
    timeSeries: <NodeTimeSeriesPanel key={node.id} nodeId={node.id} />,
    occupancy: <NodeOccupancyPanel key={node.id} nodeId={node.id} />,
    liveViews: <NodeLiveViewsPanel key={node.id} nodeId={node.id} />,
    ingestKeys: <NodeIngestKeysPanel key={node.id} nodeId={node.id} />,
  };
  const counts = countsText(t, node);
  const user = useUser();
  return (
    <Box
      data-testid="settings-tree-details"
      data-node-id={node.id}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 2, pb: 1, minWidth: 0 }}>
        <NodeKindIcon kind={node.kind} fontSize="medium" />
        <Typography variant="h6" component="h2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {node.name}
        </Typography>
        <Chip size="small" label={t(`settings_tree_kind_${node.kind}`)} sx={{ flexShrink: 0 }} />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.75 },
          px: 2,
          my: 1,
          '& dt': { color: 'text.secondary', typography: 'body2' },
          '& dd': { m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere', mb: { xs: 1, sm: 0 } },
        }}
      >
        <dt>{t('settings_tree_field_reference_id')}</dt>
        <dd data-testid="details-reference">{node.referenceId || '—'}</dd>
        <dt>{t('settings_tree_field_path')}</dt>
        <dd data-testid="details-path">{props.path.join(' › ')}</dd>
        {counts && (
          <>
            <dt>{t('settings_tree_field_contents')}</dt>
            <dd data-testid="details-counts">{counts}</dd>
          </>
        )}
      </Box>
      {node.kind !== 'device' && (
        <NodeSettingsLinks nodeId={node.id} superAdmin={user.roles.includes('superAdmin')} />
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 1.5 }}>
        {actions.canAddChild && (
          <Button size="small" variant="contained" startIcon={<Add />} onClick={actions.onAddChild}>
            {t('settings_tree_add_child')}
          </Button>
        )}
        <Button size="small" variant="outlined" startIcon={<Edit />} onClick={actions.onRename}>
          {t('settings_tree_rename')}
        </Button>
        {actions.canRestructure && (
          <>
            <Button size="small" variant="outlined" startIcon={<DriveFileMove />} onClick={actions.onMove}>
              {t('settings_tree_move')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<LinkOff />} onClick={actions.onOrphan}>
              {t('settings_tree_to_orphans')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={actions.onDelete}
            >
              {t('settings_tree_delete')}
            </Button>
          </>
        )}
      </Stack>
      <Divider />
      <Tabs
        value={current}
        onChange={(_e, v: PanelKey) => setPanel(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('settings_tree_panels')}
      >
        {panels.map((key) => (
          <Tab
            key={key}
            value={key}
            label={t(PANEL_LABELS[key])}
            id={`node-tab-${key}`}
            aria-controls="node-tabpanel"
          />
        ))}
      </Tabs>
      <Divider />
      <Box
        role="tabpanel"
        id="node-tabpanel"
        aria-labelledby={`node-tab-${current}`}
        sx={{ p: 2, minWidth: 0 }}
      >
        {body[current]}
      </Box>
    </Box>
  );
}
