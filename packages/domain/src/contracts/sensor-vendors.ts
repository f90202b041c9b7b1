import { z } from 'zod';

/**
 * Push formats of Axis, Hikvision (after its XML is read), Milesight and Vivotek counters (issue 17,
 * part B). Each schema keeps to the fields the vendors publish (samples cited in
 * packages/server/src/features/timeseries/sensors/samples/README.md); fields a firmware adds are let
 * through (loose objects), fields we need are required so a truncated payload is refused naming them.
 */

const Count = z
  .number()
  .int()
  .min(0)
  .max(2 ** 53);
/** Axis AOA and Hikvision send counts as decimal text ("20960"); numbers are taken too. */
const CountText = z.union([Count, z.string().regex(/^\d{1,15}$/, 'expected a count')]).transform(Number);
const Identity = z.string().trim().min(1).max(100);
const Stamp = z.string().trim().min(10).max(40);

// --- Axis ---------------------------------------------------------------------------------------

/**
 * AXIS 3D People Counter / AXIS People Counter "Axis Retail Data" push: intervals (`utcFrom`/`utcTo`)
 * with counts per direction (`in`, `out`), the sensor identified by `serial`.
 */
const AxisRetailItem = z.looseObject({ direction: z.string().trim().min(1).max(40), count: Count });
const AxisRetailMeasurement = z.looseObject({
  kind: z.string().max(60),
  utcFrom: Stamp,
  utcTo: Stamp,
  items: z.array(AxisRetailItem).max(100).default([]),
});
export const AxisRetailPush = z.looseObject({
  apiName: z.string().max(100).optional(),
  apiVersion: z.string().max(20).optional(),
  data: z.looseObject({ measurements: z.array(AxisRetailMeasurement).max(10_000) }),
  sensor: z.looseObject({
    serial: Identity,
    name: z.string().max(200).optional(),
    timeZone: z.string().max(60).optional(),
  }),
});
export type AxisRetailPush = z.infer<typeof AxisRetailPush>;

/**
 * AXIS People Counter live sum (`/local/tvpc/.api?live-sum.json`): the running totals since local
 * midnight, `timestamp` as YYYYMMDDhhmmss in the camera's local time.
 */
export const AxisLiveSum = z.looseObject({
  serial: Identity,
  name: z.string().max(200).optional(),
  timestamp: z.string().regex(/^\d{14}$/, 'expected YYYYMMDDhhmmss'),
  in: Count,
  out: Count,
});
export type AxisLiveSum = z.infer<typeof AxisLiveSum>;

/**
 * AXIS Object Analytics event over MQTT (or relayed over HTTP): `message.data` of a Crossline counting
 * scenario carries the totals since the last reset per object class (`totalHuman`, ...), as text.
 */
export const AxisObjectAnalyticsEvent = z.looseObject({
  topic: z.string().trim().min(1).max(300),
  timestamp: z.number().int().min(0),
  serial: Identity,
  message: z.looseObject({
    data: z.looseObject({
      reason: z.string().max(60).optional(),
      total: CountText.optional(),
      totalHuman: CountText.optional(),
    }),
  }),
});
export type AxisObjectAnalyticsEvent = z.infer<typeof AxisObjectAnalyticsEvent>;

// --- Hikvision ----------------------------------------------------------------------------------

/**
 * Hikvision ISAPI `EventNotificationAlert` of eventType PeopleCounting (read from its XML): the
 * `peopleCounting` block in `timeRange` mode (counts of the interval) or `realTime` mode (running totals
 * at `RealTime.time`).
 */
export const HikvisionPeopleCounting = z.looseObject({
  EventNotificationAlert: z.looseObject({
    macAddress: Identity.optional(),
    ipAddress: z.string().max(100).optional(),
    channelID: z.union([z.number(), z.string()]).optional(),
    dateTime: Stamp.optional(),
    eventType: z.literal('PeopleCounting', { error: 'expected PeopleCounting' }),
    peopleCounting: z.looseObject({
      statisticalMethods: z.enum(['timeRange', 'realTime', 'signalTrigger']),
      TimeRange: z.looseObject({ startTime: Stamp, endTime: Stamp }).optional(),
      RealTime: z.looseObject({ time: Stamp }).optional(),
      enter: CountText,
      exit: CountText,
      pass: CountText.optional(),
      regionsID: z.union([z.number(), z.string()]).optional(),
    }),
  }),
});
export type HikvisionPeopleCounting = z.infer<typeof HikvisionPeopleCounting>;

// --- Milesight ----------------------------------------------------------------------------------

const MilesightLine = z.looseObject({
  line: z.number().int().min(0).max(1000),
  line_name: z.string().max(200).optional(),
  line_uuid: z.string().max(100).optional(),
});
const MilesightRegion = z.looseObject({
  region: z.number().int().min(0).max(1000),
  region_name: z.string().max(200).optional(),
  region_uuid: z.string().max(100).optional(),
});
/**
 * Milesight VS1xx (PoE/Wi-Fi/4G: VS125, VS133-P, VS135-P) HTTP/MQTT JSON report: `device_info`
 * (serial `device_sn`, `device_mac`), `time_info` (period `start_time`/`end_time`, or `time` of a
 * trigger) and, as configured on the device, `line_periodic_data` (counts of the period per line),
 * `line_total_data` (running totals), `line_trigger_data` (running totals at a crossing), `region_data`
 * (`region_count_data`: people in each region at the period end; `dwell_time_data`: average and
 * longest stay in ms) and `region_trigger_data` (a person's stay). The VS121-P "Region People
 * Counting" report (`event`, `current_total`, `current_counted` per region) shares `device_info` and
 * `time_info` (its times written `2022/12/20 18:15:52`, device-local).
 */
export const MilesightPush = z.looseObject({
  device_info: z.looseObject({
    device_sn: Identity.optional(),
    device_mac: Identity.optional(),
    device_name: z.string().max(200).optional(),
  }),
  time_info: z.looseObject({
    start_time: Stamp.optional(),
    end_time: Stamp.optional(),
    time: Stamp.optional(),
  }),
  line_periodic_data: z
    .array(MilesightLine.extend({ total: z.looseObject({ in: Count, out: Count }) }))
    .max(100)
    .optional(),
  line_total_data: z
    .array(MilesightLine.extend({ total: z.looseObject({ in_counted: Count, out_counted: Count }) }))
    .max(100)
    .optional(),
  line_trigger_data: z
    .array(MilesightLine.extend({ total: z.looseObject({ in: Count, out: Count }) }))
    .max(100)
    .optional(),
  region_data: z
    .looseObject({
      region_count_data: z
        .array(MilesightRegion.extend({ total: z.looseObject({ current_total: Count }) }))
        .max(100)
        .optional(),
      dwell_time_data: z
        .array(MilesightRegion.extend({ avg_dwell_time: Count, max_dwell_time: Count.optional() }))
        .max(100)
        .optional(),
    })
    .optional(),
  event: z.string().max(100).optional(),
  report_type: z.string().max(40).optional(),
  current_total: Count.optional(),
});
export type MilesightPush = z.infer<typeof MilesightPush>;

// --- Vivotek ------------------------------------------------------------------------------------

/**
 * VIVOTEK people counting report push (SC8131/SC8132 "Report Push", JSON format): `Source` identifies
 * the camera (`MacAddress`), each `Data[]` rule type lists `CountingInfo` per rule with `In`/`Out`
 * counts of `StartTime`..`EndTime` (UTC).
 */
export const VivotekReport = z.looseObject({
  Source: z.looseObject({
    UtcTime: Stamp.optional(),
    MacAddress: Identity,
    ModelName: z.string().max(100).optional(),
    TimeZone: z.string().max(20).optional(),
  }),
  Data: z
    .array(
      z.looseObject({
        RuleType: z.string().max(60),
        CountingInfo: z
          .array(
            z.looseObject({
              RuleName: z.string().max(200),
              In: Count,
              Out: Count,
              StartTime: Stamp,
              EndTime: Stamp,
            }),
          )
          .max(10_000)
          .default([]),
      }),
    )
    .max(100),
});
export type VivotekReport = z.infer<typeof VivotekReport>;
