import { describe, expect, it } from 'vitest';
import { BusinessHours } from '@footfall/domain';
import {
  addInterval,
  copyMondayToAll,
  defaultWeek,
  is24h,
  removeInterval,
  set24h,
  setClosed,
  setInterval,
  weekErrors,
  weekFromBusinessHours,
  weekToBusinessHours,
} from './business-hours';

describe('business hours editor model', () => {
  it('reads a stored attribute: missing and empty days are closed, intervals kept in order', () => {
    const week = weekFromBusinessHours({
      '1': [
        ['09:00', '12:00'],
        ['13:00', '18:00'],
      ],
      '0': [],
    });
    expect(week['1']).toEqual({
      closed: false,
      intervals: [
        ['09:00', '12:00'],
        ['13:00', '18:00'],
      ],
    });
    expect(week['0'].closed).toBe(true);
    expect(week['3'].closed).toBe(true);
  });

  it('writes every day, closed days as empty lists, and the result passes the domain schema', () => {
    const hours = weekToBusinessHours(defaultWeek());
    expect(hours).toEqual({
      '0': [],
      '1': [['09:00', '18:00']],
      '2': [['09:00', '18:00']],
      '3': [['09:00', '18:00']],
      '4': [['09:00', '18:00']],
      '5': [['09:00', '18:00']],
      '6': [],
    });
    expect(BusinessHours.safeParse(hours).success).toBe(true);
    // round trip
    expect(weekToBusinessHours(weekFromBusinessHours(hours))).toEqual(hours);
  });

  it('adds a second interval an hour after the first ends, and removes it again', () => {
    let week = setInterval(defaultWeek(), '1', 0, 1, '12:00');
    week = addInterval(week, '1');
    expect(week['1'].intervals).toEqual([
      ['09:00', '12:00'],
      ['13:00', '17:00'],
    ]);
    expect(weekErrors(week)).toEqual({});
    week = removeInterval(week, '1', 0);
    expect(week['1'].intervals).toEqual([['13:00', '17:00']]);
    // removing the last interval closes the day
    expect(removeInterval(week, '1', 0)['1']).toEqual({ closed: true, intervals: [] });
  });

  it('does not add past midnight nor beyond 8 intervals', () => {
    const late = setInterval(defaultWeek(), '2', 0, 1, '23:30');
    expect(addInterval(late, '2')).toBe(late);
    const allDay = set24h(defaultWeek(), '2', true);
    expect(addInterval(allDay, '2')).toBe(allDay);
  });

  it('copies Monday, with its several intervals, to every day; the originals are untouched', () => {
    const start = addInterval(setInterval(defaultWeek(), '1', 0, 1, '12:00'), '1');
    const copied = copyMondayToAll(start);
    for (const day of ['0', '2', '3', '4', '5', '6'] as const) expect(copied[day]).toEqual(start['1']);
    copied['0'].intervals[0]![0] = '10:00';
    expect(copied['1'].intervals[0]![0]).toBe('09:00');
    expect(start['0'].closed).toBe(true);
  });

  it('copies a closed Monday as closed everywhere', () => {
    const copied = copyMondayToAll(setClosed(defaultWeek(), '1', true));
    expect(Object.values(copied).every((d) => d.closed)).toBe(true);
    expect(weekToBusinessHours(copied)['3']).toEqual([]);
  });

  it('24 h is one interval from 00:00 to 24:00, valid for the schema; off returns to a default interval', () => {
    const week = set24h(defaultWeek(), '6', true);
    expect(is24h(week['6'])).toBe(true);
    expect(weekToBusinessHours(week)['6']).toEqual([['00:00', '24:00']]);
    expect(weekErrors(week)).toEqual({});
    expect(set24h(week, '6', false)['6'].intervals).toEqual([['09:00', '18:00']]);
  });

  it('reopening a closed day gives it the default interval', () => {
    expect(setClosed(defaultWeek(), '0', false)['0']).toEqual({
      closed: false,
      intervals: [['09:00', '18:00']],
    });
  });

  it('reports overlapping and empty intervals per day, through the domain schema', () => {
    let week = addInterval(defaultWeek(), '1');
    week = setInterval(week, '1', 1, 0, '10:00');
    week = setInterval(week, '1', 1, 1, '11:00');
    week = setInterval(week, '3', 0, 1, '09:00');
    expect(weekErrors(week)).toEqual({
      '1': 'node_editor_error_overlap',
      '3': 'node_editor_error_empty_interval',
    });
  });

  it('reports a malformed time', () => {
    expect(weekErrors(setInterval(defaultWeek(), '4', 0, 0, '9h'))).toEqual({
      '4': 'node_editor_error_time',
    });
  });
});
