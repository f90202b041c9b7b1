import { describe, expect, it } from 'vitest';
import { incidentDetailItems } from './incident-details';

describe('incidentDetailItems', () => {
  it('labels known figures, rounds numbers, formats instants and drops empty values', () => {
    const items = incidentDetailItems(
      {
        aheadMinutes: 180,
        ratio: 0.23456,
        lastIntervalAt: '2026-11-24T06:54:00+00:00',
        custom: 'x',
        gone: null,
      },
      (iso) => `<${iso.slice(11, 16)}>`,
    );
    expect(items).toEqual([
      { key: 'aheadMinutes', label: 'monitoring_detail_ahead_minutes', value: '180' },
      { key: 'ratio', label: 'monitoring_detail_ratio', value: '0.23' },
      { key: 'lastIntervalAt', label: 'monitoring_detail_last_interval', value: '<06:54>' },
      { key: 'custom', label: null, value: 'x' },
    ]);
  });
});
