import { describe, expect, it } from 'vitest';
import { ticketBadgeText } from './access';

// the menus and route groups are domain policies, tested in packages/domain/src/policies
describe('ticket badge text', () => {
  it.each([
    [0, null],
    [null, null],
    [-3, null],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [4321, '99+'],
  ])('%s -> %s', (n, text) => {
    expect(ticketBadgeText(n)).toBe(text);
  });
});
