import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateNodeBody,
  CreateOccupancyConfigBody,
  CreatedDevicePushKey,
  CreatedIngestKey,
  DevicePushKeyView,
  GeocoderStatus,
  IngestKeyView,
  LiveViewInfo,
  LiveViewSettingsBody,
  LiveViewShareResult,
  LocateBody,
  LocateResponse,
  NodeSummary,
  SensorIngestResponse,
  OccupancyConfigView,
  TimeSeriesInfo,
  UpdateNodeBody,
  UpdateOccupancyConfigBody,
  UpdateTimeSeriesInfoBody,
} from '@footfall/domain';
import { api, ApiError } from '../../../../lib/api-client';
import type { DeviceExportFormat } from '../lib/device-export';

/**
 * The node editors' server calls (issue 12): node create/update, locating a place, and the per-node
 * panels (time series info, occupancy config, live views, ingest keys). Cache keys are spelled here only.
 */
const TREE = '/api/OrganizationalTree';

/** Every tree cache (the shared tree query and the settings screen's) starts with 'tree'. */
const treeKeys = ['tree'] as const;

export const geocoderQuery = () =>
  queryOptions({
    queryKey: ['node-editors', 'geocoder'] as const,
    queryFn: ({ signal }) => api<GeocoderStatus>(`${TREE}/geocoder`, { signal }),
    staleTime: Infinity,
  });

export const seriesInfoQuery = (nodeId: string) =>
  queryOptions({
    queryKey: ['node-editors', 'series-info', nodeId] as const,
    queryFn: ({ signal }) => api<TimeSeriesInfo[]>(`/api/TimeSeries/info/${nodeId}`, { signal }),
    // devices and other admins change these: a panel opened again reads them afresh
    staleTime: 0,
  });

/** The node's occupancy configuration, or null when it has none (404). */
export const occupancyConfigQuery = (nodeId: string) =>
  queryOptions({
    queryKey: ['node-editors', 'occupancy', nodeId] as const,
    queryFn: ({ signal }) =>
      api<OccupancyConfigView>(`/api/Occupancy/config/${nodeId}`, { signal }).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }),
    staleTime: 0,
  });

export const liveViewsQuery = () =>
  queryOptions({
    queryKey: ['node-editors', 'live-views'] as const,
    queryFn: ({ signal }) => api<LiveViewInfo[]>('/api/LiveView', { signal }),
    // devices and other admins change these: a panel opened again reads them afresh
    staleTime: 0,
  });

export const ingestKeysQuery = () =>
  queryOptions({
    queryKey: ['node-editors', 'ingest-keys'] as const,
    queryFn: ({ signal }) => api<IngestKeyView[]>('/api/IngestKey', { signal }),
    // devices and other admins change these: a panel opened again reads them afresh
    staleTime: 0,
  });

export function useUpdateNode(nodeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNodeBody & { attributes?: string }) =>
      api<NodeSummary>(`${TREE}/${nodeId}`, { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: treeKeys }),
  });
}

export function useCreateNode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreateNodeBody, 'attributes'> & { attributes?: string }) =>
      api<NodeSummary>(TREE, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: treeKeys }),
  });
}

export function useLocate() {
  return useMutation({
    mutationFn: (body: LocateBody) => api<LocateResponse>(`${TREE}/locate`, { method: 'POST', body }),
  });
}

export function useUpdateSeriesInfo(nodeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTimeSeriesInfoBody) =>
      api<TimeSeriesInfo[]>(`/api/TimeSeries/info/${nodeId}`, { method: 'PUT', body }),
    onSuccess: (list) => qc.setQueryData(seriesInfoQuery(nodeId).queryKey, list),
  });
}

export function useSaveOccupancyConfig(nodeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: UpdateOccupancyConfigBody }) =>
      input.id
        ? api<OccupancyConfigView>(`/api/Occupancy/config/${input.id}`, { method: 'PUT', body: input.body })
        : api<OccupancyConfigView>('/api/Occupancy/config', {
            method: 'POST',
            body: { nodeId, ...input.body } satisfies CreateOccupancyConfigBody,
          }),
    onSuccess: (cfg) => qc.setQueryData(occupancyConfigQuery(nodeId).queryKey, cfg),
  });
}

export function useSaveLiveView() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: LiveViewSettingsBody }) =>
      input.id
        ? api<LiveViewInfo>(`/api/LiveView/${input.id}`, { method: 'PUT', body: input.body })
        : api<LiveViewInfo>('/api/LiveView', { method: 'POST', body: input.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveViewsQuery().queryKey }),
  });
}

export function useShareLiveView() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; share: boolean }) =>
      input.share
        ? api<LiveViewShareResult>(`/api/LiveView/${input.id}/share`, { method: 'POST' })
        : api<null>(`/api/LiveView/${input.id}/share`, { method: 'DELETE' }).then(() => null),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveViewsQuery().queryKey }),
  });
}

export function useCreateIngestKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopeNodeId: string }) =>
      api<CreatedIngestKey>('/api/IngestKey', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ingestKeysQuery().queryKey }),
  });
}

export function useRevokeIngestKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<unknown>(`/api/IngestKey/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ingestKeysQuery().queryKey }),
  });
}

/** A device's push URL keys (/api/Device/{id}/PushKey, issue 17). */
export const devicePushKeysQuery = (deviceId: string) =>
  queryOptions({
    queryKey: ['node-editors', 'push-keys', deviceId] as const,
    queryFn: ({ signal }) => api<DevicePushKeyView[]>(`/api/Device/${deviceId}/PushKey`, { signal }),
    staleTime: 0,
  });

export function useCreateDevicePushKey(deviceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<CreatedDevicePushKey>(`/api/Device/${deviceId}/PushKey`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: devicePushKeysQuery(deviceId).queryKey }),
  });
}

export function useRevokeDevicePushKey(deviceId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) =>
      api<unknown>(`/api/Device/${deviceId}/PushKey/${keyId}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: devicePushKeysQuery(deviceId).queryKey }),
  });
}

/**
 * Uploads a device's CSV export as a backfill of that device (issue 17): the file is the body (text/csv);
 * rows replace what is stored for their intervals; any bad row refuses the whole file (400 naming it).
 */
export function useUploadDeviceExport(deviceId: string) {
  return useMutation({
    mutationFn: ({ format, file }: { format: DeviceExportFormat; file: File }) =>
      api<SensorIngestResponse>(`/api/ingest/${format}/export/${deviceId}`, {
        method: 'POST',
        raw: file,
        rawType: 'text/csv',
      }),
  });
}
