import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CreateNodeBody, UpdateNodeBody, isTimeZone, nodeKindOf } from './tree.js';

const create = (attributes: unknown) =>
  CreateNodeBody.safeParse({ parentId: null, name: 'Store', type: 'StoreNodeAttributes', attributes });
const fieldOf = (r: ReturnType<typeof create>) => (r.success ? null : r.error.issues[0]!.path.join('.'));

describe('node attributes', () => {
  it('arrive as a JSON string and are parsed into typed attributes', () => {
    const attributes = {
      timezone: 'America/Toronto',
      businessHours: {
        '1': [
          ['09:00', '12:00'],
          ['13:00', '21:00'],
        ],
        '0': [],
      },
      capacity: 120,
      averageWage: 17.5,
      address: '1 Main St',
      latitude: 43.65,
      longitude: -79.38,
      locationGroup: 'East',
    };
    const r = create(JSON.stringify(attributes));
    expect(r.success && r.data.attributes).toEqual(attributes);
  });

  it('name the offending attribute', () => {
    expect(fieldOf(create('{"timezone":"Mars/Olympus"}'))).toBe('attributes.timezone');
    expect(fieldOf(create('{"capacity":-1}'))).toBe('attributes.capacity');
    expect(fieldOf(create('{"macAddress":"zz:bb:cc:dd:ee:ff"}'))).toBe('attributes.macAddress');
    expect(fieldOf(create('{"colour":"red"}'))).toBe('attributes.colour');
    expect(fieldOf(create('{"businessHours":{"7":[]}}'))).toBe('attributes.businessHours');
    expect(fieldOf(create('{"businessHours":{"1":[["17:00","17:00"]]}}'))).toBe(
      'attributes.businessHours.1.0',
    );
    expect(create('{"businessHours":{"5":[["22:00","02:00"]]}}').success).toBe(true);
    expect(fieldOf(create('{"businessHours":{"2":[["09:00","13:00"],["12:00","18:00"]]}}'))).toBe(
      'attributes.businessHours.2',
    );
    expect(fieldOf(create('not json'))).toBe('attributes');
    expect(fieldOf(create('[1,2]'))).toBe('attributes');
  });

  it('accept MAC addresses with ":" or "-" but not mixed', () => {
    expect(create('{"macAddress":"AA:bb:CC:dd:EE:ff"}').success).toBe(true);
    expect(create('{"macAddress":"AA-BB-CC-DD-EE-FF"}').success).toBe(true);
    expect(create('{"macAddress":"AA-BB:CC-DD-EE-FF"}').success).toBe(false);
  });

  it('business hours accept any non-empty HH:mm range (overnight too) and reject malformed times', () => {
    const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }));
    const hhmm = ([h, m]: [number, number]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    fc.assert(
      fc.property(time, time, fc.integer({ min: 0, max: 6 }), (a, b, day) => {
        const [from, to] = [hhmm(a), hhmm(b)].sort();
        const r = create(JSON.stringify({ businessHours: { [day]: [[from, to]] } }));
        expect(r.success).toBe(from !== to);
      }),
    );
    expect(create('{"businessHours":{"1":[["9:00","17:00"]]}}').success).toBe(false);
    expect(create('{"businessHours":{"1":[["09:00","24:00"]]}}').success).toBe(true);
  });

  it('update takes the same attribute rules and leaves other fields optional', () => {
    expect(UpdateNodeBody.safeParse({}).success).toBe(true);
    expect(UpdateNodeBody.safeParse({ attributes: '{"timezone":"Europe/Paris"}' }).success).toBe(true);
    expect(UpdateNodeBody.safeParse({ name: '  ' }).success).toBe(false);
  });
});

describe('time zones and types', () => {
  it('knows IANA names and rejects the rest', () => {
    expect(isTimeZone('America/Vancouver')).toBe(true);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Nowhere/Atlantis')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
  it('maps API type names to node kinds', () => {
    expect(nodeKindOf('ClientNodeAttributes')).toBe('group');
    expect(nodeKindOf('StoreNodeAttributes')).toBe('location');
    expect(nodeKindOf('DeviceNodeAttributes')).toBe('device');
    expect(nodeKindOf('device')).toBe('device');
  });
});
