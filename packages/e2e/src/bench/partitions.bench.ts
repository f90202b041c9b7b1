import pg from 'pg';
import { freshDatabase, ms, percentile, printTable, step, timeRuns, type BenchModule } from './bench-kit.js';

/**
 * Partition size of the raw minutes (issue 20): the same sample of minute points written into three
 * copies of `measurement` partitioned by UTC month, week and day, each with the partitions a 400-day
 * retention keeps (14, 58 and 401), then timed: the bulk insert in time order, live batches (one
 * minute of every series, upsert as the ingest path does, parameterised so each statement is planned),
 * and raw reads through the primary key (one series over 2 hours, 50 series over a day, one series
 * over the whole retention) with their planning time. Not a test: prints the table.
 */
const LAYOUTS = [
  { name: 'month', step: '1 month' },
  { name: 'week', step: '1 week' },
  { name: 'day', step: '1 day' },
] as const;

const DAY_MS = 86_400_000;

export const partitionsBench: BenchModule = {
  name: 'partitions',
  description: 'raw-minute partition size: monthly vs weekly vs daily, insert and read cost',
  async run(options) {
    const series = Math.max(10, Math.round(100 * options.scale));
    const days = Number(options.flags.get('partition-days') ?? 60);
    const database = await freshDatabase('partitions');
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      await c.query(`set timezone = 'UTC'`);
      const now = Math.floor(Date.now() / DAY_MS) * DAY_MS;
      const dataFrom = new Date(now - days * DAY_MS);
      const retentionFrom = new Date(now - 400 * DAY_MS);
      let done = step(`sample: ${series} series x ${days} days x 840 minutes`);
      await c.query(
        `
        create unlogged table sample as
        select s as series_key, d + m * interval '1 minute' as occurred_on, ((s * 7 + m) % 11)::float8 as value
        from generate_series(1, $1::int) s,
          generate_series($2::timestamptz, $3::timestamptz - interval '1 day', interval '1 day') d,
          generate_series(480, 1319) m`,
        [series, dataFrom, new Date(now)],
      );
      const { rows } = await c.query<{ n: string }>('select count(*) as n from sample');
      const sampleRows = Number(rows[0]!.n);
      done();
      const table: string[][] = [];
      for (const layout of LAYOUTS) {
        const t = `m_${layout.name}`;
        done = step(`${layout.name}: partitions, bulk insert, live batches, reads`);
        await c.query(`create table ${t} (series_key int not null, occurred_on timestamptz not null,
          value double precision not null, primary key (series_key, occurred_on)) partition by range (occurred_on)`);
        const { rows: parts } = await c.query<{ lo: Date; hi: Date }>(
          `select g as lo, g + $3::interval as hi
           from generate_series(date_trunc($4, $1::timestamptz, 'UTC'), $2::timestamptz, $3::interval) g`,
          [retentionFrom, new Date(now + 7 * DAY_MS), layout.step, layout.name],
        );
        for (const [i, p] of parts.entries())
          await c.query(
            `create table ${t}_${i} partition of ${t} for values from ('${p.lo.toISOString()}') to ('${p.hi.toISOString()}')`,
          );
        const t0 = performance.now();
        await c.query(`insert into ${t} select * from sample order by occurred_on, series_key`);
        const bulkSeconds = (performance.now() - t0) / 1000;
        // live: one minute of every series per statement, each minute sent twice (the re-send updates)
        const keys = Array.from({ length: series }, (_, i) => i + 1);
        let minute = now + 60_000;
        const live = await timeRuns(
          async () => {
            const at = new Date(minute);
            minute += 30_000;
            await c.query(
              `insert into ${t} (series_key, occurred_on, value)
             select k, date_bin('1 minute', $2::timestamptz, timestamptz '2000-01-01Z'), 1 from unnest($1::int[]) k
             on conflict (series_key, occurred_on) do update set value = excluded.value`,
              [keys, at],
            );
          },
          100,
          1,
        );
        await c.query(`analyze ${t}`);
        const mid = now - Math.floor(days / 2) * DAY_MS;
        let k = 0;
        const oneSeries = await timeRuns(
          () =>
            c.query(
              `select sum(value) from ${t} where series_key = $1 and occurred_on >= $2 and occurred_on < $3`,
              [(k++ % series) + 1, new Date(mid + 10 * 3600_000), new Date(mid + 12 * 3600_000)],
            ),
          50,
          1,
        );
        const fifty = keys.slice(0, 50);
        const manySeries = await timeRuns(
          () => {
            const from = mid - (k++ % 20) * DAY_MS;
            return c.query(
              `select series_key, sum(value) from ${t} where series_key = any($1) and occurred_on >= $2
             and occurred_on < $3 group by 1`,
              [fifty, new Date(from), new Date(from + DAY_MS)],
            );
          },
          20,
          1,
        );
        const wholeRetention = await timeRuns(
          () =>
            c.query(
              `select sum(value) from ${t} where series_key = $1 and occurred_on >= $2 and occurred_on < $3`,
              [(k++ % series) + 1, retentionFrom, new Date(now)],
            ),
          10,
          1,
        );
        const { rows: plan } = await c.query<{ 'QUERY PLAN': [{ 'Planning Time': number }] }>(
          `explain (analyze, format json) select sum(value) from ${t}
           where series_key = 1 and occurred_on >= $1 and occurred_on < $2`,
          [new Date(mid + 10 * 3600_000), new Date(mid + 12 * 3600_000)],
        );
        done();
        table.push([
          layout.name,
          String(parts.length),
          Math.round(sampleRows / bulkSeconds).toLocaleString('en-US'),
          ms(percentile(live, 50)),
          ms(percentile(live, 95)),
          ms(percentile(oneSeries, 50)),
          ms(plan[0]!['QUERY PLAN'][0]['Planning Time']),
          ms(percentile(manySeries, 50)),
          ms(percentile(wholeRetention, 50)),
        ]);
        await c.query(`drop table ${t}`);
      }
      console.log(
        `\n  ${sampleRows.toLocaleString('en-US')} sample rows; partitions cover 400 days of retention + 7 ahead`,
      );
      printTable(
        [
          'partition',
          'partitions',
          'bulk rows/s',
          `live batch p50 ms (${series} rows)`,
          'p95 ms',
          '1 series 2 h p50 ms',
          'planning ms',
          '50 series 1 day p50 ms',
          '1 series 400 days p50 ms',
        ],
        table,
      );
    } finally {
      await c.end();
      await database.stop();
    }
  },
};
