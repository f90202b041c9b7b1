import type { TrackPlayerPointsResponse } from '@footfall/domain';

/**
 * The player's tracks prepared once per data load for drawing many frames: every track's times and
 * plan positions in typed arrays, grouped by colour (tracks of one colour are consecutive, so a frame
 * sets each colour once), and a cursor per track that makes the position lookup of a frame O(1) while
 * the clock moves forward (a binary search when it jumps back, after a seek).
 */
export interface TrackFrames {
  /** colours in drawing order; tracks `groups[c]` to `groups[c + 1] - 1` have `colours[c]` */
  colours: string[];
  groups: Int32Array;
  /** per track, in drawing order: its points are `first[k]` to `first[k + 1] - 1` */
  first: Int32Array;
  t: Float64Array;
  x: Float32Array;
  y: Float32Array;
  /** per track: the index of the last point at or before the last frame's time */
  cursor: Int32Array;
  /** scratch space for a frame's dot positions (x, y per track), reused by every frame */
  dots: Float32Array;
}

export function prepareFrames(
  data: TrackPlayerPointsResponse,
  colourOf: (deviceId: string) => string,
): TrackFrames {
  const byColour = new Map<string, TrackPlayerPointsResponse['tracks']>();
  for (const track of data.tracks) {
    if (track.t.length === 0) continue;
    const colour = colourOf(track.deviceId);
    let list = byColour.get(colour);
    if (!list) byColour.set(colour, (list = []));
    list.push(track);
  }
  const colours = [...byColour.keys()];
  const ordered = colours.flatMap((c) => byColour.get(c)!);
  const total = ordered.reduce((n, track) => n + track.t.length, 0);
  const frames: TrackFrames = {
    colours,
    groups: new Int32Array(colours.length + 1),
    first: new Int32Array(ordered.length + 1),
    t: new Float64Array(total),
    x: new Float32Array(total),
    y: new Float32Array(total),
    cursor: new Int32Array(ordered.length),
    dots: new Float32Array(ordered.length * 2),
  };
  let c = 0;
  let k = 0;
  let p = 0;
  for (const colour of colours) {
    frames.groups[c++] = k;
    for (const track of byColour.get(colour)!) {
      frames.first[k++] = p;
      frames.t.set(track.t, p);
      frames.x.set(track.x, p);
      frames.y.set(track.y, p);
      p += track.t.length;
    }
  }
  frames.groups[c] = k;
  frames.first[k] = p;
  return frames;
}

/** The index of the last point of track `k` at or before `at` (-1 before its first), from its cursor. */
export function pointAt(frames: TrackFrames, k: number, at: number): number {
  const { t, first, cursor } = frames;
  const lo = first[k]!;
  const hi = first[k + 1]! - 1;
  let i = lo + cursor[k]!;
  if (t[i]! <= at) {
    // forward: a step or a few per frame while playing
    while (i < hi && t[i + 1]! <= at) i++;
  } else {
    let a = lo;
    let b = i - 1;
    i = lo - 1;
    while (a <= b) {
      const mid = (a + b) >> 1;
      if (t[mid]! <= at) {
        i = mid;
        a = mid + 1;
      } else b = mid - 1;
    }
  }
  cursor[k] = Math.max(0, i - lo);
  return i < lo ? -1 : i - lo;
}

/** How many points of a trail are drawn behind each moving dot. */
export const TRAIL = 8;
const DOT = 6;

/**
 * Draws one frame at `at` (ms from the start) and returns how many tracks are on the plan. Trails
 * are one hairline path per colour and dots one small path each: Skia rasterises hairlines and small
 * shapes quickly, while a wide stroke or one path of 1,000 circles costs tens of milliseconds of
 * rasterisation after the script has returned (time no script timer sees). The canvas is as large as
 * it is displayed (`plan` gives the drawing's plan-pixel size), so composing it is a plain copy.
 */
export function drawFrame(
  ctx: CanvasRenderingContext2D,
  frames: TrackFrames,
  at: number,
  plan: { width: number; height: number },
): number {
  const { t, x, y, first, groups, colours, dots } = frames;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  // plan pixels to the canvas' own (its displayed size): the trails one device pixel wide
  const sx = ctx.canvas.width / plan.width;
  const sy = ctx.canvas.height / plan.height;
  ctx.setTransform(sx, 0, 0, sy, 0, 0);
  ctx.lineWidth = 1 / Math.max(sx, sy);
  let shown = 0;
  for (let c = 0; c < colours.length; c++) {
    const colour = colours[c]!;
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.globalAlpha = 0.6;
    ctx.beginPath();
    const from = groups[c]!;
    const to = groups[c + 1]!;
    let n = 0;
    for (let k = from; k < to; k++) {
      const lo = first[k]!;
      const last = first[k + 1]! - 1;
      if (at < t[lo]! || at > t[last]!) continue;
      const i = lo + pointAt(frames, k, at);
      const j = Math.min(i + 1, last);
      const f = j === i ? 0 : (at - t[i]!) / (t[j]! - t[i]!);
      const px = x[i]! + (x[j]! - x[i]!) * f;
      const py = y[i]! + (y[j]! - y[i]!) * f;
      const start = Math.max(lo, i - TRAIL);
      ctx.moveTo(x[start]!, y[start]!);
      for (let p = start + 1; p <= i; p++) ctx.lineTo(x[p]!, y[p]!);
      ctx.lineTo(px, py);
      dots[n++] = px;
      dots[n++] = py;
    }
    ctx.stroke();
    ctx.globalAlpha = 0.9;
    for (let d = 0; d < n; d += 2) {
      ctx.beginPath();
      ctx.arc(dots[d]!, dots[d + 1]!, DOT, 0, Math.PI * 2);
      ctx.fill();
    }
    shown += n / 2;
  }
  ctx.globalAlpha = 1;
  return shown;
}
