import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { PUSH_VENDORS } from '@footfall/domain';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  authHeader,
  makeDevice,
  makeGroup,
  makeLocation,
  makeUser,
  type MadeUser,
} from '../../../test/factories.js';
import { scrubUrl } from '../../../platform/logger.js';
import { differences, intervalCount, REGISTER_SPAN } from './counter-differences.js';
import { irisysTarget, xovisProtocol } from './sensors.service.js';
import { localInstant, localInstantReader, normalIdentity } from './pipeline.js';
import { startMqttIngest, type MqttIngest } from '../mqtt.subscriber.js';

const samples = path.join(path.dirname(fileURLToPath(import.meta.url)), 'samples');
const raw = (name: string) => fs.readFileSync(path.join(samples, name), 'utf8');
const sample = (name: string) => JSON.parse(raw(name)) as Record<string, unknown>;

/** The local wall-clock minute of an instant in a zone, computed by Intl (independent of the server). */
const localText = (ms: number, timeZone: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};

describe('device pipeline rules', () => {
  it('takes differences of running totals, surviving resets and 32-bit wraps', () => {
    expect(intervalCount(100, 130)).toBe(30);
    expect(intervalCount(120490, 9)).toBe(9);
    expect(intervalCount(REGISTER_SPAN - 5, 3)).toBe(8);
    expect(
      differences([
        { at: 0, total: 10 },
        { at: 60, total: 15 },
        { at: 120, total: 2 },
      ]),
    ).toEqual([
      { at: 0, value: 5 },
      { at: 60, value: 2 },
    ]);
  });

  it('reads device timestamps with or without an offset, in the device time zone', () => {
    expect(localInstant('2020-07-26T09:00:00Z', 'Asia/Riyadh')).toBe(Date.UTC(2020, 6, 26, 9));
    expect(localInstant('2019-02-01T12:30:00+0000', 'UTC')).toBe(Date.UTC(2019, 1, 1, 12, 30));
    expect(localInstant('2020-07-27T15:30:00+03:00', 'UTC')).toBe(Date.UTC(2020, 6, 27, 12, 30));
    // no offset: wall-clock time where the device is (CET in winter, CEST in summer)
    expect(localInstant('2025-01-15T09:00', 'Europe/Paris')).toBe(Date.UTC(2025, 0, 15, 8));
    expect(localInstant('2025-07-15 09:00:30', 'Europe/Paris')).toBe(Date.UTC(2025, 6, 15, 7, 0, 30));
    expect(localInstant('1700000000000', 'UTC')).toBe(1_700_000_000_000);
    expect(localInstant('2019-02-91T12:30:00+0000', 'UTC')).toBeNaN(); // day 91 does not exist
    expect(localInstant('2025-13-01T00:00', 'UTC')).toBeNaN();
    expect(localInstant('yesterday', 'UTC')).toBeNaN();
  });

  it('reads a file of wall-clock times like localInstant, across DST gaps and overlaps', () => {
    const pad = (n: number) => String(n).padStart(2, '0');
    for (const tz of ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC']) {
      // every 7 minutes over the spring and autumn changes of 2025 (both hemispheres), and odd texts
      const texts: string[] = [
        '2025-13-01 00:00:00',
        '2025-03-30T02:30',
        '2025-10-05 02:10:30.5',
        'nonsense',
      ];
      for (const start of [
        Date.UTC(2025, 2, 29),
        Date.UTC(2025, 9, 25),
        Date.UTC(2025, 3, 5),
        Date.UTC(2025, 9, 4),
      ])
        for (let ms = start; ms < start + 3 * 86_400_000; ms += 7 * 60_000) {
          const d = new Date(ms);
          texts.push(
            `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
          );
        }
      const read = localInstantReader(texts, tz);
      for (const text of texts) expect(read(text), `${tz} ${text}`).toEqual(localInstant(text, tz));
    }
  });

  it('knows a device identity in every spelling', () => {
    const spellings = ['00:21:AC:04:07:4D', '00-21-ac-04-07-4d', '0021AC04074D', '0021ac04074d'];
    expect(new Set(spellings.map(normalIdentity))).toEqual(new Set(['0021ac04074d']));
    expect(normalIdentity(' V4D-20050095 ')).toBe('v4d-20050095');
  });

  it('maps Xovis count names and Irisys registers, with the device settings', () => {
    expect(xovisProtocol('fw', false)).toEqual({ protocol: 'TrafficIn', meta: [], traffic: true });
    expect(xovisProtocol('bw', true)).toEqual({ protocol: 'TrafficIn', meta: [], traffic: true });
    expect(xovisProtocol('fw-male', false)).toEqual({ protocol: 'TrafficIn', meta: ['male'], traffic: true });
    expect(xovisProtocol('bw-female', false)).toEqual({
      protocol: 'TrafficOut',
      meta: ['female'],
      traffic: true,
    });
    expect(xovisProtocol('balance', false)?.protocol).toBe('Occupancy');
    expect(xovisProtocol('max_occupancy', false)).toBeNull();
    expect(irisysTarget({ RegisterId: 0, Name: 'Line 1' }, {})).toBe('TrafficIn');
    expect(irisysTarget({ RegisterId: 1, Name: 'Line 2' }, {})).toBe('TrafficOut');
    expect(irisysTarget({ RegisterId: 2, Name: 'Zone 1' }, {})).toBe('ignore');
    expect(irisysTarget({ Name: 'Line 2', Tags: ['direction=IN'] }, {})).toBe('TrafficIn');
    expect(irisysTarget({ Name: 'Count Out' }, {})).toBe('TrafficOut');
    expect(irisysTarget({ Name: 'Line 1' }, { swapDirections: true })).toBe('TrafficOut');
    expect(irisysTarget({ RegisterId: 4, Name: 'LineExclude' }, { registers: { '4': 'PasserBy' } })).toBe(
      'PasserBy',
    );
    expect(irisysTarget({ RegisterId: 0, Name: 'Line 1' }, { registers: { 'Line 1': 'ignore' } })).toBe(
      'ignore',
    );
  });

  it('redacts a device push URL key from logged URLs', () => {
    expect(scrubUrl('/api/ingest/k/ffd_abcDEF123-_x/xovis')).toBe('/api/ingest/k/[redacted]/xovis');
  });
});

describe('device push formats through the HTTP endpoints', () => {
  let t: TestApp;
  let admin: MadeUser, superAdmin: MadeUser;
  let group: { id: string }, riyadh: { id: string }, paris: { id: string }, berlin: { id: string };
  let vector: { id: string },
    vectorDemo: { id: string },
    xovisDoor: { id: string },
    xovisSide: { id: string };
  let exportDoor: { id: string };

  const points = async (deviceId: string, protocol: string, tz: string, meta: string[] = []) =>
    (
      await sql<{ at: number; value: number }>`
        select (extract(epoch from m.occurred_on) * 1000)::float8 as at, m.value
        from measurement m join time_series s on s.key = m.series_key
        where s.node_id = ${deviceId} and s.measurement_protocol = ${protocol} and s.meta_tags = ${meta}::text[]
        order by m.occurred_on`.execute(t.db)
    ).rows.map((r) => [localText(r.at, tz), r.value] as [string, number]);
  /** measurements of device series (a location's occupancy history is written after its in/out, on its own) */
  const deviceMeasurements = async () =>
    Number(
      (
        await sql<{ n: string }>`
          select count(*)::text as n from measurement m join time_series s on s.key = m.series_key
          join node n on n.id = s.node_id where n.type = 'device'`.execute(t.db)
      ).rows[0]!.n,
    );
  const post = async (url: string, payload: unknown, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: headers ?? (await authHeader(t.ctx, admin)),
      payload: payload as object,
    });
  const dayTotal = async (nodeId: string, protocol: string, day: string) =>
    (
      await sql<{ sum: number | null }>`
        select sum(r.sum)::float8 as sum from node_total_day r join node_kpi k on k.key = r.node_kpi_key
        where k.node_id = ${nodeId} and k.measurement_protocol = ${protocol} and k.meta_tags = '{}'
          and r.local_date = ${day}::date`.execute(t.db)
    ).rows[0]!.sum ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2020-07-27T00:00:00Z');
    group = await makeGroup(t.db);
    riyadh = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Asia/Riyadh' } });
    paris = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/Paris' } });
    berlin = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/Berlin' } });
    // the captured Vector 4D identifies itself by FriendlyDeviceSerial and macAddress 00:21:AC:04:07:4D;
    // it is registered here by its MAC in another spelling
    vector = await makeDevice(t.db, { parentId: riyadh.id, attributes: { macAddress: '00-21-ac-04-07-4d' } });
    vectorDemo = await makeDevice(t.db, { parentId: paris.id, attributes: { serialNumber: 'V4D-17020025' } });
    xovisDoor = await makeDevice(t.db, {
      parentId: paris.id,
      attributes: { serialNumber: '80:1F:12:A4:5B:C2' },
    });
    xovisSide = await makeDevice(t.db, {
      parentId: paris.id,
      attributes: { macAddress: '80:1F:12:A4:5B:C3' },
    });
    exportDoor = await makeDevice(t.db, {
      parentId: berlin.id,
      attributes: { macAddress: '00:6E:02:08:12:A4' },
    });
    admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: group.id });
    superAdmin = await makeUser(t.db, { roles: ['superAdmin'], scopeNodeId: null });
  });

  it('has a push URL route for every vendor the sensor panel offers (PUSH_VENDORS)', () => {
    for (const vendor of PUSH_VENDORS) {
      expect(t.app.hasRoute({ method: 'POST', url: `/api/ingest/k/:pushKey/${vendor}` }), vendor).toBe(true);
      expect(t.app.hasRoute({ method: 'POST', url: `/api/ingest/${vendor}` }), vendor).toBe(true);
    }
  });

  it('Irisys captured log: register totals become the counts of each 15 minutes, matching LogPeriodValue', async () => {
    const payload = sample('irisys-vector-captured-log.json') as {
      CountLogs: { Timestamp: string; Counts: { Name: string; Value: number; LogPeriodValue: number }[] }[];
    };
    const res = await post('/api/ingest/irisys', payload);
    expect(res.statusCode).toBe(200);
    const logs = payload.CountLogs;
    // the first log is the baseline: 49 intervals per line
    expect(res.json()).toMatchObject({ accepted: 98, deviceIds: [vector.id], ignored: [], duplicates: 0 });
    // independent of our differences: the device's own LogPeriodValue of the next log is what happened
    // in the interval starting at this log
    const expected = (line: string) =>
      logs
        .slice(0, -1)
        .map((log, k) => [
          localText(Date.parse(log.Timestamp), 'Asia/Riyadh'),
          logs[k + 1]!.Counts.find((c) => c.Name === line)!.LogPeriodValue,
        ]);
    expect(await points(vector.id, 'TrafficIn', 'Asia/Riyadh')).toEqual(expected('Line 1'));
    expect(await points(vector.id, 'TrafficOut', 'Asia/Riyadh')).toEqual(expected('Line 2'));
    expect((await points(vector.id, 'TrafficIn', 'Asia/Riyadh'))[0]).toEqual(['2020-07-26T12:00', 2]);
    // the location's local day total equals the sum of the device's period values
    const sumOf = (line: string) =>
      logs.slice(1).reduce((s, l) => s + l.Counts.find((c) => c.Name === line)!.LogPeriodValue, 0);
    expect(await dayTotal(riyadh.id, 'TrafficIn', '2020-07-26')).toBe(sumOf('Line 1'));
    // the same body again (a retry): every log entry is known, nothing changes
    const again = await post('/api/ingest/irisys', payload);
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 50 });
    expect(await dayTotal(riyadh.id, 'TrafficIn', '2020-07-26')).toBe(sumOf('Line 1'));
  });

  it("Irisys' example data: FriendlyDeviceSerial, only the lines counted, other registers listed as ignored", async () => {
    t.clock.set('2018-12-04T00:00:00Z');
    const res = await post('/api/ingest/irisys', sample('irisys-vectorhttppost-demodata.json'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 0, deviceIds: [vectorDemo.id] });
    expect(new Set(res.json().ignored)).toEqual(new Set(['Zone 1', 'Dwell', 'LineExclude']));
    const readings = await sql<{ protocol: string; total: number }>`
      select s.measurement_protocol as protocol, c.total from counter_reading c
      join time_series s on s.key = c.series_key where s.node_id = ${vectorDemo.id} order by 1`.execute(t.db);
    expect(readings.rows).toEqual([
      { protocol: 'TrafficIn', total: 121 },
      { protocol: 'TrafficOut', total: 127 },
    ]);
    // the device's register mapping: LineExclude is PasserBy, Line 2 ignored
    await sql`update node set attributes = attributes || ${JSON.stringify({
      sensorSettings: { registers: { '4': 'PasserBy', 'Line 2': 'ignore' } },
    })}::jsonb where id = ${vectorDemo.id}`.execute(t.db);
    const next = {
      FriendlyDeviceSerial: 'V4D-17020025',
      CountLogs: [
        {
          LogEntryId: 353494,
          Timestamp: '2018-12-03T14:22:00Z',
          Counts: [
            { Name: 'Line 1', RegisterId: 0, Value: 124 },
            { Name: 'Line 2', RegisterId: 1, Value: 130 },
            { Name: 'LineExclude', RegisterId: 4, Value: 131 },
          ],
        },
      ],
    };
    const r2 = await post('/api/ingest/irisys', next);
    expect(r2.json()).toMatchObject({ accepted: 1, ignored: ['Line 2'], missed: 0 });
    expect(await points(vectorDemo.id, 'TrafficIn', 'Europe/Paris')).toEqual([['2018-12-03T15:21', 3]]);
    t.clock.set('2020-07-27T00:00:00Z');
  });

  it('Irisys MQTT message of the specification: its day 91 is refused naming the field; a valid one lands per second', async () => {
    const spec = JSON.parse(raw('irisys-mqtt-counts-spec-v3.json')) as unknown;
    const before = await deviceMeasurements();
    const refused = await t.app.services.sensors
      .irisysMqtt(
        { principal: null, ingestKey: { keyId: 'mqtt', scopeNodeId: group.id } },
        '00:21:AC:04:07:4D',
        spec,
      )
      .catch((e: { statusCode: number; field: string }) => e);
    expect(refused).toMatchObject({ statusCode: 400, field: '0.t' });
    expect(await deviceMeasurements()).toBe(before);
    // same shape as the specification, real dates, the registers named by the installer
    await sql`update node set attributes = attributes || ${JSON.stringify({
      sensorSettings: { registers: { MainEntranceIn: 'TrafficIn', MainEntranceOut: 'TrafficOut' } },
    })}::jsonb where id = ${vector.id}`.execute(t.db);
    const message = [
      { register: 'MainEntranceIn', value: 1, t: '2020-07-26T22:30:00+0000' },
      { register: 'MainEntranceOut', value: 1, t: '2020-07-26T22:30:12+0000' },
      { register: 'MainEntranceIn', value: 1, t: '2020-07-26T22:30:14+0000' },
      { register: 'MainEntranceIn', value: 1, t: '2020-07-26T22:30:14+0000' },
    ];
    const caller = { principal: null, ingestKey: { keyId: 'mqtt', scopeNodeId: group.id } };
    const stored = await t.app.services.sensors.irisysMqtt(caller, '0021AC04074D', message);
    expect(stored).toMatchObject({ accepted: 3, deviceIds: [vector.id] });
    const inAt = await sql<{ at: string; value: number }>`
      select to_char(m.occurred_on at time zone 'Asia/Riyadh', 'YYYY-MM-DD"T"HH24:MI:SS') as at, m.value
      from measurement m join time_series s on s.key = m.series_key
      where s.node_id = ${vector.id} and s.measurement_protocol = 'TrafficIn' and m.occurred_on >= '2020-07-26T22:00:00Z'
      order by m.occurred_on`.execute(t.db);
    expect(inAt.rows).toEqual([
      { at: '2020-07-27T01:30:00', value: 1 },
      { at: '2020-07-27T01:30:14', value: 2 },
    ]);
    // the device sends the message again from its history: replaced, not doubled
    await t.app.services.sensors.irisysMqtt(caller, '0021AC04074D', message);
    expect(await dayTotal(riyadh.id, 'TrafficIn', '2020-07-27')).toBe(3);
    await sql`update node set attributes = attributes - 'sensorSettings' where id = ${vector.id}`.execute(
      t.db,
    );
  });

  const xovisPackage = (serial: string, id: number, logics: unknown[]) => ({
    logics_data: { package_info: { version: '2.0', id }, sensor_info: { serial_number: serial }, logics },
  });

  it('Xovis logics push: epoch ms and ISO records, several logics summed, add-ons as meta tags, zone balance', async () => {
    const from = Date.UTC(2020, 6, 26, 8, 0); // 10:00 in Paris
    const res = await post('/api/ingest/xovis', [
      xovisPackage('80:1F:12:A4:5B:C2', 7, [
        {
          id: 0,
          name: 'Entrance',
          info: 'XLT_LINE_IN_OUT_COUNT',
          records: [
            {
              from,
              to: from + 60_000,
              counts: [
                { id: 0, name: 'fw', value: 5 },
                { id: 1, name: 'bw', value: 2 },
                { id: 2, name: 'fw-male', value: 3 },
                { id: 3, name: 'fw-female', value: 2 },
              ],
            },
            {
              from: from + 60_000,
              to: from + 120_000,
              counts: [
                { name: 'fw', value: 1 },
                { name: 'bw', value: 0 },
              ],
            },
          ],
        },
        {
          id: 1,
          name: 'Side door',
          info: 'XLT_LINE_IN_OUT_COUNT',
          records: [
            {
              from: '2020-07-26T10:00:00+02:00',
              to: '2020-07-26T10:01:00+02:00',
              counts: [
                { name: 'fw', value: 4 },
                { name: 'bw', value: 1 },
              ],
            },
          ],
        },
        {
          id: 2,
          name: 'Shop floor',
          info: 'XLT_ZONE_OCCUPANCY_COUNT',
          records: [
            {
              from: '2020-07-26T10:00:00',
              to: '2020-07-26T10:01:00',
              counts: [{ name: 'balance', value: 17 }],
            },
          ],
        },
      ]),
      xovisPackage('801F12A45BC3', 3, [
        {
          id: 0,
          records: [
            {
              from,
              to: from + 60_000,
              counts: [
                { name: 'fw', value: 9 },
                { name: 'bw', value: 8 },
              ],
            },
          ],
        },
      ]),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deviceIds: [xovisDoor.id, xovisSide.id], ignored: [] });
    expect(await points(xovisDoor.id, 'TrafficIn', 'Europe/Paris')).toEqual([
      ['2020-07-26T10:00', 9],
      ['2020-07-26T10:01', 1],
    ]);
    expect(await points(xovisDoor.id, 'TrafficOut', 'Europe/Paris')).toEqual([
      ['2020-07-26T10:00', 3],
      ['2020-07-26T10:01', 0],
    ]);
    expect(await points(xovisDoor.id, 'TrafficIn', 'Europe/Paris', ['male'])).toEqual([
      ['2020-07-26T10:00', 3],
    ]);
    expect(await points(xovisDoor.id, 'TrafficIn', 'Europe/Paris', ['female'])).toEqual([
      ['2020-07-26T10:00', 2],
    ]);
    // an offset-less record is wall-clock time at the device: 10:00 in Paris
    expect(await points(xovisDoor.id, 'Occupancy', 'Europe/Paris')).toEqual([['2020-07-26T10:00', 17]]);
    expect(await points(xovisSide.id, 'TrafficIn', 'Europe/Paris')).toEqual([['2020-07-26T10:00', 9]]);
    // meta-tagged counts are their own KPI, not added to the plain TrafficIn of the location
    expect(await dayTotal(paris.id, 'TrafficIn', '2020-07-26')).toBe(9 + 1 + 9);

    // the next package skips two ids (a gap) and the side door is mounted the other way round
    await sql`update node set attributes = attributes || ${JSON.stringify({
      sensorSettings: { logicDirections: { 'Side door': 'swapped' }, logics: ['Entrance', 'Side door'] },
    })}::jsonb where id = ${xovisDoor.id}`.execute(t.db);
    const next = await post(
      '/api/ingest/xovis',
      xovisPackage('80:1F:12:A4:5B:C2', 10, [
        {
          id: 1,
          name: 'Side door',
          records: [
            {
              from: from + 120_000,
              to: from + 180_000,
              counts: [
                { name: 'fw', value: 6 },
                { name: 'bw', value: 1 },
              ],
            },
          ],
        },
        {
          id: 5,
          name: 'Staff door',
          records: [{ from: from + 120_000, to: from + 180_000, counts: [{ name: 'fw', value: 50 }] }],
        },
      ]),
    );
    expect(next.json()).toMatchObject({ missed: 2, ignored: ['logic Staff door'] });
    expect((await points(xovisDoor.id, 'TrafficIn', 'Europe/Paris')).at(-1)).toEqual(['2020-07-26T10:02', 1]);
    expect((await points(xovisDoor.id, 'TrafficOut', 'Europe/Paris')).at(-1)).toEqual([
      '2020-07-26T10:02',
      6,
    ]);
    const gaps = await sql<{ gaps: number; missed: string }>`
      select gaps, missed::text from sensor_device_state where device_id = ${xovisDoor.id} and format = 'xovis'`.execute(
      t.db,
    );
    expect(gaps.rows).toEqual([{ gaps: 1, missed: '2' }]);
  });

  it('malformed and truncated payloads answer 400 naming the field and write nothing', async () => {
    const before = await deviceMeasurements();
    const bad = await post('/api/ingest/xovis', [
      xovisPackage('801F12A45BC3', 4, [
        {
          id: 0,
          records: [
            {
              from: Date.UTC(2020, 6, 26, 9),
              to: Date.UTC(2020, 6, 26, 9, 1),
              counts: [{ name: 'fw', value: 1 }],
            },
          ],
        },
      ]),
      xovisPackage('80:1F:12:A4:5B:C2', 11, [
        { id: 0, records: [{ from: 'yesterday', to: '2020-07-26T10:01:00Z', counts: [] }] },
      ]),
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('1.logics_data.logics.0.records.0.from');
    expect(await deviceMeasurements()).toBe(before);
    const noCounts = await post(
      '/api/ingest/xovis',
      xovisPackage('801F12A45BC3', 5, [{ id: 0, records: [{ from: 1, to: 2 }] }]),
    );
    expect(noCounts.json()).toMatchObject({
      statusCode: 400,
      field: 'logics_data.logics.0.records.0.counts',
    });
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/irisys',
      headers: { ...(await authHeader(t.ctx, admin)), 'content-type': 'application/json' },
      payload: raw('irisys-vector-captured-log.json').slice(0, 500),
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().statusCode).toBe(400);
    const noSerial = await post('/api/ingest/irisys', {
      CountLogs: [{ Timestamp: '2020-07-26T10:00:00Z', Counts: [] }],
    });
    expect(noSerial.json()).toMatchObject({ statusCode: 400, field: 'FriendlyDeviceSerial' });
    const badTotal = await post('/api/ingest/irisys', {
      FriendlyDeviceSerial: 'V4D-20050095',
      CountLogs: [{ Timestamp: '2020-07-26T22:00:00Z', Counts: [{ Name: 'Line 1', Value: -3 }] }],
    });
    expect(badTotal.json()).toMatchObject({ statusCode: 400, field: 'CountLogs.0.Counts.0.Value' });
    expect(await deviceMeasurements()).toBe(before);
  });

  it('refuses a timestamp in the future naming it, and counts it for the clock-drift rule', async () => {
    const before = await deviceMeasurements();
    const ahead = Date.parse('2020-07-27T03:00:00Z'); // the server clock reads 00:00
    const res = await post(
      '/api/ingest/xovis',
      xovisPackage('801F12A45BC3', 6, [
        { id: 0, records: [{ from: ahead, to: ahead + 60_000, counts: [{ name: 'fw', value: 1 }] }] },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'logics_data.logics.0.records.0.from',
      deviceClockAheadMinutes: 180,
    });
    expect(await deviceMeasurements()).toBe(before);
    const refusal = await sql<{ refused_count: number }>`
      select refused_count from sensor_future_refusal where device_id = ${xovisSide.id}`.execute(t.db);
    expect(refusal.rows).toEqual([{ refused_count: 1 }]);
    const health = await sql<{ ahead: number }>`
      select extract(epoch from (last_interval_at - last_arrival_at))::int / 60 as ahead
      from monitoring_device_health where device_id = ${xovisSide.id}`.execute(t.db);
    expect(health.rows).toEqual([{ ahead: 180 }]);
  });

  it('an unknown device answers 404 with its identity, is listed for a superAdmin and adopted into the tree', async () => {
    const payload = xovisPackage('00:6E:02:99:00:01', 1, [
      {
        id: 0,
        records: [
          {
            from: Date.UTC(2020, 6, 26, 9),
            to: Date.UTC(2020, 6, 26, 9, 1),
            counts: [{ name: 'fw', value: 4 }],
          },
        ],
      },
    ]);
    const res = await post('/api/ingest/xovis', payload);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ identity: '00:6E:02:99:00:01' });
    expect(res.json().message).toContain('00:6E:02:99:00:01');
    await post('/api/ingest/xovis', payload);
    const forAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/UnknownDevice',
      headers: await authHeader(t.ctx, admin),
    });
    expect(forAdmin.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/UnknownDevice',
      headers: await authHeader(t.ctx, superAdmin),
    });
    const mine = (
      list.json() as { identity: string; pushCount: number; vendor: string; scopeNodeId: string }[]
    ).find((d) => d.identity === '006e02990001');
    expect(mine).toMatchObject({ pushCount: 2, vendor: 'xovis', scopeNodeId: group.id });
    const adopt = await t.app.inject({
      method: 'POST',
      url: '/api/UnknownDevice/006e02990001/adopt',
      headers: await authHeader(t.ctx, superAdmin),
      payload: { parentId: paris.id, name: 'Back door' },
    });
    expect(adopt.statusCode).toBe(201);
    const node = await sql<{ attributes: { macAddress: string } }>`
      select attributes from node where id = ${adopt.json().id}`.execute(t.db);
    expect(node.rows[0]!.attributes.macAddress).toBe('00:6E:02:99:00:01');
    const after = await post('/api/ingest/xovis', payload);
    expect(after.statusCode).toBe(200);
    expect(after.json().deviceIds).toEqual([adopt.json().id]);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/UnknownDevice',
      headers: await authHeader(t.ctx, superAdmin),
    });
    expect((listed.json() as { identity: string }[]).some((d) => d.identity === '006e02990001')).toBe(false);
  });

  it('backfills a device from its Xovis count export, in the device time zone', async () => {
    t.clock.set('2026-02-03T00:00:00Z');
    const csv = raw('xovis-pc2se-count-export.csv');
    const url = `/api/ingest/xovis/export/${exportDoor.id}`;
    const headers = { ...(await authHeader(t.ctx, admin)), 'content-type': 'text/csv' };
    const res = await t.app.inject({ method: 'POST', url, headers, payload: csv });
    expect(res.statusCode).toBe(200);
    // independent reading of the file: rows per local date
    const rows = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(res.json().accepted).toBe(rows.length * 2);
    const byDay = (day: string, col: number) =>
      rows.filter((r) => r[0]!.startsWith(day)).reduce((s, r) => s + Number(r[col]), 0);
    expect(await dayTotal(berlin.id, 'TrafficIn', '2026-02-01')).toBe(byDay('01/02/2026', 2));
    expect(await dayTotal(berlin.id, 'TrafficOut', '2026-02-01')).toBe(byDay('01/02/2026', 3));
    expect(await dayTotal(berlin.id, 'TrafficIn', '2026-02-02')).toBe(byDay('02/02/2026', 2));
    expect(byDay('02/02/2026', 2)).toBeGreaterThan(0);
    // the row "01/02/2026 - 20:28,...,1,0" is 20:28 in Berlin
    const inPoints = await points(exportDoor.id, 'TrafficIn', 'Europe/Berlin');
    expect(inPoints.find(([at]) => at === '2026-02-01T20:28')).toEqual(['2026-02-01T20:28', 1]);
    // uploading it again replaces
    await t.app.inject({ method: 'POST', url, headers, payload: csv });
    expect(await dayTotal(berlin.id, 'TrafficIn', '2026-02-02')).toBe(byDay('02/02/2026', 2));
    // a bad row refuses the whole file, naming the line
    const before = await deviceMeasurements();
    const broken = csv.replace(
      '01/02/2026 - 20:33,01/02/2026 - 20:34,0,1',
      '01/02/2026 - 20:33,01/02/2026 - 20:34,0,x',
    );
    const lineNo = broken.split('\n').findIndex((l) => l.endsWith(',0,x')) + 1;
    const refused = await t.app.inject({ method: 'POST', url, headers, payload: broken });
    expect(refused.json()).toMatchObject({ statusCode: 400, field: `csv.line.${lineNo}.backward counter` });
    expect(await deviceMeasurements()).toBe(before);
    const outside = await makeDevice(t.db, {
      parentId: (await makeLocation(t.db, { parentId: (await makeGroup(t.db)).id })).id,
    });
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/xovis/export/${outside.id}`,
      headers,
      payload: csv,
    });
    expect(hidden.statusCode).toBe(404);
    t.clock.set('2020-07-27T00:00:00Z');
  });

  describe('Axis CSV exports as a backfill of one device', () => {
    let stockholm: { id: string }, p8815: { id: string }, swapped: { id: string }, tvpc: { id: string };
    const upload = async (deviceId: string, csv: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ingest/axis/export/${deviceId}`,
        headers: { ...(await authHeader(t.ctx, admin)), 'content-type': 'text/csv' },
        payload: csv,
      });

    beforeAll(async () => {
      stockholm = await makeLocation(t.db, {
        parentId: group.id,
        attributes: { timezone: 'Europe/Stockholm' },
      });
      // the serial of the Retail Data push sample of the same VAPIX page, registered as a MAC
      p8815 = await makeDevice(t.db, {
        parentId: stockholm.id,
        attributes: { macAddress: 'AC:CC:8E:F3:D9:2E' },
      });
      swapped = await makeDevice(t.db, {
        parentId: (
          await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/Stockholm' } })
        ).id,
        attributes: { serialNumber: 'ACCC8E0000AA', sensorSettings: { swapDirections: true } },
      });
      tvpc = await makeDevice(t.db, {
        parentId: (
          await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'America/New_York' } })
        ).id,
        attributes: { macAddress: '00:40:8C:AC:51:2B' },
      });
    });

    it("stores the AXIS 3D People Counter's published minute and day exports at their local minutes", async () => {
      t.clock.set('2020-09-24T00:00:00Z');
      // developer.axis.com/vapix/applications/p8815-2-3d-people-counter-api, Example 2 (samples/README.md)
      const minute = raw('axis-3d-people-counter-export-minute.csv');
      const res = await upload(p8815.id, minute);
      expect(res.statusCode).toBe(200);
      // independent reading: 9 rows, in and out each
      const rows = minute.trim().split('\n').slice(1);
      expect(res.json()).toMatchObject({ accepted: rows.length * 2, deviceIds: [p8815.id] });
      // "2020-09-23 00:00:00" is Stockholm's midnight (CEST), 22:00 UTC the day before
      const inPoints = await points(p8815.id, 'TrafficIn', 'Europe/Stockholm');
      expect(inPoints.map(([at]) => at)).toEqual(rows.map((r) => r.slice(0, 16).replace(' ', 'T')));
      expect(inPoints.every(([, v]) => v === 0)).toBe(true);
      const utc = await sql<{ at: Date }>`
        select min(m.occurred_on) as at from measurement m join time_series s on s.key = m.series_key
        where s.node_id = ${p8815.id} and s.measurement_protocol = 'TrafficOut'`.execute(t.db);
      expect(utc.rows[0]!.at.toISOString()).toBe('2020-09-22T22:00:00.000Z');
      // Example 3: day rows, each a whole local day
      const day = await upload(p8815.id, raw('axis-3d-people-counter-export-day.csv'));
      expect(day.json()).toMatchObject({ accepted: 18 });
      const outDays = await points(p8815.id, 'TrafficOut', 'Europe/Stockholm');
      expect(outDays.filter(([at]) => at.startsWith('2020-08'))).toHaveLength(9);
      expect(outDays.find(([at]) => at === '2020-08-05T00:00')).toEqual(['2020-08-05T00:00', 0]);
      t.clock.set('2020-07-27T00:00:00Z');
    });

    it('adds counts to the right KPI and local minute; re-sent rows replace; swapDirections turns them', async () => {
      t.clock.set('2020-09-24T00:00:00Z');
      // the published format (start,end,in,out, camera-local hours) with counts of our own
      const csv = (inNoon: number) =>
        [
          'start,end,in,out',
          `2020-09-23 12:00:00,2020-09-23 13:00:00,${inNoon},7`,
          '2020-09-23 13:00:00,2020-09-23 14:00:00,5,9',
          '',
        ].join('\r\n');
      expect((await upload(p8815.id, csv(12))).json()).toMatchObject({ accepted: 4 });
      expect(await dayTotal(stockholm.id, 'TrafficIn', '2020-09-23')).toBe(17);
      expect(await dayTotal(stockholm.id, 'TrafficOut', '2020-09-23')).toBe(16);
      expect(
        (await points(p8815.id, 'TrafficIn', 'Europe/Stockholm')).find(([at]) => at === '2020-09-23T12:00'),
      ).toEqual(['2020-09-23T12:00', 12]);
      // the same hour again with another count replaces it, never doubles
      await upload(p8815.id, csv(20));
      expect(await dayTotal(stockholm.id, 'TrafficIn', '2020-09-23')).toBe(25);
      expect(await dayTotal(stockholm.id, 'TrafficOut', '2020-09-23')).toBe(16);
      // a device whose settings swap the directions: in is TrafficOut
      await upload(swapped.id, csv(3));
      expect(await points(swapped.id, 'TrafficOut', 'Europe/Stockholm')).toEqual([
        ['2020-09-23T12:00', 3],
        ['2020-09-23T13:00', 5],
      ]);
      t.clock.set('2020-07-27T00:00:00Z');
    });

    it('reads the AXIS People Counter export (Interval start ... Pedestrians going out) in the location zone', async () => {
      t.clock.set('2017-05-16T00:00:00Z');
      // columns as an integrator's importer of /local/people-counter/.api?export-csv lists them
      // (samples/README.md, "Not found": no published rows), 15-minute bins
      const csv = [
        'Interval start,Interval stop,Camera serial number,Counter name,Pedestrians coming in,Pedestrians going out',
        '2017-05-12 09:00:00,2017-05-12 09:15:00,00408CAC512B,Exit south,4,1',
        '2017-05-12 09:15:00,2017-05-12 09:30:00,00408CAC512B,Exit south,6,2',
      ].join('\n');
      const res = await upload(tvpc.id, csv);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ accepted: 4 });
      expect(await points(tvpc.id, 'TrafficIn', 'America/New_York')).toEqual([
        ['2017-05-12T09:00', 4],
        ['2017-05-12T09:15', 6],
      ]);
      expect(await points(tvpc.id, 'TrafficOut', 'America/New_York')).toEqual([
        ['2017-05-12T09:00', 1],
        ['2017-05-12T09:15', 2],
      ]);
      // a file from another camera is refused whole
      const before = await deviceMeasurements();
      const other = await upload(tvpc.id, csv.replace(/00408CAC512B/g, 'ACCC8E019C5F'));
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ field: 'csv.camera serial number' });
      expect(await deviceMeasurements()).toBe(before);
      t.clock.set('2020-07-27T00:00:00Z');
    });

    it('refuses malformed and truncated exports whole (400 naming the line and column), 404 outside the scope', async () => {
      t.clock.set('2020-09-24T00:00:00Z');
      const good = raw('axis-3d-people-counter-export-minute.csv');
      const before = await deviceMeasurements();
      const cases: [string, string][] = [
        [
          good.replace(
            '2020-09-23 00:05:00,2020-09-23 00:06:00,0,0',
            '2020-09-23 00:05:00,2020-09-23 00:06:00,0,x',
          ),
          'csv.line.7.out',
        ],
        [
          good.replace('2020-09-23 00:03:00,2020-09-23 00:04:00', '23/09/2020 00:03,2020-09-23 00:04:00'),
          'csv.line.5.start',
        ],
        [
          good.replace('2020-09-23 00:02:00,2020-09-23 00:03:00', '2020-09-23 00:02:00,2020-09-23 00:01:00'),
          'csv.line.4.end',
        ],
        // truncated in the middle of the last row
        [good.slice(0, good.length - 10), 'csv.line.10.end'],
        [good.split('\n')[0]!, 'csv'],
        ['', 'csv.header'],
        ['from-time,to-time,Forward counter,Backward counter\n', 'csv.header'],
        ['start,end,in\n2020-09-23 00:00:00,2020-09-23 00:01:00,1', 'csv.header'],
        ['start,end,in,out\n"2020-09-23 00:00:00,2020-09-23 00:01:00,1,1', 'csv.line.2'],
      ];
      for (const [csv, field] of cases) {
        const res = await upload(p8815.id, csv);
        expect(res.statusCode, field).toBe(400);
        expect(res.json().field, csv.slice(-60)).toBe(field);
      }
      // a row too far in the future (a camera clock gone wrong)
      const future = await upload(p8815.id, 'start,end,in,out\n2020-09-25 10:00:00,2020-09-25 10:01:00,1,1');
      expect(future.json()).toMatchObject({ statusCode: 400, field: 'csv.line.2.start' });
      expect(await deviceMeasurements()).toBe(before);
      const outside = await makeDevice(t.db, {
        parentId: (await makeLocation(t.db, { parentId: (await makeGroup(t.db)).id })).id,
      });
      expect((await upload(outside.id, good)).statusCode).toBe(404);
      expect((await upload(stockholm.id, good)).statusCode).toBe(404);
      t.clock.set('2020-07-27T00:00:00Z');
    });
  });

  it('authenticates devices by X-Api-Key, Bearer key, basic password and push URL; revoked keys answer 401', async () => {
    const principal = {
      userId: admin.id,
      username: admin.username,
      roles: ['admin' as const],
      scopeNodeId: group.id,
    };
    const { key, id: keyId } = await t.app.services.ingest.createKey(principal, {
      name: 'doors',
      scopeNodeId: group.id,
    });
    const body = (n: number) =>
      xovisPackage('801F12A45BC3', 100 + n, [
        {
          id: 0,
          records: [
            {
              from: Date.UTC(2020, 6, 26, 12, n),
              to: Date.UTC(2020, 6, 26, 12, n + 1),
              counts: [{ name: 'fw', value: n }],
            },
          ],
        },
      ]);
    const basic = (pw: string) => `Basic ${Buffer.from(`xovis:${pw}`).toString('base64')}`;
    expect((await post('/api/ingest/xovis', body(1), { 'x-api-key': key })).statusCode).toBe(200);
    expect((await post('/api/ingest/xovis', body(2), { authorization: `Bearer ${key}` })).statusCode).toBe(
      200,
    );
    expect((await post('/api/ingest/xovis', body(3), { authorization: basic(key) })).statusCode).toBe(200);
    expect(
      (await post('/api/ingest/xovis', body(4), { authorization: basic('wrong-password-123456') }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/ingest/xovis', body(4), {})).statusCode).toBe(401);
    // a per-device push URL: writes to that device only
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/Device/${xovisSide.id}/PushKey`,
      headers: await authHeader(t.ctx, admin),
    });
    expect(created.statusCode).toBe(201);
    const pushKey = created.json().key as string;
    expect((await post(`/api/ingest/k/${pushKey}/xovis`, body(5), {})).statusCode).toBe(200);
    const elsewhere = await post(
      `/api/ingest/k/${pushKey}/xovis`,
      xovisPackage('80:1F:12:A4:5B:C2', 200, []),
      {},
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(await points(xovisSide.id, 'TrafficIn', 'UTC')).toEqual(
      expect.arrayContaining([
        ['2020-07-26T12:01', 1],
        ['2020-07-26T12:02', 2],
        ['2020-07-26T12:03', 3],
        ['2020-07-26T12:05', 5],
      ]),
    );
    const keys = await t.app.inject({
      method: 'GET',
      url: `/api/Device/${xovisSide.id}/PushKey`,
      headers: await authHeader(t.ctx, admin),
    });
    expect(keys.json()).toEqual([expect.objectContaining({ id: created.json().id, revokedOn: null })]);
    expect(JSON.stringify(keys.json())).not.toContain(pushKey);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/Device/${xovisSide.id}/PushKey/${created.json().id}`,
      headers: await authHeader(t.ctx, admin),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await post(`/api/ingest/k/${pushKey}/xovis`, body(6), {})).statusCode).toBe(401);
    await t.app.services.ingest.revokeKey(principal, keyId);
    expect((await post('/api/ingest/xovis', body(7), { 'x-api-key': key })).statusCode).toBe(401);
    expect((await post('/api/ingest/xovis', body(7), { authorization: basic(key) })).statusCode).toBe(401);
  });
});

const haveBroker = await new Promise<boolean>((resolve) => {
  const socket = net.connect(1883, '127.0.0.1');
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});

describe.skipIf(!haveBroker)('Irisys count messages over MQTT (Mosquitto)', () => {
  let t: TestApp;
  let sub: MqttIngest;
  let pub: mqtt.MqttClient;
  const prefix = `footfall-irisys-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2024-03-01T00:00:00Z');
    sub = startMqttIngest({
      url: 'mqtt://127.0.0.1:1883',
      topic: `${prefix}/+/measurements`,
      deviceTopic: `${prefix}/+/+/+`,
      devices: t.app.services.sensors,
      ingest: t.app.services.ingest,
      log: t.ctx.log,
      clientId: `${prefix}-sub`,
    });
    await sub.ready;
    pub = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { clientId: `${prefix}-pub` });
  });
  afterAll(async () => {
    await pub?.endAsync();
    await sub?.stop();
  });

  it('stores the count events of the device named by the topic, in its location time zone', async () => {
    const group = await makeGroup(t.db);
    const store = await makeLocation(t.db, { parentId: group.id, attributes: { timezone: 'Europe/London' } });
    const device = await makeDevice(t.db, {
      parentId: store.id,
      attributes: { serialNumber: 'V4D-20050095' },
    });
    const other = await makeGroup(t.db);
    const stored = async () =>
      (
        await sql<{ at: string; value: number }>`
          select to_char(m.occurred_on at time zone 'Europe/London', 'YYYY-MM-DD"T"HH24:MI:SS') as at, m.value
          from measurement m join time_series s on s.key = m.series_key
          where s.node_id = ${device.id} and s.measurement_protocol = 'TrafficIn' order by m.occurred_on`.execute(
          t.db,
        )
      ).rows;
    // the specification's message verbatim (day 91) is refused and skipped; a group that does not hold
    // the device writes nothing; then a real message lands
    await pub.publishAsync(
      `${prefix}/${group.id}/irisys/V4D-20050095`,
      raw('irisys-mqtt-counts-spec-v3.json'),
      { qos: 1 },
    );
    await pub.publishAsync(
      `${prefix}/${other.id}/irisys/V4D-20050095`,
      JSON.stringify([{ register: 'Line 1', value: 7, t: '2024-02-29T12:00:00+0000' }]),
      { qos: 1 },
    );
    await pub.publishAsync(
      `${prefix}/${group.id}/irisys/V4D-20050095`,
      JSON.stringify([
        { register: 'Line 1', value: 1, t: '2024-02-29T12:30:00+0000' },
        { register: 'Line 2', value: 1, t: '2024-02-29T12:30:12+0000' },
        { register: 'Line 1', value: 1, t: '2024-02-29T12:30:14+0000' },
      ]),
      { qos: 1 },
    );
    const end = Date.now() + 8000;
    while (Date.now() < end && (await stored()).length < 2) await new Promise((r) => setTimeout(r, 50));
    expect(await stored()).toEqual([
      { at: '2024-02-29T12:30:00', value: 1 },
      { at: '2024-02-29T12:30:14', value: 1 },
    ]);
  });
});
