import type {
  AttendanceInput,
  AttendanceResponse,
  DevicePlacement,
  FloorPlanUpload,
  FloorPlanView,
  HeatMapInput,
  HeatMapResponse,
  SetTrackZonesBody,
  TrackDetailRowsInput,
  TrackDetailRowsResponse,
  TrackLocationList,
  TrackMasterRowsInput,
  TrackMasterRowsResponse,
  TrackPlayerPointsInput,
  TrackPlayerPointsResponse,
  TrackZone,
} from '@footfall/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The tracks feature's calls (spec section 7 "Tracks", "Attendance and HeatMap"). */
const post = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  api<T>(`/api/Track/${path}`, { method: 'POST', body, signal });

export const trackLocationsQuery = () =>
  queryOptions({
    queryKey: ['tracks', 'locations'] as const,
    queryFn: ({ signal }) => api<TrackLocationList>('/api/Track/locations', { signal }),
  });

export const floorPlanQuery = (locationId: string | null) =>
  queryOptions({
    queryKey: ['tracks', 'floor-plan', locationId] as const,
    queryFn: ({ signal }) => api<FloorPlanView>(`/api/FloorPlan/${locationId}`, { signal }),
    enabled: locationId !== null,
  });

export const masterRowsQuery = (body: TrackMasterRowsInput | null) =>
  queryOptions({
    queryKey: ['tracks', 'master', body] as const,
    queryFn: ({ signal }) => post<TrackMasterRowsResponse>('GetTrackViewerMasterRows', body, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });

export const detailRowsQuery = (body: TrackDetailRowsInput | null) =>
  queryOptions({
    queryKey: ['tracks', 'detail', body] as const,
    queryFn: ({ signal }) => post<TrackDetailRowsResponse>('GetTrackViewerMasterDetailRows', body, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });

export const playerPointsQuery = (body: TrackPlayerPointsInput | null) =>
  queryOptions({
    queryKey: ['tracks', 'player', body] as const,
    queryFn: ({ signal }) => post<TrackPlayerPointsResponse>('GetTrackPlayerPoints', body, signal),
    enabled: body !== null,
  });

export const heatMapQuery = (body: HeatMapInput | null) =>
  queryOptions({
    queryKey: ['tracks', 'heat-map', body] as const,
    queryFn: ({ signal }) => post<HeatMapResponse>('HeatMap', body, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });

export const attendanceQuery = (body: AttendanceInput | null) =>
  queryOptions({
    queryKey: ['tracks', 'attendance', body] as const,
    queryFn: ({ signal }) => post<AttendanceResponse>('Attendance', body, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });

/** Floor plan changes (admin-kind): each answers the whole plan, which replaces the cached one. */
export function useFloorPlanMutations(locationId: string) {
  const client = useQueryClient();
  const key = floorPlanQuery(locationId).queryKey;
  const settle = (plan: FloorPlanView) => {
    client.setQueryData(key, plan);
    void client.invalidateQueries({ queryKey: ['tracks'] });
  };
  return {
    upload: useMutation({
      mutationFn: (body: FloorPlanUpload) =>
        api<FloorPlanView>(`/api/FloorPlan/${locationId}`, { method: 'PUT', body }),
      onSuccess: settle,
    }),
    place: useMutation({
      mutationFn: ({ deviceId, ...body }: DevicePlacement & { deviceId: string }) =>
        api<FloorPlanView>(`/api/FloorPlan/${locationId}/device/${deviceId}`, { method: 'PUT', body }),
      onSuccess: settle,
    }),
    zones: useMutation({
      mutationFn: ({ deviceId, ...body }: SetTrackZonesBody & { deviceId: string }) =>
        api<TrackZone[]>(`/api/active-zones/device/${deviceId}`, { method: 'PUT', body }),
      onSuccess: () => client.invalidateQueries({ queryKey: ['tracks'] }),
    }),
  };
}
