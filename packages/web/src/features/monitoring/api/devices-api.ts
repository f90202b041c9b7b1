import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceActivity,
  DeviceDetail,
  DeviceHealth,
  DeviceStatus,
  RefreshDevicesResult,
} from '@footfall/domain';
import { api } from '../../../lib/api-client';
import { queryString } from '../lib/query-string';

/** GET /api/Monitoring/devices: the devices in scope with their health. */
export const devicesQuery = (filters: {
  status?: DeviceStatus;
  search?: string;
  nodeIds?: readonly string[];
}) =>
  queryOptions({
    queryKey: ['monitoring', 'devices', 'list', filters] as const,
    queryFn: ({ signal }) =>
      api<DeviceHealth[]>(`/api/Monitoring/devices${queryString({ ...filters })}`, { signal }),
  });

/** GET /api/Monitoring/devices/{deviceId}: identity, health, status history, series. */
export const deviceQuery = (deviceId: string) =>
  queryOptions({
    queryKey: ['monitoring', 'devices', 'detail', deviceId] as const,
    queryFn: ({ signal }) =>
      api<DeviceDetail>(`/api/Monitoring/devices/${encodeURIComponent(deviceId)}`, { signal }),
    retry: false,
  });

/** GET /api/DeviceActivity: in/out per local hour with the gaps, over local dates [from, to). */
export const deviceActivityQuery = (deviceId: string, from?: string, to?: string) =>
  queryOptions({
    queryKey: ['monitoring', 'devices', 'activity', deviceId, from ?? null, to ?? null] as const,
    queryFn: ({ signal }) =>
      api<DeviceActivity>(`/api/DeviceActivity${queryString({ deviceId, from, to })}`, { signal }),
    retry: false,
  });

/** POST /api/Monitoring/RefreshDevices: recomputes the devices' health from the stored data. */
export function useRefreshDevices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nodeIds?: string[]) =>
      api<RefreshDevicesResult>('/api/Monitoring/RefreshDevices', { body: nodeIds ? { nodeIds } : {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['monitoring', 'devices'] }),
  });
}
