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
   * Devices publishing in their own format (issue 17): `topic` such as `footfall/+/devices/#`, whose
   * `+` is the client group id and whose level at `#` names the format (`axis`, `milesight`), e.g.
   * `footfall/<group>/devices/axis/<anything the device adds>`. The message is the payload the
   * device's HTTP endpoint takes; the device must lie under the group.
   */
  devices?: {
    topic: string;
    push: (caller: IngestCaller, vendor: string, payload: unknown) => Promise<unknown>;
  };
}): MqttIngest {
  const { ingest, log, topic } = opts;
  const handleDevice = async (topicName: string, message: Buffer): Promise<'stored' | 'rejected'> => {
    const devices = opts.devices!;
    const groupId = wildcardValue(devices.topic, topicName);
    const at = devices.topic
      .replace(/^\$share\/[^/]+\//, '')
      .split('/')
      .indexOf('#');
    const vendor = at >= 0 ? topicName.split('/')[at] : undefined;
    if (!groupId || !UUID.test(groupId) || !vendor) {
      log.warn({ topic: topicName }, 'mqtt: device topic carries no client group id or format');
      return 'rejected';
    }
    const text = message.toString('utf8');
    let payload: unknown = text;
    if (vendor !== 'hikvision') {
      try {
        payload = JSON.parse(text);
      } catch {
        log.warn({ topic: topicName }, 'mqtt: device payload is not JSON');
        return 'rejected';
      }
    }
    try {
      await devices.push(
        { principal: null, ingestKey: { keyId: 'mqtt', scopeNodeId: groupId } },
        vendor,
        payload,
      );
      return 'stored';
    } catch (e) {
      if (e instanceof AppError && e.statusCode < 500) {
        log.warn({ topic: topicName, field: e.field, error: e.message }, 'mqtt: device push refused');
        return 'rejected';
      }
      throw e;
    }
  };
  const handle = async (topicName: string, message: Buffer): Promise<'stored' | 'rejected'> => {
    if (opts.devices && wildcardValue(opts.devices.topic, topicName) !== null)
      return handleDevice(topicName, message);
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
    client.subscribe(topic, { qos: 1 }, (err) => {
      if (err) return log.error({ err, topic }, 'mqtt: subscription refused');
      log.info({ topic }, 'mqtt: subscribed for measurements');
      if (!opts.devices) return subscribed();
      client.subscribe(opts.devices.topic, { qos: 1 }, (err2) => {
        if (err2) return log.error({ err: err2, topic: opts.devices!.topic }, 'mqtt: subscription refused');
        log.info({ topic: opts.devices!.topic }, 'mqtt: subscribed for device pushes');
        subscribed();
      });
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
