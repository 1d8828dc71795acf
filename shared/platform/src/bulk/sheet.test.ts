import { describe, expect, it } from 'vitest';
import { readSheet, sheetDelimiter, sheetEncoding } from './sheet.js';

async function all(bytes: Buffer) {
  const sheet = await readSheet(bytes);
  const rows = [];
  for await (const r of sheet.records) rows.push(r);
  return { headers: sheet.headers, rows };
}

describe('readSheet: a kept streaming parser (csv-parse) over UTF-8, UTF-16 and TSV', () => {
  it('drops a UTF-8 BOM, keeps quoted newlines and commas, skips blank lines and numbers each row by its first line', async () => {
    const text = '\ufefftitle.payload,_file_name\r\n"Hello, ""you""",a\r\n\r\n"two\nlines",b\r\nlast,c';
    expect(await all(Buffer.from(text, 'utf8'))).toEqual({
      headers: ['title.payload', '_file_name'],
      rows: [
        { cells: ['Hello, "you"', 'a'], line: 2 },
        { cells: ['two\nlines', 'b'], line: 4 },
        { cells: ['last', 'c'], line: 6 },
      ],
    });
  });

  it('reads UTF-16LE with its BOM, tab-separated, as Excel saves "Unicode text"', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a.payload\tb.payload\r\nÉté\t日本\r\n', 'utf16le')]);
    expect(await all(bytes)).toEqual({ headers: ['a.payload', 'b.payload'], rows: [{ cells: ['Été', '日本'], line: 2 }] });
  });

  it('reads UTF-16BE with its BOM', async () => {
    const le = Buffer.from('x.payload\nhi\n', 'utf16le');
    const be = Buffer.alloc(le.length);
    for (let i = 0; i < le.length; i += 2) {
      be[i] = le[i + 1]!;
      be[i + 1] = le[i]!;
    }
    expect((await all(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).rows).toEqual([{ cells: ['hi'], line: 2 }]);
  });

  it('streams a sheet larger than one chunk', async () => {
    const lines = ['x.payload', ...Array.from({ length: 20_000 }, (_, i) => `row ${i}`)];
    const { rows } = await all(Buffer.from(lines.join('\n')));
    expect(rows).toHaveLength(20_000);
    expect(rows[19_999]).toEqual({ cells: ['row 19999'], line: 20_001 });
  });

  it('refuses an empty sheet, a sheet of blank lines, and one over the byte limit', async () => {
    await expect(readSheet(Buffer.alloc(0))).rejects.toMatchObject({ id: 'invalid_payload' });
    await expect(readSheet(Buffer.from('\r\n\r\n'))).rejects.toMatchObject({ id: 'invalid_payload' });
    await expect(readSheet(Buffer.from('a.b\nx\n'), 3)).rejects.toMatchObject({ id: 'payload_too_large' });
  });
});

describe('sheetEncoding and sheetDelimiter', () => {
  it('choose the encoding from the BOM and the delimiter from the header line, outside quotes', () => {
    expect(sheetEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ encoding: 'utf-8', bomBytes: 3 });
    expect(sheetEncoding(Buffer.from('abc'))).toEqual({ encoding: 'utf-8', bomBytes: 0 });
    expect(sheetDelimiter('a\tb\tc')).toBe('\t');
    expect(sheetDelimiter('a;b;c')).toBe(';');
    expect(sheetDelimiter('"a\tb",c')).toBe(',');
  });
});
