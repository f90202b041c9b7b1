import os from 'node:os';
import mqtt, { type MqttClient } from 'mqtt';
import { IngestMeasurementsBody } from '@footfall/domain';
import type { Logger } from '../../platform/logger.js';
import { AppError } from '../../platform/http/errors.js';
import type { IngestCaller, IngestService } from './ingest.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The value of the first `+` of a topic filter in a concrete topic (`footfall/+/measurements` and
 * `footfall/<group id>/measurements` give the group id); null when the topic does not match. A
 * shared-subscription prefix (`$share/<name>/`) is not part of the topic.
 */
export function wildcardValue(filter: string, topic: string): string | null {
  const f = filter.replace(/^\$share\/[^/]+\//, '').split('/');
  const t = topic.split('/');
  let value: string | null = null;
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return value;
    if (i >= t.length) return null;
    if (f[i] === '+') value ??= t[i]!;
    else if (f[i] !== t[i]) return null;
  }
  return f.length === t.length ? value : null;
}

/** Every `+` value of a topic filter in a concrete topic, in order; null when the topic does not match. */
export function wildcardValues(filter: string, topic: string): string[] | null {
  const f = filter.replace(/^\$share\/[^/]+\//, '').split('/');
  const t = topic.split('/');
  const values: string[] = [];
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return values;
    if (i >= t.length) return null;
    if (f[i] === '+') values.push(t[i]!);
    else if (f[i] !== t[i]) return null;
  }
  return f.length === t.length ? values : null;
}

/** Devices' own MQTT formats (features/timeseries/sensors): null when no format has the vendor's name. */
export interface MqttDeviceFormats {
  handleMqtt(
    vendor: string,
    caller: IngestCaller,
    identity: string,
    payload: unknown,
  ): Promise<{ accepted: number }> | null;
}

export interface MqttIngest {
  client: MqttClient;
  /** resolves once the first subscription is in place (the broker may be down at start: we retry) */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * MQTT ingestion: subscribes (QoS 1) to `topic`, whose `+` is the client group id, and stores each
 * message (the JSON body of POST /api/ingest/measurements) as that group's ingest key would: only
 * series under the group are accepted. A message is acknowledged only once its batch is committed;
 * after a database failure it stays unacknowledged and the client reconnects, so the broker (with the
 * persistent session of this client id) delivers it again. A malformed message is acknowledged and
 * logged, never redelivered forever.
 */
export function startMqttIngest(opts: {
  url: string;
  topic: string;
  ingest: IngestService;
  log: Logger;
  clientId?: string;
  /**
   * Devices publishing in their own format: a filter whose three `+` are the client group id, the
   * vendor (`irisys`, ...) and the device's serial number or MAC (e.g. `footfall/+/+/+`).
   */
  deviceTopic?: string;
  devices?: MqttDeviceFormats;
}): MqttIngest {
  const { ingest, log, topic } = opts;
  const handleDevice = async (
    topicName: string,
    values: string[],
    message: Buffer,
  ): Promise<'stored' | 'rejected'> => {
    const [groupId, vendor, identity] = values as [string, string, string];
    if (!UUID.test(groupId)) {
      log.warn({ topic: topicName }, 'mqtt: device topic carries no client group id');
      return 'rejected';
    }
    let json: unknown;
    try {
      json = JSON.parse(message.toString('utf8'));
    } catch {
      log.warn({ topic: topicName }, 'mqtt: device payload is not JSON');
      return 'rejected';
    }
    try {
      const caller = { principal: null, ingestKey: { keyId: 'mqtt', scopeNodeId: groupId } };
      const done = opts.devices!.handleMqtt(vendor, caller, identity, json);
      if (!done) {
        log.warn({ topic: topicName, vendor }, 'mqtt: no device format of that name');
        return 'rejected';
      }
      const { accepted } = await done;
      log.debug({ topic: topicName, accepted }, 'mqtt: device message stored');
      return 'stored';
    } catch (e) {
      if (e instanceof AppError && e.statusCode < 500) {
        log.warn({ topic: topicName, field: e.field, error: e.message }, 'mqtt: device message refused');
        return 'rejected';
      }
      throw e;
    }
  };
  const handle = async (topicName: string, message: Buffer): Promise<'stored' | 'rejected'> => {
    if (opts.deviceTopic && opts.devices) {
      const values = wildcardValues(opts.deviceTopic, topicName);
      if (values && values.length === 3) return handleDevice(topicName, values, message);
    }
    const groupId = wildcardValue(topic, topicName);
    if (!groupId || !UUID.test(groupId)) {
      log.warn({ topic: topicName }, 'mqtt: topic carries no client group id');
      return 'rejected';
    }
    let json: unknown;
    try {
      json = JSON.parse(message.toString('utf8'));
    } catch {
      log.warn({ topic: topicName }, 'mqtt: payload is not JSON');
      return 'rejected';
    }
    const parsed = IngestMeasurementsBody.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      log.warn(
        { topic: topicName, field: issue?.path.join('.'), error: issue?.message },
        'mqtt: invalid batch',
      );
      return 'rejected';
    }
    try {
      const { accepted } = await ingest.ingest(
        { principal: null, ingestKey: { keyId: 'mqtt', scopeNodeId: groupId } },
        parsed.data.measurements,
      );
      log.debug({ topic: topicName, accepted }, 'mqtt: batch stored');
      return 'stored';
    } catch (e) {
      if (e instanceof AppError && e.statusCode < 500) {
        log.warn({ topic: topicName, field: e.field, error: e.message }, 'mqtt: batch refused');
        return 'rejected';
      }
      throw e;
    }
  };

  let reconnectTimer: NodeJS.Timeout | null = null;
  // handlers are in place before the connection exists: a persistent session may deliver queued
  // messages right after CONNACK
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId ?? `footfall-ingest-${os.hostname()}`,
    clean: false,
    reconnectPeriod: 5000,
    connectTimeout: 10_000,
  });
  // handleMessage runs before the PUBACK of a QoS 1 message is sent, for every protocol version: the
  // acknowledgement waits for the commit, and an error withholds it
  client.handleMessage = (packet, done) => {
    const topicName = String(packet.topic);
    const message = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    handle(topicName, message).then(
      () => done(),
      (e: unknown) => {
        log.error({ err: e, topic: topicName }, 'mqtt: batch not stored, will be delivered again');
        done(e instanceof Error ? e : new Error(String(e)));
        // the unacknowledged message comes back with the session once we reconnect
        reconnectTimer ??= setTimeout(() => {
          reconnectTimer = null;
          client.reconnect();
        }, 5000);
      },
    );
  };
  client.on('error', (e) => log.warn({ err: e }, 'mqtt client error'));
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  client.on('connect', () => {
    const topics = opts.deviceTopic && opts.devices ? [topic, opts.deviceTopic] : [topic];
    client.subscribe(topics, { qos: 1 }, (err) => {
      if (err) return log.error({ err, topic: topics }, 'mqtt: subscription refused');
      log.info({ topic: topics }, 'mqtt: subscribed for measurements');
      subscribed();
    });
  });
  return {
    client,
    ready,
    async stop() {
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await client.endAsync();
    },
  };
}
