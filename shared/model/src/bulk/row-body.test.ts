import { describe, expect, it } from 'vitest';
import { cellValue, fileNameIssue, rowIssue, rowRequest } from './row-body.js';

const plan = {
  headers: ['Title', 'size', 'visible', '_format', '_file_name', 'skip'],
  targets: [
    { kind: 'property' as const, layer: 'title', property: 'payload' },
    { kind: 'property' as const, layer: 'title', property: 'font_size' },
    { kind: 'property' as const, layer: 'title', property: 'hidden' },
    { kind: 'special' as const, name: '_format' as const },
    { kind: 'special' as const, name: '_file_name' as const },
    null,
  ],
};
const types = new Map([['title', 'text' as const]]);

describe('cellValue: the catalogue types a sheet cell', () => {
  it('reads numbers and booleans where the property takes them, and leaves the rest to the validator', () => {
    expect(cellValue('text', 'font_size', ' 42 ')).toBe(42);
    expect(cellValue('text', 'font_size', 'big')).toBe('big');
    expect(cellValue('text', 'payload', '42')).toBe('42');
    expect(cellValue('text', 'hidden', 'TRUE')).toBe(true);
    expect(cellValue('text', 'hidden', '0')).toBe(false);
    expect(cellValue('text', 'color', '#ff0000')).toBe('#ff0000');
    expect(cellValue('text', 'font_size', 12)).toBe(12);
  });
});

describe('rowRequest: one row as an asynchronous generation body', () => {
  it('sets only the cells given, and takes the formats and file name of its special columns', () => {
    const request = rowRequest(['Hello', '', 'no', 'square|story', 'hello-1', 'x'], plan, types, { formats: null, fileType: 'png' });
    expect(request.body).toEqual({
      elements: { title: { payload: 'Hello', hidden: false } },
      template_format_names: ['square', 'story'],
      image_file_type: 'png',
    });
    expect(request.fileName).toBe('hello-1');
  });

  it("falls back to the run's formats when the row names none", () => {
    expect(rowRequest(['Hi', null, null, null, null, null], plan, types, { formats: ['square'], fileType: null }).body).toEqual({
      elements: { title: { payload: 'Hi' } },
      template_format_names: ['square'],
    });
  });

  it('a special cell of spaces is empty: the run\'s formats, the default file name (it named the file ".png")', () => {
    const request = rowRequest(['Hi', null, null, '  ', ' \t ', null], plan, types, { formats: ['square'], fileType: null });
    expect([request.body.template_format_names, request.fileName]).toEqual([['square'], null]);
  });
});

describe('rowIssue: where a row error sits in the bulk request', () => {
  const cells = ['Hello', '999', 'no', 'nope', '', ''];
  it('points at the column that set the property, with the line', () => {
    expect(
      rowIssue({ path: 'elements.title.font_size', code: 'out_of_range', message: 'too big' }, { index: 4, line: 7 }, plan, cells),
    ).toEqual({
      path: 'rows[4].size',
      code: 'out_of_range',
      message: 'line 7, column "size": too big',
    });
  });
  it('points at _format, or at the request when the row has no cell for it', () => {
    expect(
      rowIssue({ path: 'template_format_names.0', code: 'format_not_found', message: 'x' }, { index: 0, line: null }, plan, cells).path,
    ).toBe('rows[0]._format');
    // As the parser paths an entry of the list (`_format` "a||b" has an empty one).
    expect(
      rowIssue({ path: 'template_format_names[1]', code: 'out_of_range', message: 'x' }, { index: 0, line: null }, plan, cells).path,
    ).toBe('rows[0]._format');
    const noFormat = ['Hello', '', '', '', '', ''];
    expect(
      rowIssue({ path: 'template_format_names', code: 'format_not_found', message: 'x' }, { index: 0, line: 2 }, plan, noFormat),
    ).toEqual({
      path: 'formats',
      code: 'format_not_found',
      message: 'line 2: x',
    });
  });
});

describe('fileNameIssue', () => {
  it('refuses separators and control characters, and over-long names', () => {
    expect(fileNameIssue('summer-01')).toBeNull();
    expect(fileNameIssue('../x')).not.toBeNull();
    expect(fileNameIssue('a\nb')).not.toBeNull();
    expect(fileNameIssue('x'.repeat(121))).not.toBeNull();
  });
});
