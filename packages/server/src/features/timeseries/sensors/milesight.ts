import { MilesightPush } from '@footfall/domain';
import { badRequest } from '../../../platform/http/errors.js';
import { parseOr400, type ParsedInterval, type ParsedPush } from './device-push.js';

/** "2022/12/20 18:15:52" (VS121-P manual) and ISO text with an offset (VS125 firmware) alike. */
const milesightTime = (t: string) => t.replace(/^(\d{4})\/(\d{2})\/(\d{2})/, '$1-$2-$3');

type Report = ReturnType<typeof MilesightPush.parse>;

/** The report period, required once the report carries counts of a period. */
function period(p: Report) {
  const { start_time, end_time } = p.time_info;
  if (!start_time) throw badRequest('time_info.start_time: required', 'time_info.start_time');
  if (!end_time) throw badRequest('time_info.end_time: required', 'time_info.end_time');
  return { from: milesightTime(start_time), to: milesightTime(end_time) };
}

/**
 * Region data of a periodic report (VS125, VS13x-P `region_data`): the people in each region at the
 * period end as Occupancy over the period (regions add up; a region's name can be ignored in the
 * device's `registers`), the regions' average stay (ms) as DwellTime in seconds - the plain mean of
 * the regions' averages, the report giving no visitor count per region.
 */
function regionIntervals(p: Report): ParsedInterval[] {
  const regions = p.region_data;
  const counts = regions?.region_count_data ?? [];
  const dwell = regions?.dwell_time_data ?? [];
  if (counts.length === 0 && dwell.length === 0) return [];
  const span = period(p);
  const out: ParsedInterval[] = counts.map((r, i) => ({
    ...span,
    counter: r.region_name ?? `Region ${r.region}`,
    direction: 'in',
    value: r.total.current_total,
    field: `region_data.region_count_data.${i}.total.current_total`,
    protocol: 'Occupancy',
  }));
  if (dwell.length > 0)
    out.push({
      ...span,
      counter: 'dwell_time_data',
      direction: 'in',
      value: dwell.reduce((s, r) => s + r.avg_dwell_time, 0) / dwell.length / 1000,
      field: 'region_data.dwell_time_data.0.avg_dwell_time',
      protocol: 'DwellTime',
    });
  return out;
}

/**
 * Milesight people counters reporting over HTTP(S) or MQTT (JSON; samples/README.md):
 * - `line_periodic_data`: counts of the report period (`time_info.start_time`..`end_time`) per line;
 * - `line_total_data`: running totals per line (`in_counted`/`out_counted`) at the period end, used
 *   only when the report carries no periodic counts (both in one report are the same people);
 * - `line_trigger_data`: a trigger report sent at a crossing (`time_info.time`) with each line's
 *   running totals (`total.in`/`out`), counted as the difference from the line's previous total in
 *   the minute of the crossing; configure the recipient with either periodic or trigger line data;
 * - `region_data` (periodic): Occupancy and DwellTime (regionIntervals);
 * - VS121-P "Region People Counting" periodic report (`report_type` `interval`): `current_total`
 *   (people in the whole view at the period end) as Occupancy over the period. Its trigger report
 *   (`time_info.time`, an occupancy change) and a stay's `region_trigger_data` are listed as ignored.
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
  const { end_time, time } = p.time_info;
  const totals = (
    lines: readonly { line: number; line_name?: string | undefined }[],
    at: string,
    counts: (i: number) => [number, number],
    field: (i: number, direction: 'in' | 'out') => string,
  ) =>
    lines.forEach((l, i) => {
      const [inTotal, outTotal] = counts(i);
      const base = { counter: lineName(l), at: milesightTime(at) };
      push.totals.push(
        { ...base, direction: 'in', total: inTotal, field: field(i, 'in') },
        { ...base, direction: 'out', total: outTotal, field: field(i, 'out') },
      );
    });

  if (p.line_periodic_data && p.line_periodic_data.length > 0) {
    const span = period(p);
    p.line_periodic_data.forEach((l, i) => {
      const base = { ...span, counter: lineName(l) };
      push.intervals.push(
        { ...base, direction: 'in', value: l.total.in, field: `line_periodic_data.${i}.total.in` },
        { ...base, direction: 'out', value: l.total.out, field: `line_periodic_data.${i}.total.out` },
      );
    });
    if (p.line_total_data) push.ignored.push('line_total_data');
  } else if (p.line_total_data && p.line_total_data.length > 0) {
    const at = end_time ?? time;
    if (!at) throw badRequest('time_info.end_time: required', 'time_info.end_time');
    const lines = p.line_total_data;
    totals(
      lines,
      at,
      (i) => [lines[i]!.total.in_counted, lines[i]!.total.out_counted],
      (i, d) => `line_total_data.${i}.total.${d}_counted`,
    );
  }
  if (p.line_trigger_data && p.line_trigger_data.length > 0) {
    if (push.intervals.length > 0 || push.totals.length > 0) push.ignored.push('line_trigger_data');
    else {
      if (!time) throw badRequest('time_info.time: required', 'time_info.time');
      const lines = p.line_trigger_data;
      totals(
        lines,
        time,
        (i) => [lines[i]!.total.in, lines[i]!.total.out],
        (i, d) => `line_trigger_data.${i}.total.${d}`,
      );
      push.attribute = 'end';
    }
  }
  push.intervals.push(...regionIntervals(p));
  if (p.current_total !== undefined) {
    if (p.report_type === 'interval')
      push.intervals.push({
        ...period(p),
        counter: 'current_total',
        direction: 'in',
        value: p.current_total,
        field: 'current_total',
        protocol: 'Occupancy',
      });
    else push.ignored.push('current_total');
  }
  for (const key of ['region_trigger_data', 'attention_region_trigger_data', 'di_trigger_data'])
    if (key in (p as Record<string, unknown>)) push.ignored.push(key);
  return push;
}
