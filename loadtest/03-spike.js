// Question: what happens when a burst arrives — 429s with Retry-After, not 500s?
//
// A quiet 1 request/second, then a burst of PRESSROOM_PEAK (default 30) per second for
// PRESSROOM_SPIKE_SECONDS (default 10), three times the global ceiling of 10/s per workspace,
// then quiet again. A share of the traffic (PRESSROOM_SYNC_SHARE, default 0.2) is sync renders,
// the rest GET /credits. The contract: the excess is refused with 429 and a Retry-After of at
// least one second, what is accepted is served (renders within budget), nothing answers 5xx, and
// after the burst a client that waits the advertised Retry-After is let back in. (Refused requests
// still count against the read tier's per-minute budget, so that wait can reach the next minute.)
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate } from 'k6/metrics';
import { get, syncGenerate } from './lib/api.js';
import { envInt, json, requireFarm, SYNC_BUDGET_MS } from './lib/config.js';
import { spike } from './lib/stages.js';

const PEAK = envInt('PRESSROOM_PEAK', 30);
const SECONDS = Math.min(envInt('PRESSROOM_SPIKE_SECONDS', 10), 120);
const SYNC_SHARE = Number(__ENV.PRESSROOM_SYNC_SHARE ?? 0.2);

const refused = new Counter('refused_429');
const refusalsWellFormed = new Rate('refusal_well_formed');
const recovered = new Rate('recovered_after_spike');

export const options = {
  scenarios: {
    spike: spike(1, PEAK, SECONDS),
    // Starts once the burst is over; each iteration may wait out one Retry-After (≤ 65 s).
    recovery: {
      executor: 'per-vu-iterations',
      vus: 1,
      iterations: 3,
      maxDuration: '240s',
      startTime: `${5 + 2 + SECONDS + 2 + 2}s`,
      exec: 'recovery',
    },
  },
  thresholds: {
    'checks{check:no 5xx}': ['rate==1'],
    refusal_well_formed: ['rate==1'],
    // A burst that was never refused did not test the limiter.
    refused_429: ['count>0'],
    recovered_after_spike: ['rate>0.95'],
    'http_req_duration{name:sync-generate,expected_response:true}': [`p(99)<${SYNC_BUDGET_MS}`],
  },
};

export function setup() {
  return requireFarm({ needDesign: false });
}

function observe(res) {
  check(res, {
    'no 5xx': (r) => r.status < 500 && r.status !== 0,
    'answered 200 or 429': (r) => r.status === 200 || r.status === 429,
  });
  if (res.status === 429) {
    refused.add(1);
    const retryAfter = Number(res.headers['Retry-After']);
    const id = json(res)?.id;
    refusalsWellFormed.add(
      Number.isInteger(retryAfter) && retryAfter >= 1 && (id === 'rate_limit_exceeded' || id === 'request_rate_limited'),
    );
  }
}

export default function (farm) {
  // Without a design the burst is all reads.
  const res = farm.designId && Math.random() < SYNC_SHARE ? syncGenerate(farm.designId) : get('/credits', 'read');
  observe(res);
}

/** A well-behaved client: on 429 it waits the advertised Retry-After once, then must get in. */
export function recovery() {
  const res = get('/credits', 'read');
  observe(res);
  if (res.status === 429) {
    const wait = Number(res.headers['Retry-After']) || 1;
    if (exec.scenario.iterationInTest === 0) console.log(`recovery: refused (${json(res)?.id}), waiting Retry-After ${wait} s`);
    sleep(Math.min(65, wait));
    const again = get('/credits', 'read');
    observe(again);
    recovered.add(again.status === 200);
  } else {
    recovered.add(res.status === 200);
  }
  sleep(1);
}
