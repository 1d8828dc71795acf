// Shared configuration of every load test, read from the environment (k6 -e NAME=value or export).

import exec from 'k6/execution';
import http from 'k6/http';

export const BASE_URL = (__ENV.PRESSROOM_BASE_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
export const API_KEY = __ENV.PRESSROOM_API_KEY || '';
/** Found in setup() when unset: see findDesign(). VU code reads the id from setup's data. */
export const DESIGN_ID = __ENV.PRESSROOM_DESIGN_ID || '';
/** One format of the design for sync renders; empty means the design's first format. */
export const FORMAT = __ENV.PRESSROOM_FORMAT || '';
/** Formats of an async batch, comma-separated; empty means every format of the design. */
export const FORMATS = (__ENV.PRESSROOM_FORMATS || '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

/** The contract's hard cap of a synchronous generation. */
export const SYNC_BUDGET_MS = 10_000;
/** The contract's global ceiling per workspace; a test that means to stay under it paces itself. */
export const GLOBAL_CEILING_PER_SECOND = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOOPBACK = /^https?:\/\/(localhost|127(?:\.\d{1,3}){3}|\[::1\])(:\d+)?(\/|$)/i;

export function envInt(name, fallback) {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) exec.test.abort(`${name}=${raw} is not a non-negative number.`);
  return value;
}

export function headers(extra = {}) {
  return { 'x-api-key': API_KEY, 'content-type': 'application/json', accept: 'application/json', ...extra };
}

export function json(res) {
  try {
    return res.json();
  } catch {
    return null;
  }
}

/**
 * Called from every setup(): stops the run at once, with the fix, when the farm is not there or
 * the key or design is wrong — rather than reporting thousands of failed requests.
 */
export function requireFarm({ needDesign = false } = {}) {
  if (!LOOPBACK.test(BASE_URL) && __ENV.PRESSROOM_ALLOW_REMOTE !== '1') {
    exec.test.abort(
      `PRESSROOM_BASE_URL=${BASE_URL} is not a loopback address. Load tests only target a local farm by default; ` +
        'set PRESSROOM_ALLOW_REMOTE=1 if you really mean to load a remote one you operate.',
    );
  }
  const ready = http.get(`${BASE_URL}/ready`, { tags: { name: 'setup' }, timeout: '5s' });
  if (ready.status !== 200) {
    exec.test.abort(
      `${BASE_URL}/ready answered ${ready.status || ready.error}. Start the farm with \`npm start\` ` +
        '(or set PRESSROOM_BASE_URL to the control plane you started, e.g. http://127.0.0.1:8080).',
    );
  }
  if (!API_KEY) {
    exec.test.abort('PRESSROOM_API_KEY is not set. Start the farm with `npm start` and export PRESSROOM_API_KEY=<the API key it printed>.');
  }
  let auth = http.post(`${BASE_URL}/auth`, null, { headers: headers(), tags: { name: 'setup' } });
  if (auth.status === 429) {
    // A previous run spent the workspace's budget: wait the advertised time once, then go on.
    const wait = Math.min(65, Number(auth.headers['Retry-After']) || 1);
    console.log(`setup: rate-limited (${json(auth)?.id}); waiting Retry-After ${wait} s`);
    sleep(wait);
    auth = http.post(`${BASE_URL}/auth`, null, { headers: headers(), tags: { name: 'setup' } });
  }
  if (auth.status === 429) {
    exec.test.abort(
      `POST /auth is still rate-limited (${json(auth)?.id}, Retry-After ${auth.headers['Retry-After']} s): ` +
        'an earlier run spent the hourly budget; wait, or raise RATE_LIMIT_*_PER_HOUR on a test farm.',
    );
  }
  if (auth.status !== 200) {
    const id = json(auth)?.id ?? auth.status;
    exec.test.abort(
      `POST /auth refused the key (${id}). export PRESSROOM_API_KEY=<the key npm start printed>, ` +
        'or create one: npm run --silent admin -- key create --workspace <workspace id>.',
    );
  }
  const designId = findDesign();
  if (needDesign && !designId) {
    exec.test.abort(
      'No static design to render. npm start imports the examples into the demo workspace (wait a few seconds after it ' +
        'starts); otherwise seed one with `DATA_DIR=<farm DATA_DIR> npx tsx loadtest/seed-design.ts` and export the ' +
        'PRESSROOM_DESIGN_ID it prints.',
    );
  }
  return { company: json(auth)?.company ?? '', designId };
}

/**
 * PRESSROOM_DESIGN_ID when given (it must be a UUID); else the first static design the workspace
 * lists by name — on a fresh `npm start`, one of the imported examples. Empty when there is none.
 */
function findDesign() {
  if (DESIGN_ID) {
    if (!UUID.test(DESIGN_ID)) exec.test.abort(`PRESSROOM_DESIGN_ID=${DESIGN_ID} is not a design id (a UUID).`);
    return DESIGN_ID;
  }
  const res = http.get(`${BASE_URL}/designs?type=static&sort=name`, { headers: headers(), tags: { name: 'setup' } });
  const designs = res.status === 200 ? json(res) : null;
  const first = Array.isArray(designs) ? designs.find((d) => typeof d?.id === 'string') : undefined;
  if (first) console.log(`using design ${first.id} (${first.name}); set PRESSROOM_DESIGN_ID to choose another`);
  return first?.id ?? '';
}

/** Names a failed setup request in the abort message, with the envelope id when there is one. */
export function describe(res) {
  const body = json(res);
  return `HTTP ${res.status || res.error}${body?.id ? ` ${body.id}: ${body.message}` : ''}`;
}
