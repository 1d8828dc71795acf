import { Readable } from 'node:stream';
import { AppError, BULK_MAX_SHEET_BYTES } from '@pressroom/model';
import { parse } from 'csv-parse';

/** One data row of a sheet: its cells, and the line it starts on (1-based, the header is line 1). */
export interface SheetRecord {
  cells: string[];
  line: number;
}

export interface Sheet {
  headers: string[];
  /** The data rows, read as they are parsed (never the whole sheet at once). */
  records: AsyncIterable<SheetRecord>;
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Pure: the text encoding from the byte order mark; none reads as UTF-8. */
export function sheetEncoding(head: Uint8Array): { encoding: Encoding; bomBytes: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomBytes: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomBytes: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomBytes: 2 };
  return { encoding: 'utf-8', bomBytes: 0 };
}

/**
 * Pure: the delimiter, from the header line (outside quotes): a tab when it has more tabs than
 * commas (TSV, and Excel's "Unicode text", which is UTF-16 and tab-separated), a semicolon when it
 * has more of those than commas (spreadsheets set to a decimal comma), else a comma.
 */
export function sheetDelimiter(firstLine: string): ',' | '\t' | ';' {
  let quoted = false;
  const count = { ',': 0, '\t': 0, ';': 0 };
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === '\t' || ch === ';')) count[ch]++;
  }
  if (count['\t'] > count[','] && count['\t'] >= count[';']) return '\t';
  if (count[';'] > count[',']) return ';';
  return ',';
}

/** Bytes in chunks: a Buffer is cut into slices so decoding and parsing stream over it too. */
async function* chunksOf(source: Buffer | AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (!Buffer.isBuffer(source)) {
    yield* source;
    return;
  }
  for (let at = 0; at < source.length; at += 64 * 1024) yield source.subarray(at, at + 64 * 1024);
}

/**
 * Decodes a sheet as it streams: the byte order mark chooses UTF-8, UTF-16LE or UTF-16BE (and is
 * dropped), more than `BULK_MAX_SHEET_BYTES` is 413 `payload_too_large`, and an empty sheet is 400.
 */
async function* decodedText(source: Buffer | AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let pending = Buffer.alloc(0);
  let total = 0;
  for await (const chunk of chunksOf(source)) {
    total += chunk.length;
    if (total > maxBytes)
      throw new AppError('payload_too_large', `The sheet is larger than ${maxBytes / 1024 / 1024} MB.`, {
        issues: [{ path: 'source', code: 'payload_too_large', message: `a sheet may hold at most ${maxBytes} bytes` }],
      });
    let bytes: Uint8Array = chunk;
    if (decoder === null) {
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < 3) continue;
      const { encoding, bomBytes } = sheetEncoding(pending);
      decoder = new TextDecoder(encoding);
      bytes = pending.subarray(bomBytes);
    }
    const text = decoder.decode(bytes, { stream: true });
    if (text) yield text;
  }
  if (decoder === null) {
    const { encoding, bomBytes } = sheetEncoding(pending);
    const text = new TextDecoder(encoding).decode(pending.subarray(bomBytes));
    if (text) yield text;
    return;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

const emptySheet = () =>
  new AppError('invalid_payload', 'The sheet is empty: it needs a header line and at least one row.', {
    issues: [{ path: 'source', code: 'invalid_payload', message: 'the sheet has no header line and no rows' }],
  });

/**
 * Reads a CSV or TSV sheet as a stream (csv-parse): the header line first, then one record per
 * data row, quoted fields spanning lines included. Blank lines are skipped; a row's cell count
 * is the caller's to check (it names the row). A sheet that is not CSV is 400 at `source`.
 */
export async function readSheet(source: Buffer | AsyncIterable<Uint8Array>, maxBytes = BULK_MAX_SHEET_BYTES): Promise<Sheet> {
  const text = decodedText(source, maxBytes);
  // The delimiter is read from the first line, so the text is held only until that line ends.
  let head = '';
  let first = await text.next();
  while (!first.done) {
    head += first.value;
    if (/[\r\n]/.test(head)) break;
    first = await text.next();
  }
  if (head.trim() === '') throw emptySheet();
  const firstLine = head.split(/\r?\n|\r/, 1)[0]!;
  async function* all(): AsyncGenerator<string> {
    yield head;
    yield* text;
  }
  const parser = Readable.from(all()).pipe(
    parse({ delimiter: sheetDelimiter(firstLine), info: true, skip_empty_lines: true, relax_column_count: true, bom: true }),
  );
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number; empty_lines: number } }>;
  let previous = { lines: 0, empty: 0 };
  const next = async (): Promise<SheetRecord | null> => {
    let got: IteratorResult<{ record: string[]; info: { lines: number; empty_lines: number } }>;
    try {
      got = await iterator.next();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('invalid_payload', 'The sheet is not valid CSV.', {
        issues: [{ path: 'source', code: 'invalid_payload', message: `not valid CSV: ${(error as Error).message}` }],
      });
    }
    if (got.done) return null;
    const { record, info } = got.value;
    const line = previous.lines + 1 + (info.empty_lines - previous.empty);
    previous = { lines: info.lines, empty: info.empty_lines };
    return { cells: record, line };
  };
  const header = await next();
  if (header === null) throw emptySheet();
  const headers = header.cells.map((h) => h.trim());
  return {
    headers,
    records: {
      async *[Symbol.asyncIterator]() {
        for (let record = await next(); record !== null; record = await next()) yield record;
      },
    },
  };
}
