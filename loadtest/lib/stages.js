// Load shapes shared by the tests. Every scenario is bounded twice: by its stages or iteration
// count, and by maxDuration/gracefulStop, so a wedged farm cannot keep a run going.
import { envInt } from './config.js';

/** A trickle: one VU, a few iterations. */
export function trickle() {
  return {
    executor: 'shared-iterations',
    vus: 1,
    iterations: envInt('PRESSROOM_ITERATIONS', 3),
    maxDuration: '3m',
  };
}

/** Steady arrivals per second for a while, after a warm-up ramp of `rampSeconds` (Chromium pages warm up). */
export function steady(rate, seconds, rampSeconds = 10) {
  return {
    executor: 'ramping-arrival-rate',
    startRate: 0,
    timeUnit: '1s',
    // A sync render can take the whole 10 s budget, so in-flight requests ≈ rate × 10.
    preAllocatedVUs: Math.max(2, Math.ceil(rate * 3)),
    maxVUs: Math.max(4, Math.ceil(rate * 12)),
    stages: [
      { target: rate, duration: `${rampSeconds}s` },
      { target: rate, duration: `${seconds}s` },
    ],
    gracefulStop: '15s',
  };
}

/** Quiet, a burst well above the global ceiling, quiet again. */
export function spike(base, peak, seconds) {
  return {
    executor: 'ramping-arrival-rate',
    startRate: base,
    timeUnit: '1s',
    preAllocatedVUs: Math.max(10, peak),
    maxVUs: Math.max(20, peak * 4),
    stages: [
      { target: base, duration: '5s' },
      { target: peak, duration: '2s' },
      { target: peak, duration: `${seconds}s` },
      { target: base, duration: '2s' },
    ],
    gracefulStop: '15s',
  };
}
