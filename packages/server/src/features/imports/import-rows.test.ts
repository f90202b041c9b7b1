import { describe, expect, it } from 'vitest';
import { parseNumber } from './import-rows.js';

describe('parseNumber', () => {
  it('reads plain numbers, grouped numbers and either decimal mark, and refuses the rest', () => {
    const cases: [string, boolean, number | null][] = [
      ['12', false, 12],
      ['-3.5', false, -3.5],
      ['0.25', false, 0.25],
      ['1,234', false, 1234],
      ['1,234.50', false, 1234.5],
      ['1 234.50', false, 1234.5],
      ['+5', false, 5],
      ['1e3', false, 1000],
      ['3,5', true, 3.5],
      ['-3,5', true, -3.5],
      ['1.234', true, 1234],
      ['1.234,50', true, 1234.5],
      ['1 234,50', true, 1234.5],
      ['12', true, 12],
      ['', false, null],
      ['abc', false, null],
      ['1.2.3', false, null],
      ['1234567890123', false, null],
      ['1e13', false, null],
    ];
    for (const [text, decimalComma, expected] of cases)
      expect(parseNumber(text, decimalComma), `${text} (decimal comma: ${decimalComma})`).toBe(expected);
  });
});
