import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { makeDevice, makeOrganisation, type Organisation } from '../../test/factories.js';
import { startMqttIngest, wildcardValue, type MqttIngest } from './mqtt.subscriber.js';

const BROKER = 'mqtt://127.0.0.1:1883';

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
if (!haveBroker) console.warn('mqtt.test: no MQTT broker on 127.0.0.1:1883, the broker tests are skipped');

describe('MQTT topic filter', () => {
  it('reads the client group id from the + of the filter', () => {
    expect(wildcardValue('footfall/+/measurements', 'footfall/abc/measurements')).toBe('abc');
    expect(wildcardValue('$share/fleet/footfall/+/measurements', 'footfall/abc/measurements')).toBe('abc');
    expect(wildcardValue('footfall/+/measurements', 'footfall/abc/other')).toBeNull();
    expect(wildcardValue('footfall/+/measurements', 'footfall/abc/measurements/x')).toBeNull();
    expect(wildcardValue('footfall/+/#', 'footfall/abc/measurements/x')).toBe('abc');
  });
});

describe.skipIf(!haveBroker)('MQTT ingestion against Mosquitto', () => {
  let t: TestApp;
  let org: Organisation;
  let sub: MqttIngest;
  let pub: mqtt.MqttClient;
  const prefix = `footfall-test-${randomBytes(4).toString('hex')}`;
  let seriesA: string, seriesB: string;

  const stored = async (seriesId: string) =>
    (
      await sql<{ value: number }>`
        select m.value from measurement m join time_series s on s.key = m.series_key where s.id = ${seriesId}
        order by m.occurred_on`.execute(t.db)
    ).rows.map((r) => r.value);
  const until = async (check: () => Promise<boolean>, ms = 8000) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('timed out waiting for the MQTT message to be stored');
  };
  const publish = (group: string, payload: string) =>
    pub.publishAsync(`${prefix}/${group}/measurements`, payload, { qos: 1 });

  beforeAll(async () => {
    t = await createTestApp({ MQTT_URL: BROKER });
    t.clock.set('2025-06-30T12:00:00Z');
    org = await makeOrganisation(t.db);
    const a = await makeDevice(t.db, { parentId: org.storeA1.id });
    seriesA = (await t.app.services.series.ensureSeries({ nodeId: a.id, measurementProtocol: 'TrafficIn' }))
      .id;
    seriesB = (
      await t.app.services.series.ensureSeries({ nodeId: org.deviceB.id, measurementProtocol: 'TrafficIn' })
    ).id;
    sub = startMqttIngest({
      url: BROKER,
      topic: `${prefix}/+/measurements`,
      ingest: t.app.services.ingest,
      log: t.ctx.log,
      clientId: `${prefix}-sub`,
    });
    await sub.ready;
    pub = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-pub` });
  });
  afterAll(async () => {
    await pub?.endAsync();
    await sub?.stop();
  });

  it('stores a batch published on the client group topic, as the HTTP endpoint would', async () => {
    await publish(
      org.clientA.id,
      JSON.stringify({
        measurements: [
          { timeSeriesId: seriesA, occurredOn: '2025-06-02T13:00:00Z', value: 5 },
          { timeSeriesId: seriesA, occurredOn: '2025-06-02T13:01:00Z', value: 6 },
        ],
      }),
    );
    await until(async () => (await stored(seriesA)).length === 2);
    expect(await stored(seriesA)).toEqual([5, 6]);
    const day = await sql<{ sum: number }>`
      select r.sum from rollup_day r join time_series s on s.key = r.series_key where s.id = ${seriesA}`.execute(
      t.db,
    );
    expect(day.rows).toEqual([{ sum: 11 }]);
  });

  it('writes only inside the group of the topic, skips malformed messages and keeps going', async () => {
    await publish(
      org.clientA.id,
      JSON.stringify({
        measurements: [{ timeSeriesId: seriesB, occurredOn: '2025-06-02T13:00:00Z', value: 9 }],
      }),
    );
    await publish(org.clientA.id, '{not json');
    await publish('not-a-group', JSON.stringify({ measurements: [] }));
    await publish(
      org.clientA.id,
      JSON.stringify({
        measurements: [{ timeSeriesId: seriesA, occurredOn: '2025-06-02T13:00:00Z', value: 1 }],
      }),
    );
    // messages are handled in order: once the last one is stored, the others were refused
    await until(async () => (await stored(seriesA))[0] === 1);
    expect(await stored(seriesA)).toEqual([1, 6]);
    expect(await stored(seriesB)).toEqual([]);
    // the same group, its own series: accepted
    await publish(
      org.clientB.id,
      JSON.stringify({
        measurements: [{ timeSeriesId: seriesB, occurredOn: '2025-06-02T13:00:00Z', value: 9 }],
      }),
    );
    await until(async () => (await stored(seriesB)).length === 1);
    expect(await stored(seriesB)).toEqual([9]);
  });

  it('withholds the acknowledgement when the batch cannot be stored, and gets the message again', async () => {
    let failures = 0;
    const flaky = {
      ...t.app.services.ingest,
      ingest: async (...args: Parameters<typeof t.app.services.ingest.ingest>) => {
        if (failures++ === 0) throw new Error('database unavailable');
        return t.app.services.ingest.ingest(...args);
      },
    } as typeof t.app.services.ingest;
    const flakySub = startMqttIngest({
      url: BROKER,
      topic: `${prefix}-flaky/+/measurements`,
      ingest: flaky,
      log: t.ctx.log,
      clientId: `${prefix}-flaky`,
    });
    await flakySub.ready;
    try {
      await pub.publishAsync(
        `${prefix}-flaky/${org.clientA.id}/measurements`,
        JSON.stringify({
          measurements: [{ timeSeriesId: seriesA, occurredOn: '2025-06-03T13:00:00Z', value: 42 }],
        }),
        { qos: 1 },
      );
      await until(async () => (await stored(seriesA)).includes(42), 15_000);
      expect(failures).toBe(2);
    } finally {
      await flakySub.stop();
    }
  }, 20_000);
});
