import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Api, Json } from '../api.js';
import { CliError, EXIT, usageError } from '../errors.js';
import type { Output } from '../output.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FINAL = new Set(['completed', 'cancelled', 'failed']);

export interface BulkOptions {
  map: string[];
  formats: string[];
  type?: string;
  callbackUrl?: string;
  validateOnly: boolean;
  wait: boolean;
  output?: string;
  timeoutMs: number;
}

/** `--map header=layer.property` (or `header=` to ignore a column) as the bulk run's `mapping`. */
export function parseMapping(entries: readonly string[]): Record<string, string | null> {
  const mapping: Record<string, string | null> = {};
  for (const entry of entries) {
    const at = entry.lastIndexOf('=');
    if (at <= 0) throw usageError(`--map ${entry}: expected <column header>=<layer>.<property> (or <header>= to ignore the column)`);
    mapping[entry.slice(0, at)] = entry.slice(at + 1) || null;
  }
  return mapping;
}

/**
 * `bulk <design> rows.csv` over the bulk API (docs/bulk.md): the sheet sent as `csv_encoded`, with
 * an Idempotency-Key so a retried request never starts a second run; `--wait` follows the run to
 * its end and writes its result CSV (and the ZIP's URL) to `-o`.
 */
export async function bulk(api: Api, out: Output, designId: string, csvFile: string, options: BulkOptions): Promise<number> {
  let bytes: Buffer;
  try {
    bytes = await readFile(csvFile);
  } catch (error) {
    throw new CliError(`${csvFile}: cannot read (${(error as NodeJS.ErrnoException).code ?? error})`, EXIT.notFound);
  }
  const mapping = parseMapping(options.map);
  const body = {
    source: { type: 'csv', csv_encoded: bytes.toString('base64') },
    ...(Object.keys(mapping).length > 0 ? { mapping } : {}),
    ...(options.formats.length > 0 ? { formats: options.formats } : {}),
    ...(options.type ? { image_file_type: options.type } : {}),
    ...(options.callbackUrl ? { callback_url: options.callbackUrl } : {}),
  };
  if (options.validateOnly) {
    const check = await api.json('POST', `/designs/${designId}/bulk-runs`, { body, query: { validate_only: true } });
    out.result(check);
    out.line(`valid: ${check.row_count} row(s), ${check.file_count} file(s), ${check.credits_needed} credit(s)`);
    return EXIT.ok;
  }
  let run: Json = await api.json('POST', `/designs/${designId}/bulk-runs`, { body, headers: { 'idempotency-key': randomUUID() } });
  out.note(`bulk run ${run.id}: ${run.row_count} row(s), ${run.file_count} file(s)`);
  if (!options.wait) {
    out.result(run);
    out.line(run.id);
    return EXIT.ok;
  }
  const deadline = Date.now() + options.timeoutMs;
  while (!FINAL.has(run.status)) {
    if (Date.now() > deadline)
      throw new CliError(`bulk run ${run.id} still ${run.status} after ${options.timeoutMs / 1000} s`, EXIT.unavailable);
    await sleep(1000);
    run = await api.json('GET', `/bulk-runs/${run.id}`);
    out.progress(`bulk run ${run.id}: ${run.status}, ${run.rows.done}/${run.row_count} done, ${run.rows.failed} failed`);
  }
  // The ZIP is made by the export machinery once the run ends; give it a moment to appear.
  while (run.status === 'completed' && run.export_id && !run.archive_url && Date.now() < deadline) {
    await sleep(1000);
    run = await api.json('GET', `/bulk-runs/${run.id}`);
  }
  if (options.output) {
    await mkdir(options.output, { recursive: true });
    const csv = await api.request('GET', `/bulk-runs/${run.id}/results.csv`);
    const file = join(options.output, `${run.id}.results.csv`);
    await writeFile(file, typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body));
    out.line(file);
  }
  out.line(
    `bulk run ${run.id}: ${run.status}, ${run.rows.done} done, ${run.rows.failed} failed${run.archive_url ? `\narchive: ${run.archive_url}` : ''}`,
  );
  if (run.status !== 'completed' || run.rows.failed > 0)
    throw new CliError(
      `bulk run ${run.id} ${run.status}${run.error ? `: ${run.error}` : ''} (${run.rows.failed} row(s) failed)`,
      EXIT.remoteFailed,
    ).withPartial(run);
  out.result(run);
  return EXIT.ok;
}
