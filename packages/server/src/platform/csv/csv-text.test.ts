import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-text.js';

describe('csv text', () => {
  it('quotes cells holding separators, quotes or line breaks, and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@SUM')).toBe("'@SUM");
    expect(csvCell(-3)).toBe('-3');
  });

  it('ends each record with CRLF', () => {
    expect(csvLine(['a', null, 'b c'])).toBe('a,,b c\r\n');
  });
});
