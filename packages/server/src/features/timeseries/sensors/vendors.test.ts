import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
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
import { startMqttIngest, type MqttIngest } from '../mqtt.subscriber.js';
import { countChanges, tableCounts } from '../../../test/table-counts.js';
import { minuteCounts } from './counters.js';
import { parseVendorPush } from './vendors.js';
import { sampleJson, sampleText } from './sample-files.js';

/**
 * Axis, Hikvision, Milesight and Vivotek pushes (issue 17, part B) on the vendors' own samples
 * (samples/README.md cites each; they are read as they are, JSON5 for the ones written as JavaScript
 * literals). Counts are checked in the device location's local minute and KPI, against the numbers
 * read off the samples by hand.
 */
const text = sampleText;
const json = sampleJson;

describe('per-minute sums of several counters', () => {
  const rows = [
    { counter: 'a', at: 0, total: 10 },
    { counter: 'a', at: 30_000, total: 12 },
    { counter: 'a', at: 90_000, total: 13 },
    { counter: 'b', at: 10_000, total: 100 },
    { counter: 'b', at: 50_000, total: 104 },
  ];
  it('puts an event-driven count in the minute of the newer total, adding counters up', () => {
    // a: +2 at 0:30 (minute 0), +1 at 1:30 (minute 1); b: +4 at 0:50 (minute 0)
    expect([...minuteCounts(rows, 'end', 0, 120_000)]).toEqual([
      [0, 6],
      [60_000, 1],
    ]);
  });
  it('puts a periodic count in the minute of the older total, and keeps to the window', () => {
    // a: +2 from 0:00 (minute 0), +1 from 0:30 (minute 0); b: +4 from 0:10 (minute 0)
    expect([...minuteCounts(rows, 'start', 0, 60_000)]).toEqual([[0, 7]]);
    expect([...minuteCounts(rows, 'start', 60_000, 120_000)]).toEqual([]);
  });
  it('takes a total going down as a reset (what was counted since)', () => {
    expect([
      ...minuteCounts(
        [
          { counter: 'x', at: 0, total: 500 },
          { counter: 'x', at: 60_000, total: 3 },
        ],
        'start',
        0,
        120_000,
      ),
    ]).toEqual([[0, 3]]);
  });
});

describe('vendor pushes through /api/ingest/<vendor>', () => {
  let t: TestApp;
  let admin: MadeUser;
  let groupId: string;
  const devices: Record<string, { id: string; tz: string }> = {};

  /** [local minute, value] of a device's series of `protocol`, in the device location's time zone */
  const points = async (device: { id: string; tz: string }, protocol: string) =>
    (
      await sql<{ at: string; value: number }>`
        select to_char(m.occurred_on at time zone ${device.tz}, 'YYYY-MM-DD HH24:MI') as at, m.value
        from measurement m join time_series s on s.key = m.series_key
        where s.node_id = ${device.id} and s.measurement_protocol = ${protocol} order by m.occurred_on`.execute(
        t.db,
      )
    ).rows.map((r) => [r.at, r.value]);
  const stored = async (deviceId: string) =>
    Number(
      (
        await sql<{ n: string }>`
          select count(*) as n from measurement m join time_series s on s.key = m.series_key
          where s.node_id = ${deviceId}`.execute(t.db)
      ).rows[0]!.n,
    );
  const post = async (vendor: string, payload: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/${vendor}`,
      headers: { ...(await authHeader(t.ctx, admin)), 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const xml = (body: string) => post('hikvision', body, 'application/xml');

  const device = async (name: string, tz: string, attributes: Record<string, unknown>) => {
    const loc = await makeLocation(t.db, { parentId: groupId, attributes: { timezone: tz } });
    const d = await makeDevice(t.db, { parentId: loc.id, attributes });
    devices[name] = { id: d.id, tz };
    return devices[name];
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-06-01T00:00:00Z');
    groupId = (await makeGroup(t.db)).id;
    admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: groupId });
    await device('axis3d', 'Europe/Zurich', { macAddress: 'B8:A4:4F:A8:9C:85' });
    await device('axisLive', 'America/Toronto', { macAddress: '00:40:8C:AC:51:2B' });
    await device('aoa', 'Europe/Stockholm', { macAddress: '01-23-45-67-89-AB' });
    await device('hikRealTime', 'Asia/Shanghai', { macAddress: '10:12:FB:DE:0B:0A' });
    await device('hikTrigger', 'Asia/Shanghai', { macAddress: '10:12:FB:D3:C2:35' });
    await device('hikRange', 'Europe/Berlin', { macAddress: '44:47:CC:50:00:C1' });
    await device('milesight', 'Asia/Shanghai', { serialNumber: '6384E16179950009' });
    await device('vs121p', 'Asia/Shanghai', { serialNumber: '369362028335' });
    await device('vivotek', 'Asia/Taipei', { macAddress: '00:02:81:31:00:08' });
  });

  it('Axis Retail Data (3D People Counter): in 1 / out 2 in the local minute 10:14 of Zurich', async () => {
    const res = await post('axis', json('axis-3d-people-counter-retail-data.json5'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, deviceIds: [devices.axis3d!.id], ignored: [] });
    expect(await points(devices.axis3d!, 'TrafficIn')).toEqual([['2025-05-22 10:14', 1]]);
    expect(await points(devices.axis3d!, 'TrafficOut')).toEqual([['2025-05-22 10:14', 2]]);
    // the same push again replaces, never doubles
    expect((await post('axis', json('axis-3d-people-counter-retail-data.json5'))).statusCode).toBe(200);
    expect(await points(devices.axis3d!, 'TrafficIn')).toEqual([['2025-05-22 10:14', 1]]);
  });

  it('AXIS People Counter live sum: local-time totals since midnight become counts, midnight resets', async () => {
    const first = await post('axis', json('axis-people-counter-live-sum.json'));
    expect(first.statusCode).toBe(200);
    expect(first.json().accepted).toBe(0); // the first total is the baseline
    // built here, in the sample's shape: one minute later, then after the midnight reset
    await post('axis', { serial: '00408CAC512B', timestamp: '20170503112856', in: 15, out: 320 });
    await post('axis', { serial: '00408CAC512B', timestamp: '20170504000056', in: 1, out: 0 });
    // counts at the interval start, in Toronto time as the camera wrote it
    expect(await points(devices.axisLive!, 'TrafficIn')).toEqual([
      ['2017-05-03 11:27', 3],
      ['2017-05-03 11:28', 1],
    ]);
    expect(await points(devices.axisLive!, 'TrafficOut')).toEqual([
      ['2017-05-03 11:27', 2],
      ['2017-05-03 11:28', 0],
    ]);
  });

  it('AXIS Object Analytics crossline events: human totals, counted in the minute of the event', async () => {
    expect((await post('axis', json('axis-objectanalytics-crossline-mqtt-1.json'))).json().accepted).toBe(0);
    const second = await post('axis', json('axis-objectanalytics-crossline-mqtt-2.json'));
    expect(second.statusCode).toBe(200);
    // the samples count cars (totalHuman stays "0"): no person crossed between them
    // 1670519332535 = 2022-12-08T17:08:52Z = 18:08 in Stockholm
    expect(await points(devices.aoa!, 'TrafficIn')).toEqual([['2022-12-08 18:08', 0]]);
    // two people cross in the same minute (events built here in the samples' shape)
    const event = (ms: number, humans: string) => ({
      topic: 'axis:CameraApplicationPlatform/ObjectAnalytics/Device1Scenario1',
      timestamp: ms,
      serial: '0123456789AB',
      message: { source: {}, key: {}, data: { reason: 'human', total: '21094', totalHuman: humans } },
    });
    await post('axis', event(1670519335000, '1')); // 17:08:55Z
    await post('axis', event(1670519338000, '2'));
    expect(await points(devices.aoa!, 'TrafficIn')).toEqual([['2022-12-08 18:08', 2]]);
    // re-sent events do not double
    await post('axis', event(1670519338000, '2'));
    expect(await points(devices.aoa!, 'TrafficIn')).toEqual([['2022-12-08 18:08', 2]]);
  });

  it('an Object Analytics scenario mapped to TrafficOut in the device settings counts out', async () => {
    await t.db
      .updateTable('node')
      .set({
        attributes: sql`attributes || ${JSON.stringify({ sensorSettings: { registers: { Device1Scenario2: 'TrafficOut' } } })}::jsonb`,
      })
      .where('id', '=', devices.aoa!.id)
      .execute();
    const out = (ms: number, humans: string) => ({
      topic: 'axis:CameraApplicationPlatform/ObjectAnalytics/Device1Scenario2',
      timestamp: ms,
      serial: '0123456789AB',
      message: { source: {}, key: {}, data: { reason: 'human', total: humans, totalHuman: humans } },
    });
    await post('axis', out(1670520000000, '40'));
    await post('axis', out(1670520061000, '43'));
    // 1670520061000 = 17:21:01Z = 18:21 Stockholm
    expect(await points(devices.aoa!, 'TrafficOut')).toEqual([['2022-12-08 18:21', 3]]);
    expect(await points(devices.aoa!, 'TrafficIn')).toEqual([['2022-12-08 18:08', 2]]);
  });

  it('Hikvision signalTrigger and timeRange alarms are interval counts (enter in, exit out, pass PasserBy)', async () => {
    const res = await xml(text('hikvision-signaltrigger-gohttp.xml'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 3, deviceIds: [devices.hikTrigger!.id], ignored: [] });
    expect(await points(devices.hikTrigger!, 'TrafficIn')).toEqual([['2021-06-26 12:25', 1]]);
    expect(await points(devices.hikTrigger!, 'TrafficOut')).toEqual([['2021-06-26 12:25', 0]]);
    expect(await points(devices.hikTrigger!, 'PasserBy')).toEqual([['2021-06-26 12:25', 0]]);
    const range = await xml(text('hikvision-timerange-readme.xml'));
    expect(range.statusCode).toBe(200);
    // 19:33 +02:00 is 19:33 in Berlin (summer time)
    expect(await points(devices.hikRange!, 'TrafficIn')).toEqual([['2020-04-19 19:33', 0]]);
    const series = await sql<{ interval_seconds: number }>`
      select interval_seconds from time_series where node_id = ${devices.hikRange!.id}
        and measurement_protocol = 'TrafficIn'`.execute(t.db);
    expect(series.rows).toEqual([{ interval_seconds: 120 }]);
  });

  it('Hikvision realTime alarms are running totals: differences in the minute of the newer one', async () => {
    const first = await xml(text('hikvision-realtime-gohttp.xml'));
    expect(first.statusCode).toBe(200);
    expect(first.json().accepted).toBe(0);
    const next = text('hikvision-realtime-gohttp.xml') // a later alarm of the same camera, built here
      .replaceAll('2021-06-22T16:36:15', '2021-06-22T16:37:40')
      .replace('<enter>252</enter>', '<enter>255</enter>')
      .replace('<exit>261</exit>', '<exit>262</exit>');
    expect((await xml(next)).statusCode).toBe(200);
    expect(await points(devices.hikRealTime!, 'TrafficIn')).toEqual([['2021-06-22 16:37', 3]]);
    expect(await points(devices.hikRealTime!, 'TrafficOut')).toEqual([['2021-06-22 16:37', 1]]);
  });

  it('Milesight periodic report: lines add up in the period start minute; region people as Occupancy, stays as DwellTime', async () => {
    const res = await post('milesight', json('milesight-vs125-periodic.json5'));
    expect(res.statusCode).toBe(200);
    // in/out of the two lines (summed per direction), Region1's 2 people, Region1's average stay
    expect(res.json()).toEqual({
      accepted: 4,
      deviceIds: [devices.milesight!.id],
      ignored: ['line_total_data'],
    });
    expect(await points(devices.milesight!, 'TrafficIn')).toEqual([['2024-05-30 20:20', 0]]);
    expect(await points(devices.milesight!, 'Occupancy')).toEqual([['2024-05-30 20:20', 2]]);
    // avg_dwell_time 308367 ms
    expect(await points(devices.milesight!, 'DwellTime')).toEqual([['2024-05-30 20:20', 308.367]]);
    // a report of another period with people counted (built here in the sample's shape)
    const later = json('milesight-vs125-periodic.json5');
    later.time_info = { start_time: '2024-05-30T20:21:49+08:00', end_time: '2024-05-30T20:22:49+08:00' };
    later.line_periodic_data = [
      { line: 1, line_name: 'Line1', total: { in: 4, out: 1 } },
      { line: 2, line_name: 'Line2', total: { in: 2, out: 3 } },
    ];
    expect((await post('milesight', later)).statusCode).toBe(200);
    expect(await points(devices.milesight!, 'TrafficIn')).toEqual([
      ['2024-05-30 20:20', 0],
      ['2024-05-30 20:21', 6],
    ]);
    expect(await points(devices.milesight!, 'TrafficOut')).toEqual([
      ['2024-05-30 20:20', 0],
      ['2024-05-30 20:21', 4],
    ]);
    // re-sent: replaces, never doubles
    expect((await post('milesight', later)).statusCode).toBe(200);
    expect(await points(devices.milesight!, 'TrafficIn')).toEqual([
      ['2024-05-30 20:20', 0],
      ['2024-05-30 20:21', 6],
    ]);
    expect(await points(devices.milesight!, 'Occupancy')).toEqual([
      ['2024-05-30 20:20', 2],
      ['2024-05-30 20:21', 2],
    ]);
  });

  it('Milesight trigger report: running line totals, the first one a baseline, the next counted in its minute', async () => {
    const trigger = await post('milesight', json('milesight-vs125-line-trigger.json5'));
    expect(trigger.statusCode).toBe(200);
    expect(trigger.json()).toEqual({ accepted: 0, deviceIds: [devices.milesight!.id], ignored: [] });
    // the next crossing (built here in the sample's shape): Line1 in 27 -> 29, out 27 -> 28; Line3 in 27 -> 28
    const next = json('milesight-vs125-line-trigger.json5');
    const lines = next.line_trigger_data as { total: { in: number; out: number } }[];
    lines[0]!.total = { in: 29, out: 28 };
    lines[1]!.total = { in: 28, out: 27 };
    next.time_info = { time: '2024-05-30T20:13:05+08:00' };
    const res = await post('milesight', next);
    expect(res.statusCode).toBe(200);
    expect(await points(devices.milesight!, 'TrafficIn')).toContainEqual(['2024-05-30 20:13', 3]);
    expect(await points(devices.milesight!, 'TrafficOut')).toContainEqual(['2024-05-30 20:13', 1]);
    // the same crossing sent again is not counted twice
    expect((await post('milesight', next)).statusCode).toBe(200);
    expect(await points(devices.milesight!, 'TrafficIn')).toContainEqual(['2024-05-30 20:13', 3]);
    // a stay in a region (trigger report) carries no count we store
    const stay = await post('milesight', json('milesight-vs125-region-trigger-dwell.json5'));
    expect(stay.json()).toEqual({
      accepted: 0,
      deviceIds: [devices.milesight!.id],
      ignored: ['region_trigger_data'],
    });
  });

  it("VS121-P region report: the manual's example is refused as printed; the documented fields give Occupancy", async () => {
    // the manual's example is not JSON (comments, a missing comma): kept verbatim, refused
    const manual = await post('milesight', text('milesight-vs121-p-region-periodic-manual.txt'));
    expect(manual.statusCode).toBe(400);
    expect(await points(devices.vs121p!, 'Occupancy')).toEqual([]);
    // built here from the fields the manual documents (samples/README.md): 10 people in view at the end
    const report = {
      event: 'Region People Counting',
      report_type: 'interval',
      device_info: { device: 'Workplace Sensor', device_sn: '369362028335', device_mac: '00:16:28:FA:8E:68' },
      time_info: {
        timezone: 'UTC+8:00',
        dst_status: false,
        start_time: '2022/12/20 18:15:52',
        end_time: '2022/12/20 19:15:52',
      },
      current_total: 10,
      max_counted: 12,
      total_mapped_regions: 2,
      numbering_regions: [1, 2],
      current_counted: [5, 5],
      occupancy: [1, 0],
    };
    const res = await post('milesight', report);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 1, deviceIds: [devices.vs121p!.id], ignored: [] });
    // device-local time read in the location's zone (Asia/Shanghai)
    expect(await points(devices.vs121p!, 'Occupancy')).toEqual([['2022-12-20 18:15', 10]]);
    // the trigger report (an occupancy change at time_info.time) is listed, not stored
    const { report_type: _periodic, ...rest } = report;
    const change = await post('milesight', { ...rest, time_info: { time: '2022/12/20 18:40:01' } });
    expect(change.json()).toEqual({
      accepted: 0,
      deviceIds: [devices.vs121p!.id],
      ignored: ['current_total'],
    });
    expect(await points(devices.vs121p!, 'Occupancy')).toEqual([['2022-12-20 18:15', 10]]);
  });

  it('Vivotek report push: counting rules add up per interval (UTC times, Taipei minutes)', async () => {
    const res = await post('vivotek', json('vivotek-sc8131-report-push.json'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, deviceIds: [devices.vivotek!.id], ignored: [] });
    // Conting1 in 1 out 2 + Conting2 in 0 out 2, 06:15Z = 14:15 Taipei
    expect(await points(devices.vivotek!, 'TrafficIn')).toEqual([['2015-05-28 14:15', 1]]);
    expect(await points(devices.vivotek!, 'TrafficOut')).toEqual([['2015-05-28 14:15', 4]]);
  });

  it("Vivotek report push in CSV: the manual's example lands in the same Taipei minute; bad lines refused whole", async () => {
    // SC8131 user manual p. 90, the CSV example (samples/README.md); its Counting2 out is 0 where the
    // JSON example says 2: the CSV report replaces the JSON one's interval
    const csv = text('vivotek-sc8131-report-push.csv');
    const res = await post('vivotek', csv, 'text/csv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, deviceIds: [devices.vivotek!.id], ignored: [] });
    expect(await points(devices.vivotek!, 'TrafficIn')).toEqual([['2015-05-28 14:15', 1]]);
    expect(await points(devices.vivotek!, 'TrafficOut')).toEqual([['2015-05-28 14:15', 2]]);
    // text/plain is read the same way
    expect((await post('vivotek', csv, 'text/plain')).statusCode).toBe(200);
    const before = await stored(devices.vivotek!.id);
    const tablesBefore = await tableCounts(t.db);
    const cases: [string, string][] = [
      [csv.replace('Counting1,1,2', 'Counting1,1,x'), 'csv.line.4.Out'],
      [
        csv.replace(
          '2015-05-28T06:15:00Z,2015-05-28T06:30:00Z\nCounting,Counting2',
          '28/05/2015 06:15,2015-05-28T06:30:00Z\nCounting,Counting2',
        ),
        'csv.line.4.StartTime',
      ],
      // truncated inside the last line
      [csv.slice(0, csv.length - 30), 'csv.line.5.StartTime'],
      [csv.split('\n').slice(0, 3).join('\n'), 'csv'],
      [csv.replace('00:02:81:31:00:08', ''), 'csv.line.2.MacAddress'],
      [csv.replace('MacAddress', 'Mac'), 'csv.line.1'],
      [csv.replace('RuleType,RuleName,In,Out', 'RuleType,RuleName,Enter,Out'), 'csv.line.3'],
      ['', 'csv.line.1'],
    ];
    for (const [body, field] of cases) {
      const refused = await post('vivotek', body, 'text/csv');
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().field, body.slice(-50)).toBe(field);
    }
    expect(await stored(devices.vivotek!.id)).toBe(before);
    expect(await tableCounts(t.db)).toEqual(tablesBefore);
    // back to the JSON example's counts for the tests that follow
    expect((await post('vivotek', json('vivotek-sc8131-report-push.json'))).statusCode).toBe(200);
    expect(await points(devices.vivotek!, 'TrafficOut')).toEqual([['2015-05-28 14:15', 4]]);
  });

  it('malformed and truncated payloads answer 400 naming the field, and write nothing', async () => {
    const before = await stored(devices.vivotek!.id);
    const tablesBefore = await tableCounts(t.db);
    const noMac = json('vivotek-sc8131-report-push.json');
    delete (noMac.Source as Record<string, unknown>).MacAddress;
    const cases: [string, unknown, string, string?][] = [
      ['vivotek', noMac, 'Source.MacAddress'],
      ['vivotek', text('vivotek-sc8131-report-push.json').slice(0, 200), 'body'],
      [
        'axis',
        {
          ...json('axis-3d-people-counter-retail-data.json5'),
          data: {
            measurements: [
              {
                kind: 'people-counts',
                utcFrom: '2025-05-22T08:14:00Z',
                utcTo: '2025-05-22T08:15:00Z',
                items: [{ direction: 'in', count: 'x' }],
              },
            ],
          },
        },
        'data.measurements.0.items.0.count',
      ],
      ['axis', { serial: '00408CAC512B', timestamp: '2017-05-03', in: 1, out: 1 }, 'timestamp'],
      ['milesight', { device_info: {}, time_info: {} }, 'device_info.device_sn'],
      [
        'milesight',
        { ...json('milesight-vs125-periodic.json5'), time_info: { end_time: '2024-05-30T20:21:49+08:00' } },
        'time_info.start_time',
      ],
      [
        'milesight',
        { ...json('milesight-vs125-line-trigger.json5'), time_info: { time_zone: 'UTC+8:00' } },
        'time_info.time',
      ],
      [
        'milesight',
        {
          ...json('milesight-vs125-line-trigger.json5'),
          line_trigger_data: [{ line: 1, total: { in: 3 } }],
        },
        'line_trigger_data.0.total.out',
      ],
      [
        'milesight',
        {
          ...json('milesight-vs125-periodic.json5'),
          region_data: { region_count_data: [{ region: 1, total: { current_total: -1 } }] },
        },
        'region_data.region_count_data.0.total.current_total',
      ],
      [
        'milesight',
        { ...json('milesight-vs125-periodic.json5'), region_data: { dwell_time_data: [{ region: 1 }] } },
        'region_data.dwell_time_data.0.avg_dwell_time',
      ],
      ['hikvision', text('hikvision-realtime-gohttp.xml').slice(0, 500), 'body', 'application/xml'],
      [
        'hikvision',
        text('hikvision-realtime-gohttp.xml').replace('<exit>261</exit>', ''),
        'EventNotificationAlert.peopleCounting.exit',
        'application/xml',
      ],
      [
        'hikvision',
        text('hikvision-signaltrigger-gohttp.xml').replace('2021-06-26T12:25:00+08:00', 'yesterday noon'),
        'EventNotificationAlert.peopleCounting.TimeRange.startTime',
        'application/xml',
      ],
    ];
    for (const [vendor, payload, field, type] of cases) {
      const res = await post(vendor, payload, type);
      expect(res.statusCode, `${vendor} ${field}: ${res.body}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await stored(devices.vivotek!.id)).toBe(before);
    expect(countChanges(tablesBefore, await tableCounts(t.db))).toEqual({});
    expect(await points(devices.hikRealTime!, 'TrafficIn')).toEqual([['2021-06-22 16:37', 3]]);
  });

  it('a timestamp from a clock far ahead is refused naming the field, nothing written', async () => {
    const ahead = json('vivotek-sc8131-report-push.json');
    const info = (
      (ahead.Data as Record<string, unknown>[])[0]!.CountingInfo as Record<string, unknown>[]
    )[1]!;
    info.StartTime = '2025-06-02T06:15:00Z';
    info.EndTime = '2025-06-02T06:30:00Z';
    const before = await points(devices.vivotek!, 'TrafficOut');
    const res = await post('vivotek', ahead);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('Data.0.CountingInfo.1.In');
    expect(await points(devices.vivotek!, 'TrafficOut')).toEqual(before);
  });

  it('an unknown device answers 404 with its identity; a device outside the caller scope too', async () => {
    const res = await post('vivotek', {
      ...json('vivotek-sc8131-report-push.json'),
      Source: { MacAddress: '00:02:81:99:99:99' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('00:02:81:99:99:99');
    const elsewhere = await makeDevice(t.db, { attributes: { macAddress: '00:02:81:77:77:77' } });
    const out = await post('vivotek', {
      ...json('vivotek-sc8131-report-push.json'),
      Source: { MacAddress: '00:02:81:77:77:77' },
    });
    expect(out.statusCode).toBe(404);
    expect(await stored(elsewhere.id)).toBe(0);
  });

  it('parsers are pure: the same payload gives the same identities and counts', () => {
    const p = parseVendorPush('vivotek', json('vivotek-sc8131-report-push.json'));
    expect(p.identities).toEqual(['00:02:81:31:00:08']);
    expect(p.intervals.map((i) => [i.counter, i.direction, i.value])).toEqual([
      ['Conting1', 'in', 1],
      ['Conting1', 'out', 2],
      ['Conting2', 'in', 0],
      ['Conting2', 'out', 2],
    ]);
  });
});

async function brokerAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(1883, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}
const haveBroker = await brokerAnswers();

describe.skipIf(!haveBroker)('vendor pushes over MQTT (Mosquitto on 127.0.0.1:1883)', () => {
  let t: TestApp;
  let sub: MqttIngest;
  let pub: mqtt.MqttClient;
  let groupId: string;
  let aoa: { id: string }, milesight: { id: string };
  const prefix = `footfall-dev-${randomBytes(4).toString('hex')}`;
  const stored = async (deviceId: string, protocol: string, tz: string) =>
    (
      await sql<{ at: string; value: number }>`
        select to_char(m.occurred_on at time zone ${tz}, 'YYYY-MM-DD HH24:MI') as at, m.value
        from measurement m join time_series s on s.key = m.series_key
        where s.node_id = ${deviceId} and s.measurement_protocol = ${protocol} order by m.occurred_on`.execute(
        t.db,
      )
    ).rows.map((r) => [r.at, r.value]);
  const until = async (check: () => Promise<boolean>, ms = 8000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('timed out waiting for the MQTT message to be stored');
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2025-06-01T00:00:00Z');
    groupId = (await makeGroup(t.db)).id;
    const loc = await makeLocation(t.db, { parentId: groupId, attributes: { timezone: 'Europe/Stockholm' } });
    aoa = await makeDevice(t.db, { parentId: loc.id, attributes: { macAddress: '01:23:45:67:89:AB' } });
    const sh = await makeLocation(t.db, { parentId: groupId, attributes: { timezone: 'Asia/Shanghai' } });
    milesight = await makeDevice(t.db, { parentId: sh.id, attributes: { macAddress: '24:E1:24:FA:0C:6C' } });
    sub = startMqttIngest({
      url: 'mqtt://127.0.0.1:1883',
      topic: `${prefix}/+/measurements`,
      ingest: t.app.services.ingest,
      log: t.ctx.log,
      clientId: `${prefix}-sub`,
      deviceTopic: `${prefix}/+/+/+`,
      devices: t.app.services.sensors,
    });
    await sub.ready;
    pub = await mqtt.connectAsync('mqtt://127.0.0.1:1883', { clientId: `${prefix}-pub` });
  });
  afterAll(async () => {
    await pub?.endAsync();
    await sub?.stop();
  });

  it('stores Axis Object Analytics events published by the camera under the group topic', async () => {
    const topic = `${prefix}/${groupId}/axis/0123456789AB`;
    await pub.publishAsync(topic, text('axis-objectanalytics-crossline-mqtt-1.json'), { qos: 1 });
    const later = json('axis-objectanalytics-crossline-mqtt-2.json');
    (later.message as { data: Record<string, string> }).data.totalHuman = '5'; // built here: 5 people
    await pub.publishAsync(topic, JSON.stringify(later), { qos: 1 });
    await until(async () => (await stored(aoa.id, 'TrafficIn', 'Europe/Stockholm')).length === 1);
    expect(await stored(aoa.id, 'TrafficIn', 'Europe/Stockholm')).toEqual([['2022-12-08 18:08', 5]]);
  });

  it('stores a Milesight periodic report; a payload that is not JSON or a foreign group is skipped', async () => {
    await pub.publishAsync(`${prefix}/${groupId}/milesight/6384E16179950009`, '{not json', { qos: 1 });
    await pub.publishAsync(`${prefix}/not-a-group/milesight/6384E16179950009`, '{}', { qos: 1 });
    const report = json('milesight-vs125-periodic.json5');
    report.line_periodic_data = [{ line: 1, line_name: 'Line1', total: { in: 7, out: 2 } }]; // built here
    await pub.publishAsync(`${prefix}/${groupId}/milesight/6384E16179950009`, JSON.stringify(report), {
      qos: 1,
    });
    await until(async () => (await stored(milesight.id, 'TrafficIn', 'Asia/Shanghai')).length === 1);
    expect(await stored(milesight.id, 'TrafficIn', 'Asia/Shanghai')).toEqual([['2024-05-30 20:20', 7]]);
    expect(await stored(milesight.id, 'TrafficOut', 'Asia/Shanghai')).toEqual([['2024-05-30 20:20', 2]]);
    // the sample's region data: Region1's 2 people
    expect(await stored(milesight.id, 'Occupancy', 'Asia/Shanghai')).toEqual([['2024-05-30 20:20', 2]]);
  });

  it('stores Milesight trigger reports published one per crossing (running totals)', async () => {
    const topic = `${prefix}/${groupId}/milesight/6384E16179950009`;
    await pub.publishAsync(topic, text('milesight-vs125-line-trigger.json5'), { qos: 1 });
    const next = json('milesight-vs125-line-trigger.json5');
    (next.line_trigger_data as { total: { in: number; out: number } }[])[0]!.total = { in: 31, out: 27 };
    next.time_info = { time: '2024-05-30T20:12:10+08:00' }; // built here: 4 more in on Line1
    // one connection keeps the order of QoS 1 messages: the baseline is stored first
    await pub.publishAsync(topic, JSON.stringify(next), { qos: 1 });
    await until(async () =>
      (await stored(milesight.id, 'TrafficIn', 'Asia/Shanghai')).some(([at]) => at === '2024-05-30 20:12'),
    );
    expect(await stored(milesight.id, 'TrafficIn', 'Asia/Shanghai')).toContainEqual(['2024-05-30 20:12', 4]);
  });
});
