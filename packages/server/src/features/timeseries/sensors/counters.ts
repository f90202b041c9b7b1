import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';
import { intervalCount } from './counter-differences.js';
import { lockDeviceTotals } from './sensors.repository.js';
import type { IntervalPoint } from './pipeline.js';

/**
 * Several running counters of one device feeding one protocol (Axis Object Analytics crossline
 * scenarios, Milesight lines, Hikvision channels): each counter's totals are kept in
 * `sensor_counter_reading`; the count between two consecutive totals of a counter is the difference
 * (a total going down is a reset, see counter-differences.ts), and the counts of every counter of the
 * protocol are summed per minute. The minutes a push touches are recomputed whole from the stored
 * totals, so a re-sent total replaces and never doubles, and a second counter pushing later into the
 * same minute adds to the first one's count instead of overwriting it.
 *
 * `attribute`: `end` puts a count in the minute of the later total (event-driven totals: a crossing
 * event carries the new total, the count happened then); `start` in the minute of the earlier total
 * (periodic totals: the count covers the interval that starts there).
 */
export interface CounterReading {
  protocol: string;
  counter: string;
  atMs: number;
  total: number;
  field?: string;
}

const MINUTE = 60_000;
const minuteOf = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

interface Row {
  counter: string;
  at: number;
  total: number;
}

/** Per-minute sums of the counts of `rows` (several counters), keeping the minutes in [lo, hi). */
export function minuteCounts(
  rows: readonly Row[],
  attribute: 'start' | 'end',
  lo: number,
  hi: number,
): Map<number, number> {
  const byCounter = new Map<string, Row[]>();
  for (const r of rows) {
    const list = byCounter.get(r.counter) ?? [];
    list.push(r);
    byCounter.set(r.counter, list);
  }
  const sums = new Map<number, number>();
  for (const list of byCounter.values()) {
    list.sort((a, b) => a.at - b.at);
    for (let i = 1; i < list.length; i++) {
      const at = minuteOf(attribute === 'end' ? list[i]!.at : list[i - 1]!.at);
      if (at < lo || at >= hi) continue;
      sums.set(at, (sums.get(at) ?? 0) + intervalCount(list[i - 1]!.total, list[i]!.total));
    }
  }
  return sums;
}

/**
 * Stores the readings and answers the interval points (one per touched minute and protocol) to store
 * through the pipeline. Nothing is stored for a counter's first total ever (the baseline). `db` is
 * the ingest transaction (pipeline.storeBatches' `derived`): the device's lock is held until it ends.
 */
export async function counterIntervals(
  db: Db,
  deviceId: string,
  readings: readonly CounterReading[],
  attribute: 'start' | 'end',
): Promise<IntervalPoint[]> {
  if (readings.length === 0) return [];
  await lockDeviceTotals(db, deviceId);
  await sql`
    insert into sensor_counter_reading (device_id, protocol, counter, occurred_on, total)
    select ${deviceId}, p, c, to_timestamp(t / 1000.0), v
    from unnest(${readings.map((r) => r.protocol)}::text[], ${readings.map((r) => r.counter)}::text[],
                ${readings.map((r) => r.atMs)}::float8[], ${readings.map((r) => r.total)}::float8[]) as x(p, c, t, v)
    on conflict (device_id, protocol, counter, occurred_on) do update set total = excluded.total`.execute(db);

  const points: IntervalPoint[] = [];
  for (const protocol of new Set(readings.map((r) => r.protocol))) {
    const mine = readings.filter((r) => r.protocol === protocol);
    const from = Math.min(...mine.map((r) => r.atMs));
    const to = Math.max(...mine.map((r) => r.atMs));
    // the totals around the new ones: one before `from` and one after `to` per counter, all between
    const { rows: edges } = await sql<{ before: number | null; after: number | null }>`
      select
        (select extract(epoch from max(occurred_on)) * 1000 from sensor_counter_reading
          where device_id = ${deviceId} and protocol = ${protocol} and occurred_on < to_timestamp(${from} / 1000.0))::float8 as before,
        (select extract(epoch from min(occurred_on)) * 1000 from sensor_counter_reading
          where device_id = ${deviceId} and protocol = ${protocol} and occurred_on > to_timestamp(${to} / 1000.0))::float8 as after`.execute(
      db,
    );
    // minutes whose counts change: from the earliest count touching a new total to the latest
    const lo = minuteOf(attribute === 'end' ? from : (edges[0]?.before ?? from));
    const hi = minuteOf(attribute === 'end' ? (edges[0]?.after ?? to) : to) + MINUTE;
    // every total that can give a count in [lo, hi): those inside, plus each counter's last one before lo
    // (attribute start: its count may fall in lo's minute) and first one after hi (attribute end)
    const { rows } = await sql<Row>`
      select counter, (extract(epoch from occurred_on) * 1000)::float8 as at, total
      from sensor_counter_reading
      where device_id = ${deviceId} and protocol = ${protocol}
        and occurred_on >= to_timestamp(${lo} / 1000.0) and occurred_on < to_timestamp(${hi} / 1000.0)
      union all
      select * from (
        select distinct on (counter) counter, (extract(epoch from occurred_on) * 1000)::float8, total
        from sensor_counter_reading
        where device_id = ${deviceId} and protocol = ${protocol} and occurred_on < to_timestamp(${lo} / 1000.0)
        order by counter, occurred_on desc) b
      union all
      select * from (
        select distinct on (counter) counter, (extract(epoch from occurred_on) * 1000)::float8, total
        from sensor_counter_reading
        where device_id = ${deviceId} and protocol = ${protocol} and occurred_on >= to_timestamp(${hi} / 1000.0)
        order by counter, occurred_on) a`.execute(db);
    for (const [at, value] of minuteCounts(rows, attribute, lo, hi)) {
      points.push({ protocol, atMs: at, seconds: 60, value, field: mine[0]!.field });
    }
  }
  return points;
}
