import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttendanceBody,
  AttendanceResponse,
  DevicePlacement,
  PlanDeviceParams,
  FloorPlanUpload,
  FloorPlanView,
  HeatMapBody,
  HeatMapResponse,
  IdParams,
  SetTrackZonesBody,
  TrackDetailRowsBody,
  TrackDetailRowsResponse,
  TrackIngestBody,
  TrackIngestResponse,
  TrackLocationList,
  TrackMasterRowsBody,
  TrackMasterRowsResponse,
  TrackPlayerPointsBody,
  TrackPlayerPointsResponse,
  TrackZoneList,
  MAX_FLOOR_PLAN_BYTES,
} from '@footfall/domain';
import type { Feature } from '../feature.js';
import { principalOf } from '../../platform/http/principal.js';
import { ACCESS } from '../../platform/http/access-groups.js';

const tags = ['tracks'];
const T = '/api/Track';

/**
 * Tracks (spec section 7 "Tracks", "Attendance and HeatMap"): reads for every signed-in role (spec
 * section 6: track is for everyone), on the locations of the caller's scope; floor plans, placements
 * and zones are changed by admin-kind users; trajectories come in through the ingest access (an
 * admin-kind token or an ingest key).
 */
export const trackRoutes: Feature = (services) => async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tracks = services.tracks;
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  r.post(
    '/api/ingest/tracks',
    {
      config: { access: 'ingest' },
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary: "A device's trajectories: per track id, timed x/y positions (metres on the sensor plane)",
        security: [{ bearer: [] }, { apiKey: [] }],
        body: TrackIngestBody,
        response: { 200: TrackIngestResponse },
      },
    },
    async (req) => tracks.ingest(req, req.body),
  );

  r.post(
    '/api/ingest/irisys/targets/:serial',
    {
      config: { access: 'ingest' },
      schema: {
        tags,
        summary:
          'One Irisys MQTT "targets" message (binary, application/octet-stream) of the device with this serial',
        security: [{ bearer: [] }, { apiKey: [] }],
        params: z.object({ serial: z.string().trim().min(1).max(100) }),
        response: { 200: TrackIngestResponse },
      },
    },
    async (req) => tracks.ingestIrisysTargets(req, req.params.serial, req.body),
  );

  r.post(
    '/api/ingest/xovis/tracks/:serial',
    {
      config: { access: 'ingest' },
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary:
          "Xovis live frames of the sensor with this serial or MAC: one frame (time, tracked_objects) or live_data.frames; each PERSON's position in metres",
        security: [{ bearer: [] }, { apiKey: [] }],
        params: z.object({ serial: z.string().trim().min(1).max(100) }),
        body: z.unknown(),
        response: { 200: TrackIngestResponse },
      },
    },
    async (req) => tracks.ingestXovisFrames(req, req.params.serial, req.body),
  );

  r.post(
    `${T}/GetTrackViewerMasterRows`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Per local bucket and zone: tracks, visits, mean visit time, entries from each zone',
        body: TrackMasterRowsBody,
        response: { 200: TrackMasterRowsResponse },
      },
    },
    async (req) => tracks.masterRows(principalOf(req), req.body),
  );

  r.post(
    `${T}/GetTrackViewerMasterDetailRows`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The individual tracks of a master row (or of the period)',
        body: TrackDetailRowsBody,
        response: { 200: TrackDetailRowsResponse },
      },
    },
    async (req) => tracks.detailRows(principalOf(req), req.body),
  );

  r.post(
    `${T}/GetTrackPlayerPoints`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Positions of tracks in floor-plan pixels, for the player',
        body: TrackPlayerPointsBody,
        response: { 200: TrackPlayerPointsResponse },
      },
    },
    async (req) => tracks.playerPoints(principalOf(req), req.body),
  );

  r.post(
    `${T}/HeatMap`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Density of positions or dwell over the floor plan, per grid cell',
        body: HeatMapBody,
        response: { 200: HeatMapResponse },
      },
    },
    async (req) => tracks.heatMap(principalOf(req), req.body),
  );

  r.post(
    `${T}/Attendance`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Distinct visitors per zone and local time bucket',
        body: AttendanceBody,
        response: { 200: AttendanceResponse },
      },
    },
    async (req) => tracks.attendance(principalOf(req), req.body),
  );

  r.get(
    `${T}/locations`,
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Locations of the scope with a floor plan or tracking devices',
        response: { 200: TrackLocationList },
      },
    },
    async (req) => tracks.locations(principalOf(req)),
  );

  r.get(
    '/api/FloorPlan/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A location's floor plan, its devices' placements and zones",
        params: IdParams,
        response: { 200: FloorPlanView },
      },
    },
    async (req) => tracks.floorPlan(principalOf(req), req.params.id),
  );

  r.put(
    '/api/FloorPlan/:id',
    {
      config: { access: ACCESS.adminKind },
      bodyLimit: Math.ceil((MAX_FLOOR_PLAN_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags,
        summary: "Upload a location's floor plan image (file-upload: base64 in JSON)",
        params: IdParams,
        body: FloorPlanUpload,
        response: { 200: FloorPlanView },
      },
    },
    async (req) => tracks.uploadFloorPlan(principalOf(req), req.params.id, req.body),
  );

  r.put(
    '/api/FloorPlan/:id/device/:deviceId',
    {
      config: { access: ACCESS.adminKind },
      schema: {
        tags,
        summary: "Place a device's field of view on its location's floor plan (scale, rotation, offset)",
        params: PlanDeviceParams,
        body: DevicePlacement,
        response: { 200: FloorPlanView },
      },
    },
    async (req) => tracks.placeDevice(principalOf(req), req.params.id, req.params.deviceId, req.body),
  );

  r.get(
    '/api/active-zones/device/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "A device's active zones (polygons in sensor metres)",
        params: IdParams,
        response: { 200: TrackZoneList },
      },
    },
    async (req) => tracks.zones(principalOf(req), req.params.id),
  );

  r.put(
    '/api/active-zones/device/:id',
    {
      config: { access: ACCESS.adminKind },
      schema: {
        tags,
        summary: "Replace a device's active zones",
        params: IdParams,
        body: SetTrackZonesBody,
        response: { 200: TrackZoneList },
      },
    },
    async (req) => tracks.setZones(principalOf(req), req.params.id, req.body),
  );
};
