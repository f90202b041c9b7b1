import { describe, expect, it } from 'vitest';
import { sensorFormOf, settingsOf } from './sensor-form';

describe('sensor settings form', () => {
  it('round-trips stored settings, numbers as numbers and names as names', () => {
    const stored = {
      swapDirections: true,
      logics: [0, 'Entrance'],
      logicDirections: { '2': 'swapped' as const, Exit: 'normal' as const },
      registers: { '0': 'TrafficIn', 'Line 2': 'ignore' },
    };
    const form = sensorFormOf(stored);
    expect(form.logics).toBe('0, Entrance');
    expect(settingsOf(form)).toEqual({ ok: true, settings: stored });
  });

  it('gives no settings for an empty form', () => {
    expect(settingsOf(sensorFormOf(undefined))).toEqual({ ok: true, settings: {} });
  });

  it('names the row of an empty, repeated or invalid entry', () => {
    const base = sensorFormOf(undefined);
    expect(settingsOf({ ...base, registers: [{ register: '0', target: '' }] })).toEqual({
      ok: false,
      field: 'registers.0',
      message: 'required',
    });
    expect(
      settingsOf({
        ...base,
        logicDirections: [
          { logic: 'A', swapped: true },
          { logic: 'A', swapped: false },
        ],
      }),
    ).toMatchObject({ ok: false, field: 'logicDirections.1', message: 'duplicate' });
    // a protocol is a name such as TrafficIn: "traffic in!" is refused, on its own row
    expect(
      settingsOf({
        ...base,
        registers: [
          { register: '0', target: 'TrafficIn' },
          { register: '1', target: 'traffic in!' },
        ],
      }),
    ).toEqual({ ok: false, field: 'registers.1', message: 'invalid' });
  });
});
