import { sql, type Kysely } from 'kysely';

/**
 * Running totals of the counters of a device (issue 17, part B: Axis Object Analytics scenarios,
 * Milesight lines, Hikvision real-time totals, Axis live sums). One device can have several counters
 * for one protocol (two crossline scenarios counting in); each counter's consecutive totals give
 * interval counts, and the counts of all counters of a protocol are summed per minute
 * (features/timeseries/sensors/counters.ts). `counter` is the device's own name for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sensor_counter_reading (
      device_id uuid not null references node(id) on delete cascade,
      protocol text not null,
      counter text not null,
      occurred_on timestamptz not null,
      total double precision not null,
      primary key (device_id, protocol, counter, occurred_on)
    );
  `.execute(db);
}
