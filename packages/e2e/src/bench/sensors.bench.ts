import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp, type App } from '../../../server/src/app.js';
import type { AppContext } from '../../../server/src/platform/context.js';
import { loadConfig } from '../../../server/src/config/config.js';
import { createDb, migrate } from '../../../server/src/platform/db/database.js';
import { createLogger } from '../../../server/src/platform/logger.js';
import { systemClock } from '../../../server/src/platform/clock.js';
import { TokenService } from '../../../server/src/platform/auth/tokens.js';
import { createMailer } from '../../../server/src/platform/mail/mailer.js';
import { EventBus } from '../../../server/src/platform/event-bus.js';
import { freshDatabase, printTable, step, type BenchModule } from './bench-kit.js';

/**
 * `npm run bench -- --only sensors [--scale 0.1] [--sensors-concurrency 4]`: ingest cost of each device
 * format (issue 17) through its real HTTP endpoint over sockets, beside the plain JSON endpoint
 * `POST /api/ingest/measurements`: points stored per second and requests per second. Each format gets
 * its own device (own series), an ingest key as X-Api-Key, and requests shaped as the device sends
 * them: batches of minute intervals where the format carries many (measurements, Xovis records,
 * Irisys count logs, Axis Retail Data measurements, Vivotek counting info (JSON and CSV), Brickstream Count rows, Axis CSV
 * export rows uploaded for one device), one alarm or report per
 * request where the device sends one (Hikvision, Milesight periodic, trigger and VS121-P region reports). Every answer is checked (200, accepted).
 */
const MINUTE = 60_000;

interface Format {
  name: string;
  /** the endpoint, or a device's own URL (the CSV export backfills name their device) */
  url: string | ((deviceId: string) => string);
  contentType?: string;
  /** the body of request `i` (its minutes follow those of request i-1), and the points it carries */
  body(i: number, mac: string, seriesIds: string[]): { body: string; points: number };
}

const iso = (ms: number) => new Date(ms).toISOString();

function formats(perRequest: number, startMs: number): Format[] {
  const half = Math.max(1, Math.floor(perRequest / 2));
  const t = (i: number, k: number) => startMs + (i * half + k) * MINUTE;
  return [
    {
      name: 'JSON measurements',
      url: '/api/ingest/measurements',
      body: (i, _mac, ids) => {
        const measurements = [];
        for (let k = 0; k < half; k++)
          for (const id of ids)
            measurements.push({ timeSeriesId: id, occurredOn: iso(t(i, k)), value: (k * 7 + i) % 9 });
        return { body: JSON.stringify({ measurements }), points: measurements.length };
      },
    },
    {
      name: 'Xovis logics push',
      url: '/api/ingest/xovis',
      body: (i, mac) => {
        const records = [];
        for (let k = 0; k < half; k++)
          records.push({
            from: iso(t(i, k)),
            to: iso(t(i, k) + MINUTE),
            counts: [
              { name: 'fw', value: k % 5 },
              { name: 'bw', value: k % 3 },
            ],
          });
        return {
          body: JSON.stringify({
            logics_data: { sensor_info: { serial_number: mac }, logics: [{ id: 0, records }] },
          }),
          points: 2 * half,
        };
      },
    },
    {
      name: 'Irisys Vector POST (totals)',
      url: '/api/ingest/irisys',
      body: (i, mac) => {
        const CountLogs = [];
        for (let k = 0; k < half; k++) {
          const n = i * half + k;
          CountLogs.push({
            Timestamp: iso(t(i, k)),
            Counts: [
              { RegisterId: 0, Name: 'Count In', Value: n * 3 },
              { RegisterId: 1, Name: 'Count Out', Value: n * 2 },
            ],
          });
        }
        return { body: JSON.stringify({ MacAddress: mac, CountLogs }), points: 2 * half };
      },
    },
    {
      name: 'Axis Retail Data push',
      url: '/api/ingest/axis',
      body: (i, mac) => {
        const measurements = [];
        for (let k = 0; k < half; k++)
          measurements.push({
            kind: 'people-counts',
            utcFrom: iso(t(i, k)),
            utcTo: iso(t(i, k) + MINUTE),
            items: [
              { direction: 'in', count: k % 4 },
              { direction: 'out', count: k % 3 },
            ],
          });
        return {
          body: JSON.stringify({
            apiName: 'Axis Retail Data',
            data: { measurements },
            sensor: { serial: mac.replace(/:/g, '').toLowerCase() },
          }),
          points: 2 * half,
        };
      },
    },
    {
      name: 'Vivotek report push',
      url: '/api/ingest/vivotek',
      body: (i, mac) => {
        const CountingInfo = [];
        for (let k = 0; k < half; k++)
          CountingInfo.push({
            RuleName: 'Door',
            In: k % 4,
            Out: k % 2,
            StartTime: iso(t(i, k)),
            EndTime: iso(t(i, k) + MINUTE),
          });
        return {
          body: JSON.stringify({
            Source: { MacAddress: mac },
            Data: [{ RuleType: 'Counting', CountingInfo }],
          }),
          points: 2 * half,
        };
      },
    },
    {
      name: 'Vivotek report push (CSV)',
      url: '/api/ingest/vivotek',
      contentType: 'text/csv',
      body: (i, mac) => {
        const lines = [
          'UtcTime,GroupID,DeviceID,ModelName,MacAddress,IPAddress,TimeZone,DST',
          `${iso(t(i, half)).slice(0, 19)}Z,0,0,SC8131,${mac},127.0.0.1,+1,0`,
          'RuleType,RuleName,In,Out,StartTime,EndTime',
        ];
        const z = (ms: number) => `${iso(ms).slice(0, 19)}Z`;
        for (let k = 0; k < half; k++)
          lines.push(`Counting,Door,${k % 4},${k % 2},${z(t(i, k))},${z(t(i, k) + MINUTE)}`);
        return { body: lines.join('\n'), points: 2 * half };
      },
    },
    {
      name: 'Brickstream XML metrics',
      url: '/api/ingest/brickstream',
      contentType: 'application/xml',
      body: (i, mac) => {
        const hm = (ms: number) => new Date(ms).toISOString().slice(11, 19);
        const rows = [];
        for (let k = 0; k < half; k++)
          rows.push(
            `<Count StartTime="${hm(t(i, k))}" EndTime="${hm(t(i, k) + MINUTE)}" UnixStartTime="${t(i, k) / 1000}" Enters="${k % 4}" Exits="${k % 3}" Status="4"/>`,
          );
        return {
          body: `<?xml version="1.0"?>
<Metrics SiteId="bench" DeviceId="bench"><Properties><Version>5</Version><MacAddress>${mac.toLowerCase()}</MacAddress>
<Timezone>0</Timezone><DST>0</DST><HwPlatform>2300</HwPlatform></Properties><ReportData Interval="1">
<Report Date="${iso(t(i, 0)).slice(0, 10)}"><Object Id="0" ObjectType="0" Name="1">${rows.join('')}</Object></Report>
</ReportData></Metrics>`,
          points: 2 * half,
        };
      },
    },
    {
      name: 'Axis CSV export (backfill)',
      url: (deviceId) => `/api/ingest/axis/export/${deviceId}`,
      contentType: 'text/csv',
      body: (i) => {
        // AXIS 3D People Counter export: start,end,in,out in camera-local time (read in Europe/Paris)
        const local = (ms: number) => iso(ms).slice(0, 19).replace('T', ' ');
        const lines = ['start,end,in,out'];
        for (let k = 0; k < half; k++)
          lines.push(`${local(t(i, k))},${local(t(i, k) + MINUTE)},${k % 4},${k % 3}`);
        return { body: lines.join('\n'), points: 2 * half };
      },
    },
    {
      name: 'Hikvision ISAPI alarm (1/request)',
      url: '/api/ingest/hikvision',
      contentType: 'application/xml',
      body: (i, mac) => ({
        body: `<?xml version="1.0" encoding="UTF-8"?>
<EventNotificationAlert version="1.0" xmlns="urn:psialliance-org"><macAddress>${mac.toLowerCase()}</macAddress>
<channelID>1</channelID><eventType>PeopleCounting</eventType><eventState>active</eventState>
<peopleCounting><statisticalMethods>timeRange</statisticalMethods><TimeRange><startTime>${iso(startMs + i * MINUTE)}</startTime>
<endTime>${iso(startMs + (i + 1) * MINUTE)}</endTime></TimeRange><enter>${i % 5}</enter><exit>${i % 3}</exit><pass>1</pass></peopleCounting>
</EventNotificationAlert>`,
        points: 3,
      }),
    },
    {
      name: 'Milesight report (1/request)',
      url: '/api/ingest/milesight',
      body: (i, mac) => ({
        body: JSON.stringify({
          device_info: { device_mac: mac },
          time_info: { start_time: iso(startMs + i * MINUTE), end_time: iso(startMs + (i + 1) * MINUTE) },
          line_periodic_data: [
            { line: 1, line_name: 'Line1', total: { in: i % 4, out: i % 2 } },
            { line: 2, line_name: 'Line2', total: { in: 1, out: 0 } },
          ],
        }),
        points: 2,
      }),
    },
    {
      // running totals at each crossing: the first request's totals are the baseline
      name: 'Milesight trigger report (1/request)',
      url: '/api/ingest/milesight',
      body: (i, mac) => ({
        body: JSON.stringify({
          device_info: { device_mac: mac },
          time_info: { time: iso(startMs + i * MINUTE + 30_000) },
          line_trigger_data: [{ line: 1, line_name: 'Line1', total: { in: 3 * i, out: 2 * i } }],
        }),
        points: 2,
      }),
    },
    {
      name: 'Milesight VS121-P region report (1/request)',
      url: '/api/ingest/milesight',
      body: (i, mac) => ({
        body: JSON.stringify({
          event: 'Region People Counting',
          report_type: 'interval',
          device_info: { device_mac: mac },
          time_info: { start_time: iso(startMs + i * MINUTE), end_time: iso(startMs + (i + 1) * MINUTE) },
          current_total: i % 7,
        }),
        points: 1,
      }),
    },
  ];
}

export const sensorsBench: BenchModule = {
  name: 'sensors',
  description:
    'device formats: points/s through each /api/ingest/<vendor> beside POST /api/ingest/measurements',
  async run(options) {
    const requests = Math.max(4, Math.round(200 * options.scale));
    const perRequest = 1000;
    const concurrency = Number(options.flags.get('sensors-concurrency') ?? 4);
    const database = await freshDatabase('sensors', { keep: options.flags.has('keep') });
    const { db } = createDb(database.url, { max: 10 });
    const config = loadConfig({
      LOG_LEVEL: 'warn',
      DATA_DIR: '/tmp/footfall-bench',
      DATABASE_URL: database.url,
    });
    const ctx: AppContext = {
      config,
      db,
      log: createLogger('warn'),
      clock: systemClock,
      mailer: createMailer({ from: config.MAIL_FROM, dataDir: config.dataDir }),
      tokens: new TokenService(randomBytes(32).toString('hex'), systemClock, 24 * 60),
      bus: new EventBus(),
    };
    let app: App | null = null;
    try {
      let done = step('fresh database, migrations, one device per format');
      await migrate(db);
      app = await buildApp(ctx);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const group = await sql<{ id: string }>`
        insert into node (type, name, parent_id, attributes) values ('group', 'Bench sensors', null, '{}')
        returning id`.execute(db);
      const groupId = group.rows[0]!.id;
      const loc = await sql<{ id: string }>`
        insert into node (type, name, parent_id, attributes)
        values ('location', 'Bench sensors store', ${groupId}, '{"timezone":"Europe/Paris"}') returning id`.execute(
        db,
      );
      const user = await db
        .insertInto('app_user')
        .values({
          username: `bench-${randomBytes(3).toString('hex')}`,
          first_name: 'Bench',
          last_name: 'Bench',
          email: 'bench@example.com',
          roles: ['superAdmin'],
          mobile_settings: '{}',
        })
        .returning(['id', 'username'])
        .executeTakeFirstOrThrow();
      const key = await app.services.ingest.createKey(
        { userId: user.id, username: user.username, roles: ['superAdmin'], scopeNodeId: null },
        { name: 'bench sensors', scopeNodeId: groupId },
      );
      // a year ago: every format's minutes lie in the past
      const startMs = Math.floor((Date.now() - 365 * 86_400_000) / 86_400_000) * 86_400_000;
      const list = formats(perRequest, startMs);
      const devices: { id: string; mac: string; seriesIds: string[] }[] = [];
      for (let f = 0; f < list.length; f++) {
        const mac = `02:00:00:00:${(f + 1).toString(16).padStart(2, '0')}:00`.toUpperCase();
        const dev = await sql<{ id: string }>`
          insert into node (type, name, parent_id, attributes)
          values ('device', ${`Bench door ${f}`}, ${loc.rows[0]!.id}, ${JSON.stringify({ macAddress: mac })}::jsonb)
          returning id`.execute(db);
        const seriesIds = [];
        for (const p of ['TrafficIn', 'TrafficOut'])
          seriesIds.push(
            (await app.services.series.ensureSeries({ nodeId: dev.rows[0]!.id, measurementProtocol: p })).id,
          );
        devices.push({ id: dev.rows[0]!.id, mac, seriesIds });
      }
      done();

      const rows: string[][] = [];
      for (let f = 0; f < list.length; f++) {
        const format = list[f]!;
        const bodies = Array.from({ length: requests }, (_, i) =>
          format.body(i, devices[f]!.mac, devices[f]!.seriesIds),
        );
        done = step(`${format.name}: ${requests} requests, ${concurrency} in flight`);
        const url = typeof format.url === 'string' ? format.url : format.url(devices[f]!.id);
        let next = 0;
        let accepted = 0;
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const worker = async () => {
          while (next < bodies.length) {
            const b = bodies[next++]!;
            const res = await fetch(baseUrl + url, {
              method: 'POST',
              headers: { 'content-type': format.contentType ?? 'application/json', 'x-api-key': key.key },
              body: b.body,
            });
            const text = await res.text();
            if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
            accepted += (JSON.parse(text) as { accepted: number }).accepted;
          }
        };
        await Promise.all(Array.from({ length: concurrency }, worker));
        const seconds = (performance.now() - t0) / 1000;
        const cpu = process.cpuUsage(cpu0);
        done();
        const sent = bodies.reduce((s, b) => s + b.points, 0);
        // `accepted` counts writes: a minute re-stored when an earlier running total arrives after a
        // later one counts again; the table holds each minute once
        const inTable = await sql<{ n: string }>`
          select count(*) as n from measurement m join time_series s on s.key = m.series_key
          where s.node_id = ${devices[f]!.id}`.execute(db);
        rows.push([
          format.name,
          typeof format.url === 'string' ? format.url : format.url(':id'),
          String(sent),
          String(accepted),
          String(inTable.rows[0]!.n),
          (accepted / seconds).toFixed(0),
          (requests / seconds).toFixed(1),
          // server and client share this process: CPU (user+sys) per 1,000 stored points
          (((cpu.user + cpu.system) / 1000 / Math.max(1, accepted)) * 1000).toFixed(1),
        ]);
      }
      console.log();
      printTable(
        [
          'format',
          'endpoint',
          'points sent',
          'accepted (writes)',
          'rows in table',
          'points/s',
          'requests/s',
          'CPU ms/1k points',
        ],
        rows,
      );
    } finally {
      await app?.close();
      await db.destroy();
      await database.stop();
    }
  },
};
