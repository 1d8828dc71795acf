/** Generation over the API: the sync render, and the async request polled until it is final. */
import type { Api, Json } from './api.js';
import { CliError, EXIT } from './errors.js';
import type { Output } from './output.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `GET /generation-request/<id>` until it answers 200 (final); its banners and per-format errors. */
export async function waitForGeneration(api: Api, out: Output, id: string, timeoutMs: number): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  const started = Date.now();
  for (;;) {
    const answer = await api.request('GET', `/generation-request/${id}`, { accept: [202] });
    if (answer.status === 200) return answer.body;
    out.progress(`generation ${id}: in progress (${Math.round((Date.now() - started) / 1000)} s)`);
    if (Date.now() > deadline) throw new CliError(`generation request ${id} not final after ${timeoutMs / 1000} s`, EXIT.unavailable);
    await sleep(1000);
  }
}

/** A final generation request with failed formats is a failure naming each. */
export function throwOnFormatErrors(request: Json): void {
  const errors: Json[] = Array.isArray(request.errors) ? request.errors : [];
  if (errors.length === 0) return;
  throw new CliError(
    `generation request ${request.id}: ${errors.length} format(s) failed`,
    EXIT.remoteFailed,
    errors.map((e) => ({ path: e.template_format_name, message: e.reason ?? 'failed' })),
  );
}

/** Starts an async generation; the request's id. */
export async function startAsync(
  api: Api,
  designId: string,
  body: { template_format_names?: string[]; image_file_type?: string; elements?: Json },
): Promise<string> {
  return (await api.json('POST', `/async/banner-builder/${designId}/generate`, { body })).generation_request_id;
}
