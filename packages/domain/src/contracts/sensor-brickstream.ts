import { z } from 'zod';

/**
 * Brickstream (FLIR / Teledyne FLIR 2300, 3D Gen 2) XML metric data push, after its XML is read with
 * attributes (see packages/server/src/features/timeseries/sensors/brickstream.ts): `<Metrics>` with the
 * sensor's `Properties` (`MacAddress`, `SerialNumber`, UTC offset `Timezone` + `DST` in hours) and
 * `ReportData` > `Report Date` > `Object` (one counting object each) > `Count` rows of
 * `StartTime`/`EndTime` (device-local clock time of the report date), `UnixStartTime` (epoch seconds,
 * firmware 5.9 and later), `Enters` and `Exits`. Captured payloads: samples/README.md.
 */
const Count = z.union([
  z
    .number()
    .int()
    .min(0)
    .max(2 ** 53),
  z
    .string()
    .regex(/^\d{1,15}$/, 'expected a count')
    .transform(Number),
]);
const Int = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^[+-]?\d{1,12}$/, 'expected an integer')
    .transform(Number),
]);
const ClockTime = z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, 'expected a time of day HH:MM:SS');

export const BrickstreamCount = z.looseObject({
  StartTime: ClockTime,
  EndTime: ClockTime,
  UnixStartTime: Int.optional(),
  Enters: Count,
  Exits: Count,
  Status: Int.optional(),
});
export const BrickstreamObject = z.looseObject({
  Id: z.union([z.string(), z.number()]).optional(),
  Name: z.union([z.string(), z.number()]).optional(),
  ObjectType: z.union([z.string(), z.number()]).optional(),
  Count: z.array(BrickstreamCount).max(10_000),
});
export const BrickstreamMetrics = z.looseObject({
  Metrics: z.looseObject({
    SiteId: z.union([z.string(), z.number()]).optional(),
    DeviceId: z.union([z.string(), z.number()]).optional(),
    Properties: z.looseObject({
      MacAddress: z.string().trim().min(1).max(100).optional(),
      SerialNumber: z.union([z.string(), z.number()]).optional(),
      Timezone: Int.optional(),
      DST: Int.optional(),
      TransmitTime: Int.optional(),
    }),
    ReportData: z.looseObject({
      Interval: Int.optional(),
      Report: z
        .array(
          z.looseObject({
            Date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD'),
            Object: z.array(BrickstreamObject).max(200),
          }),
        )
        .max(400),
    }),
  }),
});
export type BrickstreamMetrics = z.infer<typeof BrickstreamMetrics>;
