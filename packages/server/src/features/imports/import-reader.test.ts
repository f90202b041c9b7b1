import { describe, expect, it } from 'vitest';
import { readRows } from './import-reader.js';

/** The text as the file store hands it out: bytes in chunks of `size`. */
async function* chunksOf(text: string | Buffer, size: number): AsyncGenerator<Buffer> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf-8') : text;
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const read = async (text: string | Buffer, size: number, delimiter: 'comma' | 'semicolon' = 'comma') => {
  const rows = [];
  for await (const r of readRows(chunksOf(text, size), { format: 'csv', delimiter, encoding: 'utf-8' }))
    rows.push(r);
  return rows;
};

describe('readRows (CSV)', () => {
  const file =
    '\ufeffstore ; date;note\r\n' +
    'A1;2026-06-01;"two; parts"\r\n' +
    '\r\n' +
    '  B2 ;2026-06-02;"a ""quoted"" word\r\non two lines"\r\n' +
    'C3;2026-06-03;5"6\r\n' +
    'D4;2026-06-04';
  const expected = [
    { row: 1, cells: ['store', 'date', 'note'] },
    { row: 2, cells: ['A1', '2026-06-01', 'two; parts'] },
    { row: 3, cells: ['B2', '2026-06-02', 'a "quoted" word\r\non two lines'] },
    { row: 4, cells: ['C3', '2026-06-03', '5"6'] },
    { row: 5, cells: ['D4', '2026-06-04'] },
  ];

  it('reads quoted cells, line breaks inside quotes, CRLF, a BOM, trimmed cells and skips empty lines', async () => {
    expect(await read(file, 1 << 20, 'semicolon')).toEqual(expected);
  });

  it('reads the same records whatever the chunks cut: inside a cell, a quote, a CRLF or a character', async () => {
    for (const size of [1, 2, 3, 5, 7, 11, 16])
      expect(await read(file, size, 'semicolon'), `chunks of ${size} bytes`).toEqual(expected);
    // a two-byte character cut in half
    expect(await read('name\nCafé Zoë\n', 4)).toEqual([
      { row: 1, cells: ['name'] },
      { row: 2, cells: ['Café Zoë'] },
    ]);
  });

  it('refuses a quoted cell left open at the end of the file, or text after a closing quote', async () => {
    for (const size of [4, 1 << 20]) {
      await expect(read('a,b\n1,"open\n2,3\n', size)).rejects.toThrow(/unterminated/i);
      await expect(read('a,b\n"x"y,2\n3,4\n', size)).rejects.toThrow(/malformed/i);
    }
  });
});
