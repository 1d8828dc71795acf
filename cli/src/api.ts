import type { Credentials } from './config.js';
import { CliError, EXIT, fromEnvelope } from './errors.js';

// biome-ignore lint/suspicious/noExplicitAny: API answers are read loosely, field by field, as the docs describe them
export type Json = any;

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Statuses answered to the caller instead of thrown (besides 2xx). */
  accept?: number[];
}

/** How many times a 429 (rate budget) or a connection failure is tried again before giving up. */
const RETRIES = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Seconds of a `Retry-After` header, bounded; a default when absent or unreadable. */
export function retryAfterMs(header: string | null, attempt: number): number {
  const seconds = header === null ? Number.NaN : Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : 500 * 2 ** attempt;
  return Math.min(Math.max(ms, 100), 30_000);
}

/**
 * The REST API over fetch: the key in `x-api-key`, JSON in and out, every non-2xx answer turned
 * into a CliError carrying the envelope's id, message and field errors.
 */
export class Api {
  constructor(
    readonly credentials: Credentials,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  url(path: string, query?: RequestOptions['query']): string {
    const url = new URL(this.credentials.url + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.href;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const what = `${method} ${path}`;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(this.url(path, options.query), {
          method,
          headers: {
            'x-api-key': this.credentials.apiKey,
            accept: 'application/json',
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...options.headers,
          },
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        });
      } catch (error) {
        // Only requests that change nothing are tried again after a connection failure.
        if ((method === 'GET' || options.headers?.['idempotency-key']) && attempt < RETRIES) {
          await sleep(500 * 2 ** attempt);
          continue;
        }
        const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        throw new CliError(`${what}: cannot reach ${this.credentials.url} (${cause})`, EXIT.unavailable);
      }
      if (res.status === 429 && attempt < RETRIES) {
        await res.arrayBuffer();
        await sleep(retryAfterMs(res.headers.get('retry-after'), attempt));
        continue;
      }
      const text = await res.text();
      let body: Json = null;
      if (text.length > 0) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      if ((res.status >= 200 && res.status < 300) || options.accept?.includes(res.status))
        return { status: res.status, body, headers: res.headers };
      throw fromEnvelope(res.status, body, what);
    }
  }

  async json(method: string, path: string, options: RequestOptions = {}): Promise<Json> {
    return (await this.request(method, path, options)).body;
  }

  /** Every page of a paged listing (`page`/`per_page`, `X-Total-Count`). */
  async all(path: string, query: RequestOptions['query'] = {}, perPage = 100): Promise<Json[]> {
    const rows: Json[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.request('GET', path, { query: { ...query, page, per_page: perPage } });
      const items = Array.isArray(answer.body) ? answer.body : [];
      rows.push(...items);
      const total = Number(answer.headers.get('x-total-count'));
      if (items.length < perPage || (Number.isFinite(total) && rows.length >= total)) return rows;
    }
  }

  /** The bytes at a file URL the API gave (a generated file, a stored asset): no key is sent. */
  async download(url: string): Promise<Buffer> {
    let res: Response;
    try {
      res = await this.fetchImpl(url);
    } catch (error) {
      throw new CliError(`cannot download ${url} (${error instanceof Error ? error.message : error})`, EXIT.unavailable);
    }
    if (!res.ok)
      throw new CliError(`download of ${url} answered HTTP ${res.status}`, res.status === 404 ? EXIT.notFound : EXIT.unavailable);
    return Buffer.from(await res.arrayBuffer());
  }

  /**
   * Fills one presigned upload slot of an import: every `fields` entry as a form part, then the
   * file as the last part (docs/designs-api.md, "Upload slots"). S3 and the local store answer 204.
   */
  async uploadSlot(slot: { url: string; fields: Record<string, string> }, bytes: Buffer, fileName: string): Promise<void> {
    const form = new FormData();
    for (const [k, v] of Object.entries(slot.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: slot.fields['Content-Type'] ?? 'application/octet-stream' }), fileName);
    const res = await this.fetchImpl(slot.url, { method: 'POST', body: form });
    if (res.status >= 300) {
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // an S3 error is XML: shown as it is
      }
      throw fromEnvelope(res.status, typeof body === 'object' ? body : { message: text.slice(0, 500) }, `upload of ${fileName}`);
    }
  }
}
