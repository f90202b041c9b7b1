import { VivotekReport } from '@footfall/domain';
import { badRequest } from '../../../platform/http/errors.js';
import { csvRecords } from './csv-records.js';
import { parseOr400, type ParsedPush } from './device-push.js';

/**
 * VIVOTEK people counting "Report Push" in JSON (SC8131/SC8132 user manual; samples/README.md): the
 * camera by `Source.MacAddress`, each `Counting` rule's `In`/`Out` counts of `StartTime`..`EndTime`
 * (UTC). Rules of other types (zones) are listed as ignored; each counting rule is a counter named by
 * `RuleName`, which the device's `registers` setting can ignore.
 */
export function parseVivotek(body: unknown): ParsedPush {
  const r = parseOr400(VivotekReport, body);
  const push: ParsedPush = {
    vendor: 'vivotek',
    identities: [r.Source.MacAddress],
    intervals: [],
    totals: [],
    attribute: 'start',
    ignored: [],
  };
  r.Data.forEach((d, i) => {
    if (d.RuleType !== 'Counting') {
      push.ignored.push(d.RuleType);
      return;
    }
    d.CountingInfo.forEach((c, j) => {
      const base = { counter: c.RuleName, from: c.StartTime, to: c.EndTime };
      push.intervals.push(
        { ...base, direction: 'in', value: c.In, field: `Data.${i}.CountingInfo.${j}.In` },
        { ...base, direction: 'out', value: c.Out, field: `Data.${i}.CountingInfo.${j}.Out` },
      );
    });
  });
  return push;
}

/**
 * The same Report Push in its CSV format (SC8131 user manual, page 90; samples/README.md): a `Source`
 * header line (`UtcTime,GroupID,DeviceID,ModelName,MacAddress,IPAddress,TimeZone,DST`) and its values,
 * then `RuleType,RuleName,In,Out,StartTime,EndTime` and one line per rule and interval (UTC). Counting
 * rules become interval counts as in the JSON format; a bad line answers 400 naming
 * `csv.line.<n>.<column>` and nothing is stored.
 */
export function parseVivotekCsv(text: string): ParsedPush {
  const records = csvRecords(text);
  const sourceHeader = records[0]?.cells ?? [];
  const macCol = sourceHeader.indexOf('MacAddress');
  if (macCol < 0) throw badRequest('csv.line.1: expected the Source header with MacAddress', 'csv.line.1');
  const source = records[1];
  const mac = source?.cells[macCol] ?? '';
  if (!source || mac === '')
    throw badRequest('csv.line.2.MacAddress: required', `csv.line.${source?.line ?? 2}.MacAddress`);
  const ruleHeader = records[2];
  const col = (name: string) => ruleHeader?.cells.indexOf(name) ?? -1;
  const cols = ['RuleType', 'RuleName', 'In', 'Out', 'StartTime', 'EndTime'] as const;
  for (const c of cols)
    if (col(c) < 0) {
      const field = `csv.line.${ruleHeader?.line ?? 3}`;
      throw badRequest(`${field}: expected the header ${cols.join(',')}`, field);
    }
  const push: ParsedPush = {
    vendor: 'vivotek',
    identities: [mac],
    intervals: [],
    totals: [],
    attribute: 'start',
    ignored: [],
  };
  for (const { cells, line } of records.slice(3)) {
    const row = `csv.line.${line}`;
    const cell = (c: (typeof cols)[number]) => cells[col(c)] ?? '';
    if (cell('RuleType') !== 'Counting') {
      push.ignored.push(cell('RuleType'));
      continue;
    }
    const count = (c: 'In' | 'Out') => {
      if (!/^\d{1,9}$/.test(cell(c))) throw badRequest(`${row}.${c}: expected a count`, `${row}.${c}`);
      return Number(cell(c));
    };
    for (const c of ['StartTime', 'EndTime'] as const)
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:?\d{2})?$/.test(cell(c)))
        throw badRequest(`${row}.${c}: expected a time such as 2015-05-28T06:15:00Z`, `${row}.${c}`);
    const base = { counter: cell('RuleName'), from: cell('StartTime'), to: cell('EndTime') };
    push.intervals.push(
      { ...base, direction: 'in', value: count('In'), field: `${row}.StartTime` },
      { ...base, direction: 'out', value: count('Out'), field: `${row}.StartTime` },
    );
  }
  if (push.intervals.length === 0 && push.ignored.length === 0)
    throw badRequest('csv: no rule lines after the RuleType header', 'csv');
  return push;
}
