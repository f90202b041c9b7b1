import { BrickstreamMetrics } from '@footfall/domain';
import { XMLParser } from 'fast-xml-parser';
import { badRequest } from '../../../platform/http/errors.js';
import { parseOr400, type DeviceTime, type ParsedPush } from './device-push.js';
import { readDeviceXml } from './hikvision.js';

/** Attributes kept (without a prefix): Brickstream puts its counts in them. */
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  isArray: (name) => name === 'Report' || name === 'Object' || name === 'Count',
});

const secondsOfDay = (t: string) => {
  const [h, m, s] = t.split(':').map(Number);
  return h! * 3600 + m! * 60 + (s ?? 0);
};
/** `YYYY-MM-DDTHH:MM:SS` of a naive (offset-less) instant counted as UTC milliseconds. */
const naive = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/**
 * Brickstream (2300 / 3D Gen 2) XML metric data push (`<Metrics>`; samples/README.md): each
 * `Object` of a report is a counter (named by its `Name`, else its `Id`) whose `Count` rows are
 * interval counts, `Enters` in and `Exits` out, stored as they come. The row's start is
 * `UnixStartTime` (epoch seconds) when the firmware sends it, else the report `Date` and the row's
 * `StartTime` on the sensor's clock, at the UTC offset the sensor reports (`Timezone` + `DST` hours),
 * or in the device location's time zone when it reports none. An `EndTime` at or before the start is
 * the next day (a row ending at midnight). The sensor is found by `MacAddress` or `SerialNumber`.
 */
export function parseBrickstream(text: string): ParsedPush {
  const m = parseOr400(BrickstreamMetrics, readDeviceXml(text, xml)).Metrics;
  const p = m.Properties;
  const identities = [p.MacAddress, p.SerialNumber]
    .filter((x) => x !== undefined && String(x).trim() !== '')
    .map(String);
  if (identities.length === 0)
    throw badRequest('Metrics.Properties.MacAddress: required', 'Metrics.Properties.MacAddress');
  const offsetHours = p.Timezone === undefined ? null : p.Timezone + (p.DST ?? 0);
  const push: ParsedPush = {
    vendor: 'brickstream',
    identities,
    intervals: [],
    totals: [],
    attribute: 'start',
    ignored: [],
  };
  m.ReportData.Report.forEach((report, ri) => {
    const [y, mo, d] = report.Date.split('-').map(Number);
    const day = Date.UTC(y!, mo! - 1, d!);
    report.Object.forEach((object, oi) => {
      const counter = `object ${String(object.Name ?? object.Id ?? oi)}`;
      object.Count.forEach((c, ci) => {
        const field = `Metrics.ReportData.Report.${ri}.Object.${oi}.Count.${ci}`;
        const start = secondsOfDay(c.StartTime);
        const seconds = (secondsOfDay(c.EndTime) - start + 86_400) % 86_400 || 86_400;
        const clock = day + start * 1000;
        let from: DeviceTime;
        let to: DeviceTime;
        if (c.UnixStartTime !== undefined || offsetHours !== null) {
          from = c.UnixStartTime !== undefined ? c.UnixStartTime * 1000 : clock - offsetHours! * 3_600_000;
          to = from + seconds * 1000;
        } else {
          from = naive(clock);
          to = naive(clock + seconds * 1000);
        }
        const base = { counter, from, to };
        push.intervals.push(
          { ...base, direction: 'in', value: c.Enters, field: `${field}.Enters` },
          { ...base, direction: 'out', value: c.Exits, field: `${field}.Exits` },
        );
      });
    });
  });
  return push;
}
