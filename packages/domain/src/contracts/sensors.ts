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

/** The vendors whose push format a device push URL (`/api/ingest/k/<key>/<vendor>`) accepts. */
export const PUSH_VENDORS = [
  'axis',
  'brickstream',
  'hikvision',
  'irisys',
  'milesight',
  'vivotek',
  'xovis',
] as const;
export type PushVendor = (typeof PUSH_VENDORS)[number];

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

export type CreatedDevicePushKey = z.infer<typeof CreatedDevicePushKey>;
export type DevicePushKeyView = z.infer<typeof DevicePushKeyView>;

/** What a device push answers. */
export const SensorIngestResponse = z.object({
  accepted: z.number().int(),
  /** the devices the push was mapped to (by serial number or MAC address) */
  deviceIds: z.array(z.uuid()),
  /** counts the push carried that map to no series (unknown register, logic or direction names) */
  ignored: z.array(z.string()),
  /** log entries or packages seen before (retries), dropped */
  duplicates: z.number().int().optional(),
  /** packages or log entries skipped by the device since the last push (sequence gaps) */
  missed: z.number().int().optional(),
});
export type SensorIngestResponse = z.infer<typeof SensorIngestResponse>;

/** A device timestamp: epoch milliseconds, or ISO text (without an offset: the device's local time). */
export const DeviceTime = z.union([
  z.number().int().min(0).max(10_000_000_000_000),
  z.string().trim().min(10).max(40),
]);

/**
 * Xovis logics data push (JSON), as open-source receivers of real pushes read it (see the samples
 * README): `logics_data` with `package_info` (its `id` numbers the packages), `sensor_info` (the
 * sensor's `serial_number`, its MAC), and `logics`, each with `records` of `from`/`to` (epoch ms or ISO)
 * and `counts` by name (`fw`, `bw`, `fw-male`, ..., zone `balance`). Unknown fields are kept out of the
 * way, not refused (firmware adds fields over time). A push is one such object or a list of them
 * (one per sensor of a multi-sensor).
 */
const XovisCount = z.looseObject({
  id: z.number().optional(),
  name: z.string().trim().min(1).max(100),
  value: z.number().finite(),
});
const XovisRecord = z.looseObject({ from: DeviceTime, to: DeviceTime, counts: z.array(XovisCount).max(200) });
const XovisLogic = z.looseObject({
  id: z.union([z.number(), z.string()]).optional(),
  name: z.string().max(200).optional(),
  info: z.string().max(200).optional(),
  records: z.array(XovisRecord).max(20_000),
});
export const XovisEnvelope = z.looseObject({
  logics_data: z.looseObject({
    package_info: z
      .looseObject({ version: z.string().optional(), id: z.number().int().optional() })
      .optional(),
    /** absent in some firmware 5 pushes: then the device is the one of the push URL's key */
    sensor_info: z
      .looseObject({
        serial_number: z.string().trim().min(1).max(100),
        name: z.string().optional(),
      })
      .optional(),
    logics: z.array(XovisLogic).max(100),
  }),
});
export type XovisEnvelope = z.infer<typeof XovisEnvelope>;

/**
 * Irisys Vector HTTP POST (JSON), per Irisys' example repository and captured device bodies: the
 * device (`FriendlyDeviceSerial`, `macAddress`), `CountLogs`, each a UTC `Timestamp` (the end of the
 * log period), a `LogEntryId` and the running totals of the registers (`Counts`: `RegisterId`,
 * `Name`, `Value`, with newer firmware `Tags` such as "direction=IN"). A log without `Counts` (a clock
 * change notice) carries no reading.
 */
const IrisysCount = z.looseObject({
  RegisterId: z.union([z.number().int(), z.string().max(20)]).optional(),
  Name: z.string().max(200).optional(),
  Value: z.number().finite().min(0),
  Tags: z.array(z.string().max(200)).max(50).optional(),
});
const IrisysLog = z.looseObject({
  LogEntryId: z.number().int().min(0).optional(),
  Timestamp: z.string().trim().min(10).max(40),
  Counts: z.array(IrisysCount).max(64).optional(),
});
const IrisysDevice = z.looseObject({
  SerialNumber: z.string().trim().min(1).max(100).optional(),
  MacAddress: z.string().trim().min(1).max(100).optional(),
});
export const IrisysPush = z.looseObject({
  FriendlyDeviceSerial: z.string().trim().min(1).max(100).optional(),
  macAddress: z.string().trim().min(1).max(100).optional(),
  SerialNumber: z.string().trim().min(1).max(100).optional(),
  MacAddress: z.string().trim().min(1).max(100).optional(),
  Device: IrisysDevice.optional(),
  CountLogs: z.array(IrisysLog).min(1).max(10_000),
});
export type IrisysPush = z.infer<typeof IrisysPush>;

/**
 * Irisys MQTT count-topic message (Irisys MQTT Specification v3): an array of register change events,
 * `register` (its name), `value` (the change), `t` (ISO with offset); `[]` when nothing changed.
 */
export const IrisysMqttCounts = z
  .array(
    z.looseObject({
      register: z.string().trim().min(1).max(200),
      value: z.number().finite(),
      t: z.string().trim().min(10).max(40),
    }),
  )
  .max(100_000);
export type IrisysMqttCounts = z.infer<typeof IrisysMqttCounts>;
