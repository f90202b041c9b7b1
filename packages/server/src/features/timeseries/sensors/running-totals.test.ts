import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../../test/factories.js';
import { sampleJson } from './sample-files.js';
import { lockDeviceTotals } from './sensors.repository.js';

/**
 * Running totals posted concurrently (a device retrying while its previous report is still being
 * stored, or several reports queued behind a network outage and flushed at once): every report is
 * built on Milesight's published VS125 line-trigger sample (samples/README.md), one crossing a minute,
 * and they are posted all at once in a mixed order. Whatever the order in which they are stored, the
 * counts must be the differences of consecutive totals: exactly what the totals say was counted.
 */
describe('running totals posted concurrently', () => {
  let t: TestApp;
  let admin: MadeUser;
  let deviceId: string;
  const tz = 'Asia/Shanghai';

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-06-01T00:00:00Z');
    const group = await makeGroup(t.db);
    admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
    const loc = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: tz } });
    deviceId = (
      await makeDevice(t.db, { parentId: loc.id, attributes: { serialNumber: '6384E16179950009' } })
    ).id;
  });

  const post = async (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/milesight',
      headers: { ...(await authHeader(t.ctx, admin)), 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  /** [local minute, value] of the device's stored counts of `protocol` */
  const points = async (protocol: string) =>
    (
      await sql<{ at: string; value: number }>`
        select to_char(m.occurred_on at time zone ${tz}, 'HH24:MI') as at, m.value
        from measurement m join time_series s on s.key = m.series_key
        where s.node_id = ${deviceId} and s.measurement_protocol = ${protocol} and m.value <> 0
        order by m.occurred_on`.execute(t.db)
    ).rows.map((r) => [r.at, r.value]);

  it('Milesight line-trigger totals in any order count each crossing once', async () => {
    const reports = 24;
    // line 1 gains 1-3 people in and 0-1 out a minute, line 3 gains 1 in every other minute
    const in1 = (k: number) =>
      27 + Array.from({ length: k }, (_, j) => 1 + (j % 3)).reduce((a, b) => a + b, 0);
    const out1 = (k: number) => 27 + Math.floor(k / 2);
    const in3 = (k: number) => 27 + Math.ceil(k / 2);
    const report = (k: number) => {
      const r = sampleJson('milesight-vs125-line-trigger.json5');
      const lines = r.line_trigger_data as { total: { in: number; out: number } }[];
      lines[0]!.total = { in: in1(k), out: out1(k) };
      lines[1]!.total = { in: in3(k), out: 27 };
      const minute = 11 + k;
      r.time_info = {
        time: `2024-05-30T${20 + Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}:32+08:00`,
      };
      return r;
    };
    // every report in flight at once: odd minutes first (newest first), then even ones (oldest first)
    const order = [
      ...Array.from({ length: reports }, (_, k) => reports - 1 - k).filter((k) => k % 2 === 1),
      ...Array.from({ length: reports }, (_, k) => k).filter((k) => k % 2 === 0),
    ];
    const answers = await Promise.all(order.map((k) => post(report(k))));
    expect(answers.map((a) => a.statusCode)).toEqual(order.map(() => 200));

    const minuteText = (k: number) => {
      const m = 11 + k;
      return `${20 + Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
    };
    const expected = (total: (k: number) => number) =>
      Array.from({ length: reports - 1 }, (_, j) => j + 1)
        .map((k) => [minuteText(k), total(k) - total(k - 1)])
        .filter(([, v]) => v !== 0);
    expect(await points('TrafficIn')).toEqual(expected((k) => in1(k) + in3(k)));
    expect(await points('TrafficOut')).toEqual(expected(out1));
    // and in total exactly what the last totals say was counted since the first
    const sum = (rows: (string | number)[][]) => rows.reduce((s, r) => s + Number(r[1]), 0);
    expect(sum(await points('TrafficIn'))).toBe(in1(reports - 1) - in1(0) + in3(reports - 1) - in3(0));
  });

  it("waits for the device's lock held elsewhere (another instance storing the same device's totals)", async () => {
    const report = sampleJson('milesight-vs125-line-trigger.json5');
    report.time_info = { time: '2024-05-30T21:30:32+08:00' };
    let answered = false;
    let pending: Promise<unknown> = Promise.resolve();
    await t.db.transaction().execute(async (trx) => {
      await lockDeviceTotals(trx, deviceId);
      pending = post(report).then((res) => {
        answered = true;
        return res;
      });
      await new Promise((r) => setTimeout(r, 500));
      // still waiting: nothing of this push is stored while the other holder has the lock
      expect(answered).toBe(false);
    });
    const res = (await pending) as { statusCode: number };
    expect(res.statusCode).toBe(200);
    expect(answered).toBe(true);
  });
});
