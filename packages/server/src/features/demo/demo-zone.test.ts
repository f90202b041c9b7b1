import { describe, expect, it } from 'vitest';
import { fromLocalMinute, toLocalMinute, ALL_DAY } from '@footfall/domain';
import { zoneRules } from './demo-zone.js';
import { planDay, utcOf, type LocationModel } from './demo-counts.model.js';

const H = 3600_000;
const at = (iso: string) => Date.parse(iso);
const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

describe('demo zone rules (the database offsets)', () => {
  // Toronto 2025 as a list of changes: EST, EDT from 2025-03-09 07:00Z, EST from 2025-11-02 06:00Z
  const toronto = zoneRules([
    { fromMs: at('2025-01-01T00:00:00Z'), offset: -300 },
    { fromMs: at('2025-03-09T07:00:00Z'), offset: -240 },
    { fromMs: at('2025-11-02T06:00:00Z'), offset: -300 },
  ]);

  it('reads local minutes as Intl does when the rules agree, across both changes', () => {
    for (let t = at('2025-03-08T00:00:00Z'); t < at('2025-03-11T00:00:00Z'); t += 7 * 60_000)
      expect(toronto.toLocalMinute(t)).toBe(toLocalMinute('America/Toronto', t));
    for (let t = at('2025-11-01T00:00:00Z'); t < at('2025-11-04T00:00:00Z'); t += 7 * 60_000)
      expect(toronto.toLocalMinute(t)).toBe(toLocalMinute('America/Toronto', t));
    const lm = (iso: string) => Math.floor(Date.parse(`${iso}Z`) / 60_000);
    for (const local of [
      '2025-03-09T01:30:00',
      '2025-03-09T02:30:00',
      '2025-03-09T03:00:00',
      '2025-11-02T01:30:00',
    ])
      expect(toronto.fromLocalMinute(lm(local))).toBe(fromLocalMinute('America/Toronto', lm(local)).utcMs);
  });

  it('puts the demo counts inside the opening hours of the rules it is given, not of Intl', () => {
    // a database that keeps Vancouver on UTC-7 after 2026-11-01 (Intl turns it back to UTC-8)
    const zone = zoneRules([{ fromMs: at('2026-01-01T00:00:00Z'), offset: -420 }]);
    const hours = ALL_DAY.map(() => [[600, 1260]] as [number, number][]);
    const loc: LocationModel = {
      seed: 1,
      profile: 'retail',
      timeZone: 'America/Vancouver',
      zone,
      hours,
      capacity: 200,
      doorWeights: [1],
    };
    const plan = planDay(loc, day('2026-11-10'));
    // opening 10:00 at UTC-7 is 17:00Z; Intl's rules would say 18:00Z
    expect(utcOf(loc, plan, 600)).toBe(at('2026-11-10T17:00:00Z'));
    expect(fromLocalMinute('America/Vancouver', day('2026-11-10') * 1440 + 600).utcMs).toBe(
      at('2026-11-10T17:00:00Z') + H,
    );
  });
});
