/**
 * Node editors for the organisational tree screen (issue 12): attribute editors, node creation and the
 * per-node panels (time series, occupancy, live views, ingest keys). The tree screen's details panel
 * hosts these components; each fetches what it needs by node id.
 */
export { NodeAttributesEditor } from './NodeAttributesEditor';
export { NodeTimeSeriesPanel } from './NodeTimeSeriesPanel';
export { NodeOccupancyPanel } from './NodeOccupancyPanel';
export { NodeLiveViewsPanel } from './NodeLiveViewsPanel';
export { NodeIngestKeysPanel } from './NodeIngestKeysPanel';
export { NodeSensorPanel } from './NodeSensorPanel';
export { NodeCreateForm } from './NodeCreateForm';
export type { EditableNode } from './types';
