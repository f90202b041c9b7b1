import { describe, expect, it } from 'vitest';
import type { DeviceActivity } from '@footfall/domain';
import { gapRanges, sparklineOption } from './activity-chart';

const hour = (h: number, start: string) => ({
  hour: `2026-03-10 ${String(h).padStart(2, '0')}:00`,
  start,
  in: null,
  out: null,
  minutesWithData: 0,
  expectedMinutes: 60,
  maxDelaySeconds: null,
  minDelaySeconds: null,
});

describe('gapRanges', () => {
  it('maps each gap to the first and last hour whose start lies inside it', () => {
    const activity: DeviceActivity = {
      deviceId: '00000000-0000-4000-8000-000000000001',
      timeZone: 'UTC',
      from: '2026-03-10',
      to: '2026-03-11',
      hours: [8, 9, 10, 11, 12].map((h) => hour(h, `2026-03-10T${String(h).padStart(2, '0')}:00:00Z`)),
      gaps: [
        { from: '2026-03-10T09:00:00Z', to: '2026-03-10T11:00:00Z', missingMinutes: 120 },
        { from: '2026-03-10T20:00:00Z', to: '2026-03-10T21:00:00Z', missingMinutes: 60 },
      ],
    };
    expect(gapRanges(activity)).toEqual([[1, 2]]);
  });
});

describe('sparklineOption', () => {
  it('colours a day under 90 % red, a closed day grey', () => {
    const option = sparklineOption([
      { date: '2026-03-09', ratio: 0.5, expectedMinutes: 600, minutesWithData: 300 },
      { date: '2026-03-10', ratio: null, expectedMinutes: 0, minutesWithData: 0 },
      { date: '2026-03-11', ratio: 1, expectedMinutes: 600, minutesWithData: 600 },
    ]) as { series: { data: { value: number; itemStyle: { color: string } }[] }[] };
    expect(option.series[0]!.data.map((d) => d.itemStyle.color)).toEqual(['#D32F2F', '#CBD5E1', '#2E7D32']);
    expect(option.series[0]!.data[0]!.value).toBe(0.5);
  });
});
