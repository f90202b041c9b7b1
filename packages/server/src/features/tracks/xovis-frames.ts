import { badRequest } from '../../platform/http/errors.js';

/**
 * Xovis live frames with tracked objects (samples/README.md cites the sources):
 * - one frame, as the vendor's live image metadata describes it (Sensor V5 API
 *   `live_view_image_meta_headers`): `{ framenumber?, time, tracked_objects: [...], events? }`;
 * - or a live data push, `{ "live_data": { "frames": [frame, ...] } }`.
 * `time` is epoch milliseconds (`time_instant`, the agents' `UNIX_TIME_MS`) or an RFC 3339 text (the
 * agents' `RFC3339` time format). Each tracked object has `track_id` (or `track_id_str`, the
 * vendor's workaround for 64-bit ids in JavaScript), `type` and `position` `[x, y, z]` in metres on
 * the sensor's floor plane. People (`PERSON`) are kept; groups, bicycles, wheelchairs and prams
 * are counted as skipped.
 */
export interface XovisPosition {
  at: Date;
  trackId: string;
  x: number;
  y: number;
  field: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function frameTime(value: unknown, field: string): Date {
  const at =
    typeof value === 'number' && Number.isSafeInteger(value) && value > 0
      ? new Date(value)
      : typeof value === 'string' &&
          /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)$/i.test(value)
        ? new Date(value)
        : null;
  if (!at || Number.isNaN(at.getTime()))
    throw badRequest('Expected the frame time in epoch milliseconds or RFC 3339 with an offset', field);
  return at;
}

function trackIdOf(o: Record<string, unknown>, field: string): string {
  if (typeof o.track_id_str === 'string' && /^\d{1,20}$/.test(o.track_id_str)) return o.track_id_str;
  if (typeof o.track_id === 'number' && Number.isSafeInteger(o.track_id) && o.track_id >= 0)
    return String(o.track_id);
  throw badRequest('Expected a track id (track_id or track_id_str)', `${field}.track_id`);
}

export function parseXovisFrames(body: unknown): { positions: XovisPosition[]; skipped: number } {
  let frames: unknown[];
  let base: string;
  if (isRecord(body) && isRecord(body.live_data)) {
    if (!Array.isArray(body.live_data.frames))
      throw badRequest('Expected live_data.frames to be a list', 'live_data.frames');
    frames = body.live_data.frames;
    base = 'live_data.frames.';
  } else if (isRecord(body) && 'tracked_objects' in body) {
    frames = [body];
    base = '';
  } else {
    throw badRequest('Expected a Xovis frame (time, tracked_objects) or live_data.frames', 'body');
  }
  const positions: XovisPosition[] = [];
  let skipped = 0;
  for (const [i, frame] of frames.entries()) {
    const at = `${base}${base ? i : ''}`;
    const prefix = at ? `${at}.` : '';
    if (!isRecord(frame)) throw badRequest('Expected a frame object', at || 'body');
    const objects = frame.tracked_objects ?? [];
    if (!Array.isArray(objects))
      throw badRequest('Expected tracked_objects to be a list', `${prefix}tracked_objects`);
    if (objects.length === 0) continue;
    const time = frameTime(frame.time, `${prefix}time`);
    for (const [j, o] of objects.entries()) {
      const field = `${prefix}tracked_objects.${j}`;
      if (!isRecord(o)) throw badRequest('Expected a tracked object', field);
      if (o.type !== undefined && o.type !== 'PERSON') {
        skipped++;
        continue;
      }
      const p = o.position;
      if (
        !Array.isArray(p) ||
        p.length < 2 ||
        p.length > 3 ||
        !p.every((v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 10_000)
      )
        throw badRequest('Expected position to be [x, y, z] in metres', `${field}.position`);
      positions.push({
        at: time,
        trackId: trackIdOf(o, field),
        x: p[0] as number,
        y: p[1] as number,
        field: `${field}.position`,
      });
    }
  }
  return { positions, skipped };
}
