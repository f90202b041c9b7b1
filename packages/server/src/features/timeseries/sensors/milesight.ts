import { MilesightPush } from '@footfall/domain';
import { badRequest } from '../../../platform/http/errors.js';
import { parseOr400, type ParsedPush } from './device-push.js';

/** "2022/12/20 18:15:52" (VS121-P manual) and ISO text with an offset (VS125 firmware) alike. */
const milesightTime = (t: string) => t.replace(/^(\d{4})\/(\d{2})\/(\d{2})/, '$1-$2-$3');

/**
 * Milesight VS1xx people counters reporting over HTTP(S) or MQTT (JSON; samples/README.md):
 * - `line_periodic_data`: counts of the report period (`time_info.start_time`..`end_time`) per line;
 * - `line_total_data`: running totals per line (`in_counted`/`out_counted`) at the period end, used
 *   only when the report carries no periodic counts (both in one report are the same people);
 * - `line_trigger_data` (a crossing notification) and region data (occupancy snapshots, dwell) are not
 *   stored as counts: they are listed as ignored.
 * The device is found by `device_info.device_sn` or `device_mac`; each line is a counter named by its
 * `line_name` (or "Line <n>"), which the device's `registers` setting can ignore.
 */
export function parseMilesight(body: unknown): ParsedPush {
  const p = parseOr400(MilesightPush, body);
  const identities = [p.device_info.device_sn, p.device_info.device_mac].filter((x): x is string => !!x);
  if (identities.length === 0)
    throw badRequest('device_info.device_sn: required (or device_info.device_mac)', 'device_info.device_sn');
  const push: ParsedPush = {
    vendor: 'milesight',
    identities,
    intervals: [],
    totals: [],
    attribute: 'start',
    ignored: [],
  };
  const lineName = (l: { line: number; line_name?: string | undefined }) => l.line_name ?? `Line ${l.line}`;
  const { start_time, end_time, time } = p.time_info;
  if (p.line_periodic_data && p.line_periodic_data.length > 0) {
    if (!start_time) throw badRequest('time_info.start_time: required', 'time_info.start_time');
    if (!end_time) throw badRequest('time_info.end_time: required', 'time_info.end_time');
    p.line_periodic_data.forEach((l, i) => {
      const base = { counter: lineName(l), from: milesightTime(start_time), to: milesightTime(end_time) };
      push.intervals.push(
        { ...base, direction: 'in', value: l.total.in, field: `line_periodic_data.${i}.total.in` },
        { ...base, direction: 'out', value: l.total.out, field: `line_periodic_data.${i}.total.out` },
      );
    });
    if (p.line_total_data) push.ignored.push('line_total_data');
  } else if (p.line_total_data && p.line_total_data.length > 0) {
    const at = end_time ?? time;
    if (!at) throw badRequest('time_info.end_time: required', 'time_info.end_time');
    p.line_total_data.forEach((l, i) => {
      const base = { counter: lineName(l), at: milesightTime(at) };
      push.totals.push(
        {
          ...base,
          direction: 'in',
          total: l.total.in_counted,
          field: `line_total_data.${i}.total.in_counted`,
        },
        {
          ...base,
          direction: 'out',
          total: l.total.out_counted,
          field: `line_total_data.${i}.total.out_counted`,
        },
      );
    });
  }
  for (const key of ['line_trigger_data', 'region_data', 'region_trigger_data', 'region_count_data', 'event'])
    if (key in (p as Record<string, unknown>)) push.ignored.push(key);
  return push;
}
