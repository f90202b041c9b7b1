import type { DevicePlacement } from '@footfall/domain';

/**
 * A device's sensor metres to floor-plan pixels and back: rotate by the placement's angle, scale,
 * then offset. The server applies the same transform in SQL (tracks-query.repository.ts).
 */
export function toPlan(p: DevicePlacement, x: number, y: number): [number, number] {
  const r = (p.rotation * Math.PI) / 180;
  return [
    p.offsetX + p.scale * (x * Math.cos(r) - y * Math.sin(r)),
    p.offsetY + p.scale * (x * Math.sin(r) + y * Math.cos(r)),
  ];
}

export function toSensor(p: DevicePlacement, px: number, py: number): [number, number] {
  const r = (p.rotation * Math.PI) / 180;
  const dx = (px - p.offsetX) / p.scale;
  const dy = (py - p.offsetY) / p.scale;
  return [dx * Math.cos(r) + dy * Math.sin(r), -dx * Math.sin(r) + dy * Math.cos(r)];
}

/** A value on the heat scale (0..1) as a colour: transparent blue through yellow to red. */
export function heatColour(share: number): string {
  const s = Math.max(0, Math.min(1, share));
  const hue = 240 - 240 * s;
  return `hsla(${hue.toFixed(0)}, 90%, 50%, ${(0.25 + 0.6 * s).toFixed(2)})`;
}

/** Round legend ticks from 0 to max (5 of them). */
export function legendTicks(max: number): number[] {
  if (max <= 0) return [0];
  return [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(max * f * 10) / 10);
}
