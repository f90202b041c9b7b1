import { describe, expect, it } from 'vitest';
import { NodeAttributesInput } from '@footfall/domain';
import { attributesOf, formFieldOf, formOf, validateAttributes } from './attributes-form';
import { setInterval } from './business-hours';

const device = {
  type: 'DeviceNodeAttributes' as const,
  referenceId: null,
  attributes: { serialNumber: 'SN-1' },
};
const location = {
  type: 'StoreNodeAttributes' as const,
  referenceId: 'R-1',
  attributes: { timezone: 'America/Toronto', capacity: 120 },
};

describe('attribute editor form', () => {
  it('names a bad MAC address with its own message, and accepts a good one', () => {
    const form = formOf(device);
    form.text.macAddress = 'AA:BB:CC';
    expect(validateAttributes(form, device)).toEqual({ macAddress: 'node_editor_error_mac' });
    form.text.macAddress = 'AA:BB:CC:DD:EE:FF';
    expect(validateAttributes(form, device)).toEqual({});
    expect(attributesOf(form, 'device', device.attributes)).toEqual({
      serialNumber: 'SN-1',
      macAddress: 'AA:BB:CC:DD:EE:FF',
      deviceConnectorAvailable: false,
    });
  });

  it('keeps other attributes, parses numbers, removes emptied fields; the result passes the server schema', () => {
    const form = formOf(location);
    expect(form.text.capacity).toBe('120');
    form.text.capacity = '';
    form.text.averageWage = '17,5';
    form.text.latitude = '45.5';
    form.text.longitude = '-73.56';
    // an attribute the location form does not edit stays as it was
    const attrs = attributesOf(form, 'location', { ...location.attributes, deviceConnectorAvailable: true });
    expect(attrs).toEqual({
      timezone: 'America/Toronto',
      averageWage: 17.5,
      latitude: 45.5,
      longitude: -73.56,
      deviceConnectorAvailable: true,
    });
    expect(NodeAttributesInput.safeParse(attrs).success).toBe(true);
  });

  it('reports numbers, ranges, unknown zones, coordinates without their pair and bad business hours', () => {
    const form = formOf(location);
    form.text.capacity = 'many';
    form.text.latitude = '95';
    form.text.timezone = 'Mars/Olympus';
    form.hasBusinessHours = true;
    form.week = setInterval(form.week, '1', 0, 1, '09:00');
    expect(validateAttributes(form, location)).toEqual({
      capacity: 'node_editor_error_number',
      latitude: 'node_editor_error_range',
      timezone: 'node_editor_error_timezone',
      longitude: 'node_editor_error_coordinates_pair',
      businessHours: 'node_editor_error_business_hours',
    });
  });

  it('writes business hours only when switched on', () => {
    const form = formOf(location);
    expect(form.hasBusinessHours).toBe(false);
    expect(attributesOf(form, 'location', location.attributes)).not.toHaveProperty('businessHours');
    form.hasBusinessHours = true;
    expect(attributesOf(form, 'location', location.attributes).businessHours).toMatchObject({
      '1': [['09:00', '18:00']],
      '0': [],
    });
  });

  it('maps the server field of a 400 to the form field', () => {
    expect(formFieldOf('attributes.macAddress')).toBe('macAddress');
    expect(formFieldOf('attributes.businessHours.1.0')).toBe('businessHours');
    expect(formFieldOf('referenceId')).toBe('referenceId');
    expect(formFieldOf('parentId')).toBeNull();
  });
});
