// Question: does every main endpoint answer correctly under a trickle?
//
// One virtual user walks the API a few times, paced well under the 10 requests/second ceiling:
// health, key check, credits, fonts, projects, signing secret, a sync render, an async render
// polled to completion and the banner it produced. Every answer is checked for its status and
// shape; any failed check fails the run.
//
//   k6 run -e PRESSROOM_BASE_URL=http://127.0.0.1:8080 -e PRESSROOM_API_KEY=... -e PRESSROOM_DESIGN_ID=... loadtest/01-smoke.js
//
// Without PRESSROOM_DESIGN_ID the first static design of the workspace is used; with none at all
// the generation steps are skipped (and reported as such).
import { check, group, sleep } from 'k6';
import http from 'k6/http';
import { asyncGenerate, get, json, syncGenerate, waitForRequest } from './lib/api.js';
import { BASE_URL, requireFarm, SYNC_BUDGET_MS } from './lib/config.js';
import { trickle } from './lib/stages.js';

export const options = {
  scenarios: { smoke: trickle() },
  thresholds: {
    checks: ['rate==1'],
    'http_req_duration{name:read}': ['p(95)<500'],
    'http_req_duration{name:sync-generate}': [`p(99)<${SYNC_BUDGET_MS}`],
    'http_req_failed{name:read}': ['rate==0'],
  },
};

const VERSION = /^v\d{4}-\d{2}-\d{2}$/;
/** Keeps one VU at ~6 requests/second, well under the global ceiling. */
const pace = () => sleep(0.15);

export function setup() {
  const farm = requireFarm();
  if (!farm.designId)
    console.warn('No static design in the workspace: generation steps are skipped (seed one with loadtest/seed-design.ts).');
  return farm;
}

export default function (farm) {
  group('health and key', () => {
    const ready = http.get(`${BASE_URL}/ready`, { tags: { name: 'read' } });
    check(ready, { 'GET /ready is 200 without a key': (r) => r.status === 200 });
    pace();
    const auth = http.post(`${BASE_URL}/auth`, null, { headers: { 'x-api-key': __ENV.PRESSROOM_API_KEY }, tags: { name: 'read' } });
    check(auth, {
      'POST /auth is 200': (r) => r.status === 200,
      'POST /auth names the workspace': (r) => json(r)?.company === farm.company,
      'POST /auth carries the version stamp': (r) => VERSION.test(json(r)?.version ?? ''),
    });
    pace();
    const anonymous = http.post(`${BASE_URL}/auth`, null, { tags: { name: 'unauthorized' } });
    check(anonymous, { 'no key is 401 unauthorized': (r) => r.status === 401 && json(r)?.id === 'unauthorized' });
    pace();
  });

  group('reads', () => {
    const credits = get('/credits', 'read');
    check(credits, {
      'GET /credits is 200': (r) => r.status === 200,
      'GET /credits has generation credits': (r) => typeof json(r)?.generation_credits?.available === 'number',
      'GET /credits has rate-limit headers': (r) => r.headers['X-Ratelimit-Limit'] !== undefined,
    });
    pace();
    const fonts = get('/fonts?name=inter', 'read');
    check(fonts, {
      'GET /fonts is 200': (r) => r.status === 200,
      'GET /fonts finds Inter first': (r) => json(r)?.[0]?.name === 'Inter',
      'GET /fonts has X-Total-Count': (r) => Number(r.headers['X-Total-Count']) >= 1,
    });
    pace();
    const projects = get('/projects', 'read');
    check(projects, { 'GET /projects is a 200 array': (r) => r.status === 200 && Array.isArray(json(r)) });
    pace();
    const secret = get('/signing-secret', 'read');
    check(secret, { 'GET /signing-secret is 200 with a secret': (r) => r.status === 200 && typeof json(r)?.secret === 'string' });
    pace();
  });

  if (!farm.designId) return;

  group('sync generation', () => {
    const res = syncGenerate(farm.designId);
    const banner = json(res);
    check(res, {
      'sync generate is 200': (r) => r.status === 200,
      'sync generate answers within the 10 s budget': (r) => r.timings.duration < SYNC_BUDGET_MS,
      'sync generate returns a Banner with a file url': () => typeof banner?.file?.url === 'string' && Number.isInteger(banner?.version),
    });
    pace();
    if (banner?.id) {
      const read = get(`/banners/${banner.id}`, 'read');
      check(read, { 'GET /banners/<id> returns the same banner': (r) => r.status === 200 && json(r)?.id === banner.id });
      pace();
      const file = http.get(banner.file.url, { tags: { name: 'download' } });
      check(file, { 'the banner file downloads': (r) => r.status === 200 && r.body.length > 0 });
      pace();
    }
  });

  group('async generation', () => {
    const res = asyncGenerate(farm.designId);
    const id = json(res)?.generation_request_id;
    check(res, { 'async generate is 200 with a request id': (r) => r.status === 200 && typeof id === 'string' });
    if (!id) return;
    const { res: last, done } = waitForRequest(id, { intervalSeconds: 0.5, timeoutSeconds: 60 });
    const body = last ? json(last) : null;
    check(last, {
      'the async request finalizes within 60 s': () => done,
      'the finalized request has banners': () => body?.is_finalized === true && Array.isArray(body?.banners) && body.banners.length > 0,
      'no format failed': () => !body?.errors || body.errors.length === 0,
    });
  });
  sleep(1);
}
