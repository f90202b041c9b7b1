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
import { countChanges, tableCounts } from '../../../test/table-counts.js';
import { parseBrickstream } from './brickstream.js';
import { sampleJson, sampleText } from './sample-files.js';

/**
 * Pushes captured from real Xovis PC2S (firmware 5) and Brickstream 2300 sensors, read as they are
 * (samples/README.md cites each):
 * - `xovis-pc2sv5-*`: the `data` objects of akenza-io/device-type-library
 *   `types/xovis/PC2SV5/uplink.spec.js` (commit 84ee3922f0fb6f5dd859688e68da95899f86498c), i.e. the
 *   bodies the sensors posted to akenza's HTTP push endpoint;
 * - `brickstream-2300-metrics-v*.xml`: ethrgeist/brickstream-exporter `examples/xml-versions/`
 *   (commit 8cac4cc4978a202d4051297168c0f89997e4a920), a 2300 sensor's XML posts.
 * Counts are checked in the device location's local minute and KPI, as read off the samples by hand.
 */
const text = sampleText;
const json5 = sampleJson;

describe('captured Xovis logics and Brickstream metrics pushes', () => {
  let t: TestApp;
  let admin: MadeUser;
  let groupId: string;
  const devices: Record<string, { id: string; tz: string }> = {};

  /** [local minute, value] of a device's series of `protocol` with exactly these meta tags */
  const points = async (name: string, protocol: string, meta: string[] = []) => {
    const d = devices[name]!;
    return (
      await sql<{ at: string; value: number }>`
        select to_char(m.occurred_on at time zone ${d.tz}, 'YYYY-MM-DD HH24:MI') as at, m.value
        from measurement m join time_series s on s.key = m.series_key
        where s.node_id = ${d.id} and s.measurement_protocol = ${protocol} and s.meta_tags = ${meta}::text[]
        order by m.occurred_on`.execute(t.db)
    ).rows.map((r) => [r.at, r.value]);
  };
  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(await authHeader(t.ctx, admin)), ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const postJson = (url: string, payload: unknown) =>
    post(url, payload, { 'content-type': 'application/json' });
  const postXml = (url: string, body: string) => post(url, body, { 'content-type': 'application/xml' });

  const device = async (name: string, tz: string, attributes: Record<string, unknown>) => {
    const loc = await makeLocation(t.db, { parentId: groupId, attributes: { timezone: tz } });
    const d = await makeDevice(t.db, { parentId: loc.id, attributes });
    devices[name] = { id: d.id, tz };
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-24T12:00:00Z');
    groupId = (await makeGroup(t.db)).id;
    admin = await makeUser(t.db, { roles: ['admin'], scopeNodeId: groupId });
    // registered in other spellings than the sensors send
    await device('xovisAge', 'Europe/Zurich', { macAddress: '801f12d530dc' });
    await device('xovisZone', 'Europe/Zurich', { macAddress: '00-6E-02-06-9B-48' });
    await device('xovisMask', 'Europe/Zurich', { macAddress: '80:1f:12:d3:27:ca' });
    await device('xovisKeyed', 'Europe/Zurich', { macAddress: '80:1F:12:00:00:01' });
    await device('brick', 'Europe/Amsterdam', { macAddress: '00-B0-9D-BE-30-13' });
  });

  it('Xovis PC2S line logic with gender and age add-ons: bw 1 in the local minute, add-ons as meta tags', async () => {
    const res = await postJson(
      '/api/ingest/xovis',
      JSON.parse(text('xovis-pc2sv5-logics-line-gender-age.json')),
    );
    expect(res.statusCode).toBe(200);
    // fw, bw, fw/bw-male, fw/bw-female, fw/bw-age of one record (1783497240000 = 2026-07-08 07:54Z)
    expect(res.json()).toMatchObject({ accepted: 8, deviceIds: [devices.xovisAge!.id], ignored: [] });
    expect(await points('xovisAge', 'TrafficIn')).toEqual([['2026-07-08 09:54', 0]]);
    expect(await points('xovisAge', 'TrafficOut')).toEqual([['2026-07-08 09:54', 1]]);
    expect(await points('xovisAge', 'TrafficOut', ['female'])).toEqual([['2026-07-08 09:54', 1]]);
    expect(await points('xovisAge', 'TrafficOut', ['male'])).toEqual([['2026-07-08 09:54', 0]]);
    expect(await points('xovisAge', 'TrafficOut', ['age'])).toEqual([['2026-07-08 09:54', 1]]);
    // package 1003 of agent 1030 sent again (the sensor retries unacknowledged packages): replaced
    const again = await postJson(
      '/api/ingest/xovis',
      JSON.parse(text('xovis-pc2sv5-logics-line-gender-age.json')),
    );
    expect(again.json()).toMatchObject({ duplicates: 1 });
    expect(await points('xovisAge', 'TrafficOut')).toEqual([['2026-07-08 09:54', 1]]);
  });

  it('Xovis zone occupancy logic: balance as Occupancy, dwell_time (seconds) as DwellTime, visits not stored', async () => {
    const res = await postJson(
      '/api/ingest/xovis',
      JSON.parse(text('xovis-pc2sv5-logics-zone-occupancy.json')),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accepted: 2,
      deviceIds: [devices.xovisZone!.id],
      ignored: ['visits'],
    });
    // 1783674240000 = 2026-07-10 09:04Z, 11:04 in Zurich
    expect(await points('xovisZone', 'Occupancy')).toEqual([['2026-07-10 11:04', 1]]);
    expect(await points('xovisZone', 'DwellTime')).toEqual([['2026-07-10 11:04', 83.646004]]);
    // a zone logic's counts are not passages
    expect(await points('xovisZone', 'TrafficIn')).toEqual([]);
  });

  it('Xovis line logic with gender and face-mask add-ons (JavaScript literal, read with JSON5)', async () => {
    const res = await postJson('/api/ingest/xovis', json5('xovis-pc2sv5-logics-line-gender-mask.json5'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 10, deviceIds: [devices.xovisMask!.id] });
    // 1684325340000 = 2023-05-17 12:09Z
    expect(await points('xovisMask', 'TrafficIn')).toEqual([['2023-05-17 14:09', 1]]);
    expect(await points('xovisMask', 'TrafficIn', ['male'])).toEqual([['2023-05-17 14:09', 1]]);
    expect(await points('xovisMask', 'TrafficIn', ['no_mask'])).toEqual([['2023-05-17 14:09', 1]]);
    expect(await points('xovisMask', 'TrafficIn', ['mask'])).toEqual([['2023-05-17 14:09', 0]]);
  });

  it('a Xovis push without sensor_info: 400 naming it at the shared endpoint, stored at the device push URL', async () => {
    const body = json5('xovis-pc2sv5-logics-no-sensor-info.json5');
    const before = await tableCounts(t.db);
    const refused = await postJson('/api/ingest/xovis', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'logics_data.sensor_info' });
    expect(countChanges(before, await tableCounts(t.db))).toEqual({});

    const key = await post(`/api/Device/${devices.xovisKeyed!.id}/PushKey`, undefined);
    expect(key.statusCode).toBe(201);
    const url = (key.json() as { pushPath: string }).pushPath.replace('<vendor>', 'xovis');
    const res = await t.app.inject({ method: 'POST', url, payload: body as object });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deviceIds: [devices.xovisKeyed!.id], ignored: [] });
    // Line 0 (XLT_4X_LINE_IN_OUT_COUNT): fw 1, 3, 0, 0 and bw 0, 1, 0, 0 from 12:41Z (13:41 in Zurich);
    // Zone 0 balance 0 four times
    expect(await points('xovisKeyed', 'TrafficIn')).toEqual([
      ['2022-02-25 13:41', 1],
      ['2022-02-25 13:42', 3],
      ['2022-02-25 13:43', 0],
      ['2022-02-25 13:44', 0],
    ]);
    expect((await points('xovisKeyed', 'TrafficOut')).map((p) => p[1])).toEqual([0, 1, 0, 0]);
    expect((await points('xovisKeyed', 'Occupancy')).map((p) => p[1])).toEqual([0, 0, 0, 0]);
  });

  it('Brickstream 2300 XML without UnixStartTime: the report date and clock time at the sensor offset (Timezone 1 + DST 1)', async () => {
    const res = await postXml('/api/ingest/brickstream', text('brickstream-2300-metrics-v1.xml'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, deviceIds: [devices.brick!.id], ignored: [] });
    // 17:49 at UTC+2 = 15:49Z = 17:49 in Amsterdam (summer time)
    expect(await points('brick', 'TrafficIn')).toEqual([['2025-06-15 17:49', 0]]);
    expect(await points('brick', 'TrafficOut')).toEqual([['2025-06-15 17:49', 0]]);
  });

  it('Brickstream 2300 XML with UnixStartTime (firmware 5.9): that instant; the same document again replaces', async () => {
    for (const v of ['v2', 'v5', 'v2']) {
      const res = await postXml('/api/ingest/brickstream', text(`brickstream-2300-metrics-${v}.xml`));
      expect(res.statusCode).toBe(200);
    }
    // v5: 1750001820 = 15:37Z; v2: 1750002660 = 15:51Z
    expect(await points('brick', 'TrafficIn')).toEqual([
      ['2025-06-15 17:37', 0],
      ['2025-06-15 17:49', 0],
      ['2025-06-15 17:51', 0],
    ]);
    // the same shape with passages, built here: Enters in, Exits out, an interval ending at midnight
    const built = text('brickstream-2300-metrics-v2.xml').replace(
      'StartTime="17:51:00" EndTime="17:52:00" UnixStartTime="1750002660" Enters="0" Exits="0"',
      'StartTime="23:45:00" EndTime="00:00:00" Enters="7" Exits="5"',
    );
    expect(built).toContain('Enters="7"');
    const res = await postXml('/api/ingest/brickstream', built);
    expect(res.statusCode).toBe(200);
    expect((await points('brick', 'TrafficIn')).at(-1)).toEqual(['2025-06-15 23:45', 7]);
    expect((await points('brick', 'TrafficOut')).at(-1)).toEqual(['2025-06-15 23:45', 5]);
    const midnight = parseBrickstream(built).intervals[0]!;
    expect(Number(midnight.to) - Number(midnight.from)).toBe(15 * 60_000);
  });

  it('a Brickstream document without UnixStartTime nor Timezone keeps the clock time for the location zone', () => {
    const v1 = text('brickstream-2300-metrics-v1.xml')
      .replace('<Timezone>1</Timezone>', '')
      .replace('<DST>1</DST>', '');
    const push = parseBrickstream(v1);
    expect(push.identities).toEqual(['00:b0:9d:be:30:13', '10000000']);
    expect(push.intervals).toEqual([
      expect.objectContaining({
        counter: 'object 1',
        direction: 'in',
        from: '2025-06-15T17:49:00',
        to: '2025-06-15T17:50:00',
      }),
      expect.objectContaining({
        counter: 'object 1',
        direction: 'out',
        from: '2025-06-15T17:49:00',
        value: 0,
      }),
    ]);
  });

  it('malformed and truncated Brickstream documents answer 400 naming the field and write nothing', async () => {
    const v2 = text('brickstream-2300-metrics-v2.xml');
    const cases: [string, string][] = [
      [v2.slice(0, v2.length / 2), 'body'],
      [v2.replace(' Enters="0"', ''), 'Metrics.ReportData.Report.0.Object.0.Count.0.Enters'],
      [v2.replace('Exits="0"', 'Exits="-3"'), 'Metrics.ReportData.Report.0.Object.0.Count.0.Exits'],
      [
        v2.replace('StartTime="17:51:00"', 'StartTime="5.51pm"'),
        'Metrics.ReportData.Report.0.Object.0.Count.0.StartTime',
      ],
      [v2.replace('Date="2025-06-15"', 'Date="15/06/2025"'), 'Metrics.ReportData.Report.0.Date'],
      [
        v2.replace(/<MacAddress>.*<\/MacAddress>/, '').replace(/<SerialNumber>.*<\/SerialNumber>/, ''),
        'Metrics.Properties.MacAddress',
      ],
      [v2.replace(/<ReportData[\s\S]*<\/ReportData>/, ''), 'Metrics.ReportData'],
    ];
    const before = await tableCounts(t.db);
    for (const [body, field] of cases) {
      const res = await postXml('/api/ingest/brickstream', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ field });
    }
    // a sensor nobody registered: 404 with its identity, kept in the unknown-devices list
    const unknown = await postXml(
      '/api/ingest/brickstream',
      v2.replace('00:b0:9d:be:30:13', '00:b0:9d:00:00:99'),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('00:b0:9d:00:00:99');
    const after = await tableCounts(t.db);
    expect(countChanges(before, after)).toEqual({ sensor_unknown_device: '0 -> 1' });
  });
});
