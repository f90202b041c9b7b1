import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createDb, type Db } from '../db/database.js';
import { ManualClock } from '../clock.js';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/harness.js';
import { Scheduler } from './scheduler.js';
import { dailyAt, every } from './schedule.js';

const MINUTE = 60_000;

const runsOf = (db: Db, job: string) =>
  db.selectFrom('job_run').selectAll().where('job', '=', job).orderBy('run_key').execute();

/** Resolves once `check` holds (polling the database for another instance's progress). */
async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('scheduler: two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  const setClocks = (iso: string) => {
    a.clock.set(iso);
    b.clock.set(iso);
  };
  const advanceClocks = (ms: number) => {
    a.clock.advance(ms);
    b.clock.advance(ms);
  };

  beforeAll(async () => {
    const { db, url } = await createTestDatabase();
    a = await createTestApp({}, { db });
    // the second instance has its own connection pool, clock and scheduler
    const other = createDb(url, { max: 5 }).db;
    afterAll(() => other.destroy());
    b = await createTestApp({}, { db: other });
  });

  it('runs a daily job once per target and local date when both pass its time', async () => {
    const ran: string[] = [];
    const job = (instance: string) => ({
      name: 'test.daily-report',
      schedule: dailyAt('04:00', async () => [
        { key: 'paris', timeZone: 'Europe/Paris' },
        { key: 'toronto', timeZone: 'America/Toronto' },
      ]),
      run: async (o: { runKey: string }) => {
        ran.push(`${instance} ${o.runKey}`);
      },
    });
    a.app.scheduler.register(job('a'));
    b.app.scheduler.register(job('b'));
    const tickBoth = async () => {
      const [ra, rb] = await Promise.all([
        a.app.scheduler.tick(['test.daily-report']),
        b.app.scheduler.tick(['test.daily-report']),
      ]);
      return [...ra, ...rb];
    };

    setClocks('2025-06-02T01:59:00Z'); // 03:59 in Paris
    expect(await tickBoth()).toEqual([]);
    advanceClocks(90_000); // 04:00:30 in Paris
    const first = await tickBoth();
    expect(first).toEqual([{ job: 'test.daily-report', runKey: 'paris:2025-06-02', status: 'succeeded' }]);
    // every further tick until the next day finds the run claimed; Toronto's 04:00 (08:00Z) runs once
    while (a.clock.now() < new Date('2025-06-03T09:00:00Z')) {
      advanceClocks(15 * MINUTE);
      await tickBoth();
    }
    expect(ran.map((r) => r.slice(2)).sort()).toEqual([
      'paris:2025-06-02',
      'paris:2025-06-03',
      'toronto:2025-06-02',
      'toronto:2025-06-03',
    ]);
    const rows = await runsOf(a.db, 'test.daily-report');
    expect(rows.map((r) => [r.run_key, r.status, r.attempt])).toEqual([
      ['paris:2025-06-02', 'succeeded', 1],
      ['paris:2025-06-03', 'succeeded', 1],
      ['toronto:2025-06-02', 'succeeded', 1],
      ['toronto:2025-06-03', 'succeeded', 1],
    ]);
    expect(rows[0]!.scheduled_for.toISOString()).toBe('2025-06-02T02:00:00.000Z');
    expect(rows[2]!.scheduled_for.toISOString()).toBe('2025-06-02T08:00:00.000Z');
    expect(rows.every((r) => r.finished_at !== null && r.duration_ms !== null && r.error === null)).toBe(
      true,
    );
  });

  it('an every-N job runs once per slot across instances', async () => {
    let count = 0;
    const job = { name: 'test.every-30s', schedule: every({ seconds: 30 }), run: async () => void count++ };
    a.app.scheduler.register(job);
    b.app.scheduler.register(job);
    setClocks('2025-06-05T10:00:00Z');
    for (let i = 0; i < 6; i++) {
      await Promise.all([a.app.scheduler.tick([job.name]), b.app.scheduler.tick([job.name])]);
      advanceClocks(10_000);
    }
    // 10:00:00, :10, :20 -> slot 10:00:00; :30, :40, :50 -> slot 10:00:30
    expect(count).toBe(2);
    expect((await runsOf(a.db, job.name)).map((r) => r.run_key)).toEqual([
      '2025-06-05T10:00:00.000Z',
      '2025-06-05T10:00:30.000Z',
    ]);
  });

  it('a run whose instance died is taken over once its lease has expired, and only then', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    const job = (instance: string) => ({
      name: 'test.crashing',
      leaseMs: 2 * MINUTE,
      schedule: dailyAt('06:00', async () => [{ key: 'utc', timeZone: 'UTC' }]),
      run: async () => {
        calls.push(instance);
        if (instance === 'a') await gate; // instance a "dies" in the middle of the run
      },
    });
    a.app.scheduler.register(job('a'));
    b.app.scheduler.register(job('b'));
    setClocks('2025-06-06T06:00:00Z');
    const aTick = a.app.scheduler.tick(['test.crashing']);
    await until(async () => calls.includes('a'), 'instance a to start the run');
    expect(await b.app.scheduler.tick(['test.crashing'])).toEqual([]);
    // a stops without finishing: no heartbeat renews its lease any more
    await a.app.scheduler.stop({ graceMs: 0 });
    const [held] = await runsOf(a.db, 'test.crashing');
    expect(held).toMatchObject({ status: 'running', attempt: 1, instance: a.app.scheduler.instance });

    advanceClocks(MINUTE + 59_000); // lease (2 min) not over yet
    expect(await b.app.scheduler.tick(['test.crashing'])).toEqual([]);
    advanceClocks(2_000); // 2 min 1 s after the claim
    expect(await b.app.scheduler.tick(['test.crashing'])).toEqual([
      { job: 'test.crashing', runKey: 'utc:2025-06-06', status: 'succeeded' },
    ]);
    expect(calls).toEqual(['a', 'b']);
    const [retried] = await runsOf(a.db, 'test.crashing');
    expect(retried).toMatchObject({ status: 'succeeded', attempt: 2, instance: b.app.scheduler.instance });

    // the first instance finishing late does not overwrite the record of the run that counted
    release();
    expect(await aTick).toEqual([{ job: 'test.crashing', runKey: 'utc:2025-06-06', status: 'lost' }]);
    expect((await runsOf(a.db, 'test.crashing'))[0]).toMatchObject({
      status: 'succeeded',
      attempt: 2,
      instance: b.app.scheduler.instance,
    });
    advanceClocks(10 * MINUTE);
    expect(await b.app.scheduler.tick(['test.crashing'])).toEqual([]);
    expect(calls).toEqual(['a', 'b']);
  });
});

describe('scheduler: failures', () => {
  it('records a failed run with its error message, logs it without credentials, and does not retry it', async () => {
    const { db } = await createTestDatabase();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const clock = new ManualClock(new Date('2025-06-07T12:00:05Z'));
    const scheduler = new Scheduler({ db, clock, log: pino({ level: 'info' }, sink), instance: 'test-1' });
    afterAll(() => scheduler.stop());
    let calls = 0;
    scheduler.register({
      name: 'test.failing',
      schedule: every({ minutes: 1 }),
      run: async () => {
        calls++;
        throw new Error(
          'connect ECONNREFUSED postgres://footfall:s3cret-pass@db.internal:5432/x password=hunter2',
        );
      },
    });
    expect(await scheduler.tick(['test.failing'])).toEqual([
      { job: 'test.failing', runKey: '2025-06-07T12:00:00.000Z', status: 'failed' },
    ]);
    clock.advance(20_000);
    expect(await scheduler.tick(['test.failing'])).toEqual([]);
    expect(calls).toBe(1);
    const [row] = await runsOf(db, 'test.failing');
    expect(row).toMatchObject({ status: 'failed', attempt: 1, instance: 'test-1' });
    expect(row!.error).toBe(
      'Error: connect ECONNREFUSED postgres://[redacted]@db.internal:5432/x password=[redacted]',
    );
    const logged = lines.join('');
    expect(logged).toContain('job failed');
    expect(logged).toContain('test.failing');
    expect(logged).not.toMatch(/s3cret|hunter2|footfall:/);
    // the next slot runs again
    clock.advance(60_000);
    expect(await scheduler.tick(['test.failing'])).toMatchObject([{ status: 'failed' }]);
    expect(calls).toBe(2);
  });

  it('refuses a job name registered twice', async () => {
    const { db } = await createTestDatabase();
    const scheduler = new Scheduler({ db, clock: new ManualClock(), log: pino({ level: 'silent' }) });
    const job = { name: 'test.twice', schedule: every({ minutes: 1 }), run: async () => undefined };
    scheduler.register(job);
    expect(() => scheduler.register(job)).toThrow(/test.twice/);
    expect(scheduler.jobNames).toEqual(['scheduler.prune-runs', 'test.twice']);
  });
});
