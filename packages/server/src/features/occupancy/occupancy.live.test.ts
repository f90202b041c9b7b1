import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Principal } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../test/factories.js';
import type { DomainEvents } from '../../platform/event-bus.js';

/**
 * The live fast path of the occupancy engine (counts folded on from the last fold's state) against
 * the full refold and against a reference fold written here, on random sequences of live counts,
 * counts of an instant already folded (another door), re-sent intervals (which replace), late counts
 * and operator adjustments.
 */

/** mulberry32: a small seeded generator, so that a failure can be replayed from its seed */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MINUTE = 60_000;
const SECOND = 1000;

interface Adjustment {
  at: number;
  delta?: number;
  value?: number;
}

/** The fold as DESIGN.md section 5 states it, from scratch: the oracle. */
function referenceFold(
  points: Map<string, number>,
  ins: Set<number>,
  adjustments: Adjustment[],
  resetMs: number,
  floor: number,
) {
  const net = new Map<number, number>();
  for (const [key, v] of points) {
    const [s, t] = key.split('|').map(Number) as [number, number];
    if (t < resetMs) continue;
    net.set(t, (net.get(t) ?? 0) + (ins.has(s) ? v : -v));
  }
  const events: { at: number; kind: 0 | 1; apply: (v: number) => number }[] = [];
  for (const [at, n] of net) events.push({ at, kind: 0, apply: (v) => v + n });
  for (const a of adjustments) {
    if (a.at < resetMs) continue;
    events.push({ at: a.at, kind: 1, apply: (v) => a.value ?? v + a.delta! });
  }
  // counts of an instant before its adjustments; adjustments of one instant in the order made
  events.sort((x, y) => x.at - y.at || x.kind - y.kind);
  const history = new Map<number, number>([[Math.floor(resetMs / MINUTE) * MINUTE, floor]]);
  let value = floor;
  for (const e of events) {
    value = Math.max(floor, e.apply(value));
    history.set(Math.floor(e.at / MINUTE) * MINUTE, value);
  }
  return { value, history };
}

describe('occupancy live fast path', () => {
  let t: TestApp;
  let root: MadeUser;
  let operator: Principal;
  let locationId: string;
  /** in A, out A, in B, out B */
  const series: { id: string; key: number }[] = [];
  const events: DomainEvents['occupancyChanged'][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-06-02T15:00:00Z'); // 11:00 in Toronto
    t.ctx.bus.on('occupancyChanged', (e) => events.push(e));
    const group = await makeGroup(t.db);
    locationId = (await makeLocation(t.db, { parentId: group.id })).id;
    for (let door = 0; door < 2; door++) {
      const device = await makeDevice(t.db, { parentId: locationId });
      for (const measurementProtocol of ['TrafficIn', 'TrafficOut']) {
        const made = await t.app.services.series.ensureSeries({ nodeId: device.id, measurementProtocol });
        series.push({ id: made.id, key: made.key });
      }
    }
    root = await makeUser(t.db, { roles: ['superAdmin'] });
    const op = await makeUser(t.db, { roles: ['OccupancyOperator'], scopeNodeId: group.id });
    operator = { userId: op.id, username: op.username, roles: ['OccupancyOperator'], scopeNodeId: group.id };
  });

  async function push(points: [number, number, number][]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/measurements',
      headers: await authHeader(t.ctx, root),
      payload: {
        measurements: points.map(([s, at, value]) => ({
          timeSeriesId: series[s]!.id,
          occurredOn: new Date(at).toISOString(),
          value,
        })),
      },
    });
    expect(res.statusCode).toBe(200);
    await t.app.services.occupancy.settled();
  }

  async function stored() {
    const cfg = (await t.app.services.occupancy.configOfNode(locationId))!;
    const { rows } = await sql<{ at: Date; value: number }>`
      select m.occurred_on as at, m.value from measurement m join time_series s on s.key = m.series_key
      where s.id = ${cfg.history_series_id} and m.occurred_on >= ${cfg.last_reset_at}
      order by m.occurred_on`.execute(t.db);
    return {
      cfg,
      value: cfg.current_value,
      history: rows.map((r) => `${r.at.toISOString()}=${r.value}`),
    };
  }

  const asRows = (history: Map<number, number>) =>
    [...history].sort((a, b) => a[0] - b[0]).map(([at, v]) => `${new Date(at).toISOString()}=${v}`);

  for (const seed of [1, 2, 3]) {
    it(`gives the full refold's value and history on a random sequence (seed ${seed})`, async () => {
      const rnd = random(seed * 7919);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
      const ins = new Set([series[0]!.key, series[2]!.key]);
      const cfg0 = (await t.app.services.occupancy.configOfNode(locationId))!;
      const occupancyId = cfg0.id;
      // a fresh start for this sequence: a reset at a new day's local midnight (04:00Z)
      const day = Date.parse('2025-06-02T04:00:00Z') + seed * 24 * 3600_000;
      t.clock.set(new Date(day + 6 * 3600_000));
      await t.app.services.occupancy.reset(occupancyId, new Date(day));
      const points = new Map<string, number>();
      const adjustments: Adjustment[] = [];
      let latest = day + 6 * 3600_000; // 02:00 local
      const statsBefore = t.app.services.occupancy.foldStats();
      let compared = 0;

      for (let step = 0; step < 60; step++) {
        const r = rnd();
        const batch: [number, number, number][] = [];
        const count = (s: number, at: number) => {
          // outs are larger now and then, so that the floor is hit
          const v = Math.floor(rnd() * (s % 2 === 1 && rnd() < 0.3 ? 9 : 4));
          batch.push([s, at, v]);
        };
        const instants = [...new Set([...points.keys()].map((k) => Number(k.split('|')[1])))].sort(
          (a, b) => a - b,
        );
        let adjusted: Adjustment | null = null;
        if (r < 0.5 || instants.length === 0) {
          // live: the same instant as the latest (another door) or later
          latest += pick([0, 0, SECOND, 30 * SECOND, MINUTE, MINUTE, 150 * SECOND]);
          const doors = rnd() < 0.5 ? [0, 1, 2, 3] : [pick([0, 1, 2, 3])];
          for (const s of doors) count(s, latest);
        } else if (r < 0.65) {
          // a re-sent interval (replaces), often the last one
          const at = rnd() < 0.5 ? instants.at(-1)! : pick(instants);
          count(pick([0, 1, 2, 3]), at);
        } else if (r < 0.8) {
          // late: before the latest instant
          const at = latest - Math.floor(rnd() * 20) * 30 * SECOND - SECOND;
          count(pick([0, 1, 2, 3]), Math.max(day, at));
          if (rnd() < 0.5) count(pick([0, 1, 2, 3]), (latest += MINUTE)); // with a live one
        } else if (r < 0.9) {
          // an operator adjustment at the latest instant or a little after it
          const at = latest + pick([0, 0, 10 * SECOND, 45 * SECOND]);
          t.clock.set(new Date(at));
          const change =
            rnd() < 0.5 ? { delta: Math.floor(rnd() * 7) - 3 } : { value: Math.floor(rnd() * 6) };
          adjusted = { at, ...change };
          await t.app.services.occupancy.adjust(operator, occupancyId, change);
          adjustments.push(adjusted);
        } else {
          // several instants at once, some of them already folded
          for (let i = 0; i < 3; i++) count(pick([0, 1, 2, 3]), latest + i * 20 * SECOND);
          latest += 40 * SECOND;
        }
        const eventsBefore = events.length;
        const previous = (await stored()).value;
        if (batch.length > 0) {
          t.clock.set(new Date(Math.max(t.clock.now().getTime(), latest)));
          await push(batch);
          for (const [s, at, v] of batch) points.set(`${series[s]!.key}|${at}`, v);
        }
        const expected = referenceFold(points, ins, adjustments, day, 0);
        const got = await stored();
        const context = `seed ${seed}, step ${step}, batch ${JSON.stringify(batch)}, adjustment ${JSON.stringify(adjusted)}`;
        expect(got.value, context).toBe(expected.value);
        expect(got.history, context).toEqual(asRows(expected.history));
        // a change is published once with the new value, no change is not published
        if (batch.length > 0) {
          if (got.value !== previous) {
            expect(events.length, context).toBe(eventsBefore + 1);
            expect(events.at(-1), context).toMatchObject({ occupancyId, value: got.value });
          } else {
            expect(events.length, context).toBe(eventsBefore);
          }
        }
        // now and then the full refold from the reset: same value, same history (and the fast
        // path goes on from the state it leaves)
        if (rnd() < 0.25 || step === 59) {
          compared++;
          expect(await t.app.services.occupancy.refold(occupancyId), context).toBe(got.value);
          expect((await stored()).history, context).toEqual(got.history);
        }
      }
      const statsAfter = t.app.services.occupancy.foldStats();
      // the sequences above must exercise both paths
      expect(statsAfter.fast - statsBefore.fast).toBeGreaterThan(15);
      expect(statsAfter.full - statsBefore.full).toBeGreaterThan(compared);
    });
  }

  it('takes the fast path for counts in time order, and refolds fully for late counts', async () => {
    const cfg = (await t.app.services.occupancy.configOfNode(locationId))!;
    const day = Date.parse('2025-06-10T04:00:00Z');
    t.clock.set(new Date(day + 8 * 3600_000));
    await t.app.services.occupancy.reset(cfg.id, new Date(day));
    const base = day + 7 * 3600_000;
    const stats = () => t.app.services.occupancy.foldStats();
    let before = stats();
    await push([[0, base, 5]]); // the first count after a reset: in order
    await push([[2, base, 2]]); // the other door, same instant
    await push([[1, base + MINUTE, 3]]);
    await push([[1, base + MINUTE, 1]]); // the last interval re-sent
    let after = stats();
    expect(after.fast - before.fast).toBe(4);
    expect(after.full - before.full).toBe(0);
    expect((await stored()).value).toBe(6);
    before = after;
    await push([[0, base - MINUTE, 4]]); // late
    after = stats();
    expect(after.full - before.full).toBe(1);
    expect((await stored()).value).toBe(10);
    expect(events.at(-1)).toMatchObject({ occupancyId: cfg.id, value: 10 });
  });
});
