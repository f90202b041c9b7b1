import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database.js';

/** Hex digits of a MAC address written in any usual way, or null when it is not one. */
export function macDigits(text: string): string | null {
  const hex = text.replace(/[^0-9a-fA-F]/g, '').toLowerCase();
  return hex.length === 12 && /^[0-9a-f:.\- ]+$/i.test(text.trim()) ? hex : null;
}

/**
 * The device a sensor identifies itself as: by its `serialNumber` attribute, or by its `macAddress`
 * (node_mac_idx on lower(macAddress); the usual spellings of the same address are tried).
 */
export async function findDeviceByIdentity(db: Db, identities: readonly string[]): Promise<string[]> {
  const serials = identities.map((s) => s.trim().toLowerCase()).filter(Boolean);
  const macs = new Set<string>();
  for (const id of identities) {
    const hex = macDigits(id);
    if (!hex) continue;
    const pairs = hex.match(/../g)!;
    macs.add(pairs.join(':'));
    macs.add(pairs.join('-'));
    macs.add(hex);
  }
  const { rows } = await sql<{ id: string }>`
    select id from node
    where type = 'device' and (
      lower(attributes->>'macAddress') = any(${[...macs]}::text[])
      or lower(attributes->>'serialNumber') = any(${serials}::text[])
    )
    order by created_at`.execute(db);
  return rows.map((r) => r.id);
}

export interface Reading {
  at: number;
  total: number;
}

/** Stores register totals (a re-sent log replaces its reading). */
export async function upsertReadings(db: Db, seriesKey: number, readings: readonly Reading[]): Promise<void> {
  if (readings.length === 0) return;
  await sql`
    insert into counter_reading (series_key, occurred_on, total)
    select ${seriesKey}, to_timestamp(t / 1000.0), v
    from unnest(${readings.map((r) => r.at)}::float8[], ${readings.map((r) => r.total)}::float8[]) as x(t, v)
    on conflict (series_key, occurred_on) do update set total = excluded.total`.execute(db);
}

/**
 * Readings from the one before `fromMs` to the one after `toMs` (both included when they exist), in
 * time order: what the differences of the new readings, and of their neighbours, need.
 */
export async function readingsAround(db: Db, seriesKey: number, fromMs: number, toMs: number) {
  const { rows } = await sql<{ at: number; total: number }>`
    select (extract(epoch from occurred_on) * 1000)::float8 as at, total from counter_reading
    where series_key = ${seriesKey}
      and occurred_on >= coalesce((select max(occurred_on) from counter_reading
        where series_key = ${seriesKey} and occurred_on < to_timestamp(${fromMs} / 1000.0)), to_timestamp(${fromMs} / 1000.0))
      and occurred_on <= coalesce((select min(occurred_on) from counter_reading
        where series_key = ${seriesKey} and occurred_on > to_timestamp(${toMs} / 1000.0)), to_timestamp(${toMs} / 1000.0))
    order by occurred_on`.execute(db);
  return rows;
}

/** The device's location time zone (nearest `timezone` attribute up the tree), UTC without one. */
export async function deviceTimeZone(db: Db, deviceId: string): Promise<string> {
  const { rows } = await sql<{ tz: string | null }>`
    with recursive up as (
      select id, parent_id, attributes, 0 as depth from node where id = ${deviceId}
      union all
      select n.id, n.parent_id, n.attributes, up.depth + 1 from node n join up on n.id = up.parent_id
      where up.depth < 64
    )
    select attributes->>'timezone' as tz from up where attributes ? 'timezone' order by depth limit 1`.execute(
    db,
  );
  return rows[0]?.tz ?? 'UTC';
}

/** Advisory lock class of a device's running totals (the object is the device id's hash). */
const LOCK_DEVICE_TOTALS = 727_278;

/**
 * Takes the device's running-totals lock for the rest of the transaction `trx`: two pushes of one
 * device (a retry overlapping the next report, a queue flushed at once) store their totals and the
 * counts they give one after the other, each reading the totals the other committed.
 */
export async function lockDeviceTotals(trx: Db, deviceId: string) {
  await sql`select pg_advisory_xact_lock(${LOCK_DEVICE_TOTALS}, hashtext(${deviceId}))`.execute(trx);
}
