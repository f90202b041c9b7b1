import { badRequest } from '../../../platform/http/errors.js';
import { parseAxis } from './axis.js';
import { parseBrickstream } from './brickstream.js';
import type { ParsedPush } from './device-push.js';
import type { DevicePushService } from './device-push.service.js';
import type { SensorService } from './sensors.service.js';
import { parseHikvision } from './hikvision.js';
import { parseMilesight } from './milesight.js';
import { parseVivotek } from './vivotek.js';

/** The vendor formats of part B by the name used in URLs and MQTT topics. */
export const VENDOR_PARSERS: Record<string, (body: unknown) => ParsedPush> = {
  axis: parseAxis,
  milesight: parseMilesight,
  vivotek: parseVivotek,
  hikvision: (body) => {
    if (typeof body !== 'string') throw badRequest('body: expected the XML alarm', 'body');
    return parseHikvision(body);
  },
  brickstream: (body) => {
    if (typeof body !== 'string') throw badRequest('body: expected the XML metrics', 'body');
    return parseBrickstream(body);
  },
};

export function parseVendorPush(vendor: string, body: unknown): ParsedPush {
  const parse = VENDOR_PARSERS[vendor];
  if (!parse) throw badRequest(`Unknown device format: ${vendor}`, 'vendor');
  return parse(body);
}

/**
 * The MQTT formats of part B on the sensors' topic (`<prefix>/<group id>/<vendor>/<device identity>`,
 * MQTT_DEVICE_TOPIC): Axis Object Analytics events and Milesight reports publish JSON. The topic's
 * identity is tried after the ones the payload carries.
 */
export function registerVendorMqttFormats(sensors: SensorService, pushes: DevicePushService) {
  for (const vendor of ['axis', 'milesight', 'vivotek']) {
    sensors.registerMqttFormat(vendor, (caller, identity, payload) => {
      const push = parseVendorPush(vendor, payload);
      return pushes.ingest(caller, { ...push, identities: [...push.identities, identity] });
    });
  }
}
