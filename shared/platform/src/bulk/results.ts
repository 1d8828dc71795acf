import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Queryable } from '../db/pool.js';
import { type BulkResultRow, type BulkRunRow, selectBulkResultRows } from '../sql/bulk-runs.js';
import type { ObjectStorage } from '../storage/storage.js';

/** Rows read per query while the result CSV streams. */
const PAGE = 500;

/** Pure: the result CSV's header: the sheet's columns, then `_status`, `_error` and one URL column per format. */
export function resultHeader(run: Pick<BulkRunRow, 'headers' | 'formats'>): string[] {
  const urls = run.formats.length === 1 ? ['_file_url'] : run.formats.map((f) => `_file_url:${f}`);
  return [...run.headers, '_status', '_error', ...urls];
}

/** Pure: one result line (the URLs already signed, by format). */
export function resultLine(
  run: Pick<BulkRunRow, 'headers' | 'formats'>,
  row: Pick<BulkResultRow, 'cells' | 'status' | 'error'>,
  urls: ReadonlyMap<string, string>,
): string[] {
  const cells = run.headers.map((_, i) => {
    const cell = row.cells[i];
    return cell === null || cell === undefined ? '' : String(cell);
  });
  return [...cells, row.status, row.error ?? '', ...run.formats.map((f) => urls.get(f) ?? '')];
}

/**
 * The result CSV as a stream: rows are read a page at a time and signed as they go, so a run of
 * 10,000 rows is never whole in memory. UTF-8 with a byte order mark, so Excel reads it as UTF-8.
 */
export function resultCsv(db: Queryable, storage: ObjectStorage, run: Pick<BulkRunRow, 'id' | 'headers' | 'formats'>): Readable {
  async function* lines(): AsyncGenerator<string[]> {
    yield resultHeader(run);
    for (let after = -1; ; ) {
      const rows = await selectBulkResultRows(db, run.id, after, PAGE);
      for (const row of rows) {
        const urls = new Map<string, string>();
        for (const file of row.files) urls.set(file.format_name, await storage.downloadUrl(file.storage_key, { filename: file.filename }));
        yield resultLine(run, row, urls);
      }
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.idx;
    }
  }
  const out = stringify({ bom: true });
  const source = Readable.from(lines());
  source.on('error', (error) => out.destroy(error));
  return source.pipe(out);
}
