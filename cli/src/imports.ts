/** The import's three steps over the API (docs/designs-api.md, "JSON import"): create, fill the upload slots and validate, poll to DONE. */
import type { Api, Json } from './api.js';
import { CliError, EXIT, type FieldError } from './errors.js';
import type { Output } from './output.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `?validate_only=true`: every check, nothing created. Returns the refusal's field errors, or none when valid. */
export async function validateImport(api: Api, payload: Json, file?: string): Promise<FieldError[]> {
  try {
    await api.request('POST', '/designs/import/json', { body: payload, query: { validate_only: true } });
    return [];
  } catch (error) {
    if (!(error instanceof CliError) || error.exitCode !== EXIT.invalid) throw error;
    const details = error.details.length > 0 ? error.details : [{ message: error.message, ...(error.id ? { code: error.id } : {}) }];
    return details.map((d) => ({ ...d, ...(file ? { file } : {}) }));
  }
}

/** Polls an import until DONE (its record) or FAILED (a CliError with its error's path and code). */
export async function waitForImport(api: Api, out: Output, id: string, timeoutMs: number): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const record = await api.json('GET', `/designs/import/json/${id}`);
    out.progress(`import ${id}: ${record.status}`);
    if (record.status === 'DONE') return record;
    if (record.status === 'FAILED') {
      const e = record.error ?? {};
      throw new CliError(`import ${id} FAILED: ${e.message ?? 'no reason given'}`, EXIT.remoteFailed, [
        { ...(e.path ? { path: e.path } : {}), ...(e.code ? { code: e.code } : {}), message: e.message ?? 'failed' },
      ]);
    }
    if (Date.now() > deadline) throw new CliError(`import ${id} still ${record.status} after ${timeoutMs / 1000} s`, EXIT.unavailable);
    await sleep(Math.min(Math.max(Number(record.next_check_after_ms) || 1000, 250), 2000));
  }
}

/**
 * Creates an import, uploads each file its slots ask for (`uploads` by name), validates it and waits
 * for DONE. A slot without a local file is a refusal listing every missing name.
 */
export async function runImport(
  api: Api,
  out: Output,
  payload: Json,
  uploads: Map<string, Buffer>,
  options: { strict?: boolean; timeoutMs: number; file?: string },
): Promise<Json> {
  const created = await api.json('POST', '/designs/import/json', { body: payload, query: { strict: options.strict ? true : undefined } });
  const slots: Json[] = Array.isArray(created.uploads) ? created.uploads : [];
  const missing = slots.filter((s) => !uploads.has(s.name));
  if (missing.length > 0)
    throw new CliError(
      `import ${created.id}: ${missing.length} file(s) the payload names were not found next to it`,
      EXIT.invalid,
      missing.map((s) => ({ ...(options.file ? { file: options.file } : {}), code: 'missing_assets', message: `no local file ${s.name}` })),
    );
  for (const [i, slot] of slots.entries()) {
    out.progress(`uploading ${slot.name} (${i + 1}/${slots.length})`);
    await api.uploadSlot(slot, uploads.get(slot.name) as Buffer, slot.name);
  }
  if (created.status === 'WAITING_FOR_VALIDATION') await api.json('PUT', `/designs/import/json/${created.id}`);
  return waitForImport(api, out, created.id, options.timeoutMs);
}
