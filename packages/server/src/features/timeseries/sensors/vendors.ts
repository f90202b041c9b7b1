import { badRequest } from '../../../platform/http/errors.js';
import { parseAxis } from './axis.js';
import type { ParsedPush } from './device-push.js';
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
};

export function parseVendorPush(vendor: string, body: unknown): ParsedPush {
  const parse = VENDOR_PARSERS[vendor];
  if (!parse) throw badRequest(`Unknown device format: ${vendor}`, 'vendor');
  return parse(body);
}
