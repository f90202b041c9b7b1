import { HikvisionPeopleCounting } from '@footfall/domain';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../../platform/http/errors.js';
import { parseOr400, type ParsedPush } from './device-push.js';

const xml = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: false,
});

/** A device's XML text as an object (`parser`: the format's reading options); 400 when not well-formed. */
export function readDeviceXml(text: string, parser: XMLParser = xml): unknown {
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw badRequest(`body: not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`, 'body');
  return parser.parse(text) as unknown;
}

/**
 * Hikvision ISAPI people counting alarm (`EventNotificationAlert`, eventType PeopleCounting) pushed by
 * the camera's HTTP listening (alarm host) setting. `timeRange` mode: `enter`/`exit` are the counts of
 * `TimeRange.startTime`..`endTime` (stored as they come). `signalTrigger` mode (seen on real cameras) carries a TimeRange too and is read the same way. `realTime` mode: running totals at
 * `RealTime.time` (the camera resets them daily): their differences are the counts, put in the minute
 * of the newer total. `pass` (people passing by) is stored as PasserBy. The camera is identified by `macAddress`; a channel (`channelID`) or region
 * (`regionsID`) is its own counter, nameable in the device's `registers` setting.
 */
export function parseHikvision(text: string): ParsedPush {
  const doc = parseOr400(HikvisionPeopleCounting, readDeviceXml(text));
  const alert = doc.EventNotificationAlert;
  const pc = alert.peopleCounting;
  if (!alert.macAddress)
    throw badRequest('EventNotificationAlert.macAddress: required', 'EventNotificationAlert.macAddress');
  const counter = `channel ${alert.channelID ?? 1}${pc.regionsID !== undefined ? ` region ${pc.regionsID}` : ''}`;
  const base = 'EventNotificationAlert.peopleCounting';
  const push: ParsedPush = {
    vendor: 'hikvision',
    identities: [alert.macAddress],
    intervals: [],
    totals: [],
    attribute: 'end',
    ignored: [],
  };
  if (pc.statisticalMethods !== 'realTime') {
    if (!pc.TimeRange) throw badRequest(`${base}.TimeRange: required`, `${base}.TimeRange`);
    const { startTime: from, endTime: to } = pc.TimeRange;
    push.intervals.push(
      { counter, direction: 'in', from, to, value: pc.enter, field: `${base}.TimeRange.startTime` },
      { counter, direction: 'out', from, to, value: pc.exit, field: `${base}.TimeRange.startTime` },
    );
    if (pc.pass !== undefined)
      push.intervals.push({
        counter,
        direction: 'in',
        from,
        to,
        value: pc.pass,
        field: `${base}.pass`,
        protocol: 'PasserBy',
      });
  } else {
    if (!pc.RealTime) throw badRequest(`${base}.RealTime: required`, `${base}.RealTime`);
    const at = pc.RealTime.time;
    push.totals.push(
      { counter, direction: 'in', at, total: pc.enter, field: `${base}.RealTime.time` },
      { counter, direction: 'out', at, total: pc.exit, field: `${base}.RealTime.time` },
    );
    if (pc.pass !== undefined)
      push.totals.push({
        counter,
        direction: 'in',
        at,
        total: pc.pass,
        field: `${base}.pass`,
        protocol: 'PasserBy',
      });
  }
  return push;
}
