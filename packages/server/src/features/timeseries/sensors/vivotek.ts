import { VivotekReport } from '@footfall/domain';
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
