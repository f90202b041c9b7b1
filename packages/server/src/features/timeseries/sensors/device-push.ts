import type { DeviceSensorSettings } from '@footfall/domain';
import type { z } from 'zod';
import { badRequest } from '../../../platform/http/errors.js';

/**
 * What a vendor parser (axis.ts, hikvision.ts, milesight.ts, vivotek.ts) makes of one payload, before
 * the device is known: its identities, interval counts and running totals by direction, with the
 * device's own name of each counting line. Instants stay as the device wrote them (text or epoch ms):
 * text without an offset is the device's local time, read once the device (and its location's time
 * zone) is found. `field` is the payload path a 400 names.
 */
export type Direction = 'in' | 'out';
export type DeviceTime = string | number;

export interface ParsedInterval {
  counter: string;
  direction: Direction;
  from: DeviceTime;
  to: DeviceTime;
  value: number;
  field: string;
  /** a fixed protocol (e.g. PasserBy) instead of the direction's TrafficIn/TrafficOut */
  protocol?: string;
}

export interface ParsedTotal {
  counter: string;
  direction: Direction;
  at: DeviceTime;
  total: number;
  field: string;
  protocol?: string;
}

export interface ParsedPush {
  vendor: string;
  identities: string[];
  intervals: ParsedInterval[];
  totals: ParsedTotal[];
  /** how totals become counts: `end` for event-driven totals, `start` for periodic ones (counters.ts) */
  attribute: 'start' | 'end';
  /** parts of the payload that carry no count we store (names, for the response) */
  ignored: string[];
}

/** Parses `body` with `schema`; a failure is a 400 naming the first offending field. */
export function parseOr400<S extends z.ZodType>(schema: S, body: unknown, prefix = ''): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  throw badRequest(`${path || 'body'}: ${issue.message}`, path || 'body');
}

/**
 * The protocol a counter's direction is stored under, after the device settings: `registers` names a
 * counter (its name or number as the device sends it) -> a protocol or `ignore` (for single-direction
 * counters such as an Axis crossline scenario), `swapDirections` turns in into out. Null: ignored.
 */
export function protocolFor(
  settings: DeviceSensorSettings,
  counter: string,
  direction: Direction,
  singleDirection = false,
  fixed?: string,
): string | null {
  const mapped = settings.registers?.[counter];
  if (mapped === 'ignore') return null;
  if (fixed) return fixed;
  if (mapped && singleDirection) return mapped;
  const d = settings.swapDirections ? (direction === 'in' ? 'out' : 'in') : direction;
  return d === 'in' ? 'TrafficIn' : 'TrafficOut';
}
