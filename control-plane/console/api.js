// The only way the console talks to the farm: the public API, with the key the user typed.
// The key lives in sessionStorage (gone when the tab closes) and travels in the x-api-key
// header, never in a URL.

const KEY = 'pressroom.apiKey';

export const session = {
  key: () => sessionStorage.getItem(KEY),
  signIn: (key) => sessionStorage.setItem(KEY, key),
  signOut: () => sessionStorage.removeItem(KEY),
};

/** An answer in the API's error envelope: `id`, `message`, and `errors[]` with field paths. */
export class ApiError extends Error {
  constructor(status, envelope) {
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
export function keyRefused(error) {
  return error instanceof ApiError && error.status === 401;
}

/** The X-RateLimit-* headers of the last budgeted answer, for the Workspace page. */
export const lastRateLimit = { value: null };

/**
 * Calls the API. Resolves with `{ status, data, headers }`; rejects with `ApiError` for any
 * 4xx/5xx, and with a plain Error when the farm cannot be reached.
 */
export async function api(method, path, { body, query, headers: extra } = {}) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers = { accept: 'application/json', 'x-api-key': session.key() ?? '', ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res;
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
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (res.status >= 400) throw new ApiError(res.status, data);
  return { status: res.status, data, headers: res.headers };
}

/**
 * Fills an import upload slot: its presigned form POST, every field first and the file last, as
 * S3 takes it (on the local store the farm's own `POST /uploads`). Both answer 204.
 */
export async function uploadToSlot(slot, file) {
  const form = new FormData();
  for (const [name, value] of Object.entries(slot.fields)) form.append(name, value);
  form.append('file', file, file.name);
  let res;
  try {
    res = await fetch(slot.url, { method: 'POST', body: form });
  } catch {
    throw new Error(`The upload of ${slot.name} could not reach ${new URL(slot.url).host}.`);
  }
  if (res.status >= 300) {
    const text = await res.text();
    let envelope = null;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = { id: 'upload_refused', message: `The upload of ${slot.name} was refused (${res.status}): ${text.slice(0, 300)}` };
    }
    throw new ApiError(res.status, envelope);
  }
}

/** A binary answer of the API (an uploaded font's file) as an ArrayBuffer; a 4xx/5xx rejects with `ApiError`. */
export async function apiBytes(path) {
  let res;
  try {
    res = await fetch(new URL(path, location.origin), { headers: { 'x-api-key': session.key() ?? '' } });
  } catch {
    throw new Error('The farm could not be reached. Is `npm start` still running?');
  }
  if (res.status >= 400) throw new ApiError(res.status, await res.json().catch(() => null));
  return res.arrayBuffer();
}
