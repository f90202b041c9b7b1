import { z } from 'zod';

/**
 * Real counting devices (issue 17): the per-device settings of the push formats, kept as the device
 * node's `sensorSettings` attribute and edited in the tree screen.
 *
 * - `swapDirections`: the device's forward/in direction is the store's out (mounted the other way).
 * - `logics`: Xovis logic selection, logic ids or names whose counts are stored (absent or empty: every
 *   line logic); `logicDirections`: per logic id or name, `swapped` turns fw into out for that logic only.
 * - `registers`: Irisys register mapping, register id ("0") or name ("Line 1") -> a protocol
 *   (TrafficIn, TrafficOut or another KPI protocol) or `ignore`. Registers it does not name follow the
 *   default (register tags `direction=IN/OUT`, then names containing in/out, else ignored).
 */
export const SENSOR_PROTOCOL = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
export const RegisterTarget = z.union([
  z.literal('ignore'),
  z.string().regex(SENSOR_PROTOCOL, 'expected a measurement protocol such as TrafficIn, or ignore'),
]);
export const DeviceSensorSettings = z
  .object({
    swapDirections: z.boolean().optional(),
    logics: z
      .array(z.union([z.number().int(), z.string().trim().min(1).max(100)]))
      .max(100)
      .optional(),
    logicDirections: z.record(z.string().trim().min(1).max(100), z.enum(['normal', 'swapped'])).optional(),
    registers: z.record(z.string().trim().min(1).max(100), RegisterTarget).optional(),
  })
  .strict();
export type DeviceSensorSettings = z.infer<typeof DeviceSensorSettings>;

/** A device that pushed before anyone registered it (superAdmin list, adopt into the tree). */
export const UnknownDeviceView = z.object({
  identity: z.string(),
  vendor: z.string(),
  identities: z.array(z.string()),
  scopeNodeId: z.uuid().nullable(),
  firstSeenOn: z.string(),
  lastSeenOn: z.string(),
  pushCount: z.number().int(),
  adoptedNodeId: z.uuid().nullable(),
});
export type UnknownDeviceView = z.infer<typeof UnknownDeviceView>;

export const AdoptUnknownDeviceBody = z
  .object({
    /** the location (or any node) the new device goes under */
    parentId: z.uuid(),
    name: z.string().trim().min(1).max(200),
  })
  .strict();
export type AdoptUnknownDeviceBody = z.infer<typeof AdoptUnknownDeviceBody>;

export const DevicePushKeyView = z.object({
  id: z.uuid(),
  deviceId: z.uuid(),
  keyPrefix: z.string(),
  createdOn: z.string(),
  revokedOn: z.string().nullable(),
});
export const CreatedDevicePushKey = DevicePushKeyView.extend({
  /** the push URL path holding the key, shown once */
  pushPath: z.string(),
  key: z.string(),
});
