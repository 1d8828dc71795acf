// Question: how fast does the farm drain a batch of async multi-format requests?
//
// PRESSROOM_BATCH (default 10) async generations of every format of the design (or
// PRESSROOM_FORMATS) are submitted by PRESSROOM_VUS (default 5) users at once; each user polls
// its request until it is finalized. Reports the time from acceptance to the last file of each
// request and the files per second the farm stored. Polling stays at one request per second per
// user, under the polling tier and the global ceiling.
import { check } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import { asyncGenerate, waitForRequest } from './lib/api.js';
import { envInt, json, requireFarm } from './lib/config.js';

const BATCH = Math.min(envInt('PRESSROOM_BATCH', 10), 500);
const VUS = Math.max(1, Math.min(envInt('PRESSROOM_VUS', 5), 8));
const TIMEOUT = Math.min(envInt('PRESSROOM_BATCH_TIMEOUT', 180), 900);
/** Percentile target of one request's drain time; the default suits a one-machine farm. */
const DRAIN_P95_S = envInt('PRESSROOM_DRAIN_P95', 60);

const drained = new Rate('request_finalized');
const drainTime = new Trend('request_drain_ms', true);
const files = new Counter('files_stored');
const formatFailures = new Counter('format_failures');

export const options = {
  scenarios: {
    batch: { executor: 'shared-iterations', vus: VUS, iterations: BATCH, maxDuration: `${TIMEOUT + 60}s` },
  },
  thresholds: {
    request_finalized: ['rate==1'],
    request_drain_ms: [`p(95)<${DRAIN_P95_S * 1000}`],
    'checks{check:accepted}': ['rate==1'],
    format_failures: ['count==0'],
  },
};

export function setup() {
  const farm = requireFarm({ needDesign: true });
  return { ...farm, started: Date.now() };
}

export default function (farm) {
  const accepted = asyncGenerate(farm.designId);
  const id = json(accepted)?.generation_request_id;
  if (!check(accepted, { accepted: (r) => r.status === 200 && typeof id === 'string' })) {
    if (accepted.status === 429)
      console.warn(`async generate refused: ${json(accepted)?.id} (out of credits? npm run admin -- credits set)`);
    drained.add(false);
    return;
  }
  const t0 = Date.now();
  const { res, done } = waitForRequest(id, { intervalSeconds: 1, timeoutSeconds: TIMEOUT });
  drained.add(done);
  if (!done) return;
  drainTime.add(Date.now() - t0);
  const body = json(res);
  files.add(body?.banners?.length ?? 0);
  formatFailures.add(body?.errors?.length ?? 0);
  check(res, { 'finalized with banners': () => body?.is_finalized === true && (body?.banners?.length ?? 0) > 0 });
}

export function teardown(data) {
  const seconds = (Date.now() - data.started) / 1000;
  console.log(`batch of ${BATCH} requests drained in ${seconds.toFixed(1)} s (files_stored / that time = the farm's files per second)`);
}
