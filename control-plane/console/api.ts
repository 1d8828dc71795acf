// The only way the console talks to the farm: the public API, with the key the user typed.
// The key lives in sessionStorage (gone when the tab closes) and travels in the x-api-key
// header, never in a URL.

const KEY = 'pressroom.apiKey';

export const session = {
  key: () => sessionStorage.getItem(KEY),
  signIn: (key: string) => sessionStorage.setItem(KEY, key),
  signOut: () => sessionStorage.removeItem(KEY),
};

/** One entry of an error envelope's `errors[]`: what is wrong, and where (docs/api.md). */
export interface FieldIssue {
  path: string;
  code?: string;
  message: string;
}

/** The API's error envelope, as far as the console reads it. */
export interface Envelope {
  id?: string;
  message?: string;
  errors?: FieldIssue[];
}

/** An answer in the API's error envelope: `id`, `message`, and `errors[]` with field paths. */
export class ApiError extends Error {
  readonly status: number;
  readonly id: string;
  readonly errors: FieldIssue[];
  constructor(status: number, envelope: Envelope | null) {
    super(envelope?.message ?? `The API answered ${status}.`);
    this.status = status;
    this.id = envelope?.id ?? 'http_error';
    this.errors = Array.isArray(envelope?.errors) ? envelope.errors : [];
  }
}

/**
 * Whether an error of the key check (`POST /auth`) says the key is refused (401: unknown,
 * revoked, or a plan without API access). Anything else (a spent rate budget, a farm that is
 * restarting or cannot be reached) says nothing about the key, which is kept.
 */
export function keyRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The X-RateLimit-* headers of the last budgeted answer, for the Workspace page. */
export const lastRateLimit: { value: { path: string; limit: number; remaining: number; reset: number } | null } = { value: null };

/** What an API call takes besides its method and path. */
export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
}

/** A successful answer: its status, its JSON body (typed by the caller), its headers. */
export interface Answer<T> {
  status: number;
  data: T;
  headers: Headers;
}

/**
 * Calls the API. Resolves with `{ status, data, headers }`; rejects with `ApiError` for any
 * 4xx/5xx, and with a plain Error when the farm cannot be reached.
 */
export async function api<T = unknown>(
  method: string,
  path: string,
  { body, query, headers: extra }: CallOptions = {},
): Promise<Answer<T>> {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': session.key() ?? '', ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new Error('The farm could not be reached. Is `npm start` still running?');
  }
  if (res.headers.get('x-ratelimit-limit')) {
    lastRateLimit.value = {
      path: url.pathname,
      limit: Number(res.headers.get('x-ratelimit-limit')),
      remaining: Number(res.headers.get('x-ratelimit-remaining')),
      reset: Number(res.headers.get('x-ratelimit-reset')),
    };
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (res.status >= 400) throw new ApiError(res.status, data !== null && typeof data === 'object' ? (data as Envelope) : null);
  return { status: res.status, data: data as T, headers: res.headers };
}

/**
 * Fills an import upload slot: its presigned form POST, every field first and the file last, as
 * S3 takes it (on the local store the farm's own `POST /uploads`). Both answer 204.
 */
/** An upload slot of an import (`uploads[]`): the presigned form to post one file through. */
export interface UploadSlot {
  name: string;
  url: string;
  fields: Record<string, string>;
  page?: string;
  max_bytes?: number;
}

export async function uploadToSlot(slot: UploadSlot, file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(slot.fields)) form.append(name, value);
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(slot.url, { method: 'POST', body: form });
  } catch {
    throw new Error(`The upload of ${slot.name} could not reach ${new URL(slot.url).host}.`);
  }
  if (res.status >= 300) {
    const text = await res.text();
    let envelope: Envelope | null = null;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      envelope = { id: 'upload_refused', message: `The upload of ${slot.name} was refused (${res.status}): ${text.slice(0, 300)}` };
    }
    throw new ApiError(res.status, envelope);
  }
}

/** A binary answer of the API (an uploaded font's file) as an ArrayBuffer; a 4xx/5xx rejects with `ApiError`. */
export async function apiBytes(path: string): Promise<ArrayBuffer> {
  let res: Response;
  try {
    res = await fetch(new URL(path, location.origin), { headers: { 'x-api-key': session.key() ?? '' } });
  } catch {
    throw new Error('The farm could not be reached. Is `npm start` still running?');
  }
  if (res.status >= 400) throw new ApiError(res.status, (await res.json().catch(() => null)) as Envelope | null);
  return res.arrayBuffer();
}
