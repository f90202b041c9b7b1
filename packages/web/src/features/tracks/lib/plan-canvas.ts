import type { FloorPlanView } from '@footfall/domain';
import { toPlan } from './plan-geometry';

/** A device's colour on the plan: its fields of view, zones and tracks (by its place in the plan's list). */
export const DEVICE_COLOURS = ['#1565c0', '#c2185b', '#2e7d32', '#ef6c00', '#6a1b9a'];
export const deviceColour = (index: number) => DEVICE_COLOURS[index % DEVICE_COLOURS.length]!;

/** The plan's background without an image, and its grid (every 40 plan pixels). */
const BACKGROUND = '#f7f8fa';
const GRID = '#e3e7ee';
const GRID_STEP = 40;

/**
 * A canvas' pixel size for a displayed (CSS) size: the device pixels it covers, so the compositor
 * copies it without scaling and a 1-pixel line is one device pixel, at most 2 device pixels a CSS
 * pixel (beyond that the extra pixels cost more than they show). `device` is the exact device-pixel
 * size when the browser gives it (ResizeObserver's devicePixelContentBoxSize).
 */
export function canvasPixels(
  css: { width: number; height: number },
  ratio: number,
  device?: { width: number; height: number },
): { width: number; height: number } {
  const dpr = ratio > 0 ? ratio : 1;
  const cap = Math.min(1, 2 / dpr);
  // the exact size when it agrees with the ratio (an emulated ratio, as in test browsers, does not
  // change what the browser reports as device pixels)
  const exact =
    device &&
    Math.abs(device.width - css.width * dpr) <= 1 &&
    Math.abs(device.height - css.height * dpr) <= 1;
  const width = exact ? device.width * cap : css.width * dpr * cap;
  const height = exact ? device.height * cap : css.height * dpr * cap;
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/**
 * The static floor plan, drawn once per size into its own opaque canvas under the player's moving
 * tracks: the image (a grid when the plan has none, the bare background while it loads), then each device's zones with their names and its field
 * of view's origin and x axis, as the floor plan editor shows them.
 */
export function drawPlan(
  ctx: CanvasRenderingContext2D,
  plan: FloorPlanView,
  image: CanvasImageSource | null,
  fontFamily: string,
) {
  const { width, height } = ctx.canvas;
  const sx = width / plan.width;
  const sy = height / plan.height;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(sx, 0, 0, sy, 0, 0);
  if (image) ctx.drawImage(image, 0, 0, plan.width, plan.height);
  else if (!plan.image) {
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1 / Math.max(sx, sy);
    ctx.beginPath();
    for (let x = GRID_STEP; x < plan.width; x += GRID_STEP) {
      ctx.moveTo(x, 0);
      ctx.lineTo(x, plan.height);
    }
    for (let y = GRID_STEP; y < plan.height; y += GRID_STEP) {
      ctx.moveTo(0, y);
      ctx.lineTo(plan.width, y);
    }
    ctx.stroke();
  }
  ctx.font = `18px ${fontFamily}`;
  plan.devices.forEach((device, i) => {
    const colour = deviceColour(i);
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    for (const zone of device.zones) {
      const corners = zone.points.map(([x, y]) => toPlan(device, x, y));
      ctx.beginPath();
      for (const [x, y] of corners) ctx.lineTo(x, y);
      ctx.closePath();
      ctx.globalAlpha = 0.15;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.fillText(zone.name, corners[0]![0] + 6, corners[0]![1] + 20);
    }
    const [ox, oy] = toPlan(device, 0, 0);
    const [ax, ay] = toPlan(device, 1, 0);
    ctx.beginPath();
    ctx.arc(ox, oy, 8, 0, Math.PI * 2);
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(ox, oy);
    ctx.lineTo(ax, ay);
    ctx.stroke();
  });
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
