import { dashboard, quantile, row, stat, timeseries } from './panels.js';
import { HTTP_DURATION as HTTP, SYNC_ROUTE as SYNC, syncWithinBudgetStat } from './sync-slo.js';

/** Probes and scrapes would drown the traffic that matters. */
const API = '{route!~"/metrics|/ready"}';

export const overview = dashboard({
  uid: 'pressroom-overview',
  title: 'Pressroom overview',
  description: 'The control plane as clients see it: traffic, latency, errors and rate-limit refusals by route.',
  panels: [
    stat({
      title: 'Requests / s',
      queries: [{ expr: `sum(rate(${HTTP}_count${API}[$__rate_interval]))`, legend: 'req/s' }],
      unit: 'reqps',
    }),
    stat({
      title: '5xx share',
      description: 'Share of API answers with a 5xx status. A sync render over its 10 s budget answers 500 and counts here.',
      queries: [
        {
          // `or vector(0)`: no 5xx at all is 0 %, not "No data".
          expr: `(sum(rate(${HTTP}_count{route!~"/metrics|/ready",status=~"5.."}[$__rate_interval])) or vector(0)) / sum(rate(${HTTP}_count${API}[$__rate_interval]))`,
          legend: '5xx',
        },
      ],
      unit: 'percentunit',
      steps: [
        [null, 'green'],
        [0.01, 'orange'],
        [0.05, 'red'],
      ],
    }),
    syncWithinBudgetStat(
      'SLO: share of sync generations (200 or 5xx) answered within the 10-second budget. 4xx refusals are excluded.',
    ),
    stat({
      title: 'Rate-limit refusals / s',
      queries: [{ expr: 'sum(rate(pressroom_rate_limit_refusals_total[$__rate_interval])) or vector(0)', legend: 'refusals/s' }],
      unit: 'reqps',
      steps: [
        [null, 'green'],
        [1, 'orange'],
      ],
    }),
    stat({
      title: 'Jobs waiting',
      description:
        'Jobs ready to run and not yet taken, every task (pressroom_queue_jobs{state="waiting"}); the render pool scales on its render tasks (README, Scaling).',
      queries: [{ expr: 'sum(max by (task) (pressroom_queue_jobs{state="waiting"})) or vector(0)', legend: 'waiting' }],
      steps: [
        [null, 'green'],
        [8, 'orange'],
        [40, 'red'],
      ],
    }),

    row('Traffic and latency'),
    timeseries({
      title: 'Request rate by route',
      queries: [{ expr: `sum by (route, method) (rate(${HTTP}_count${API}[$__rate_interval]))`, legend: '{{method}} {{route}}' }],
      unit: 'reqps',
      stacked: true,
    }),
    timeseries({
      title: 'p99 latency by route',
      queries: [{ expr: quantile(0.99, HTTP, ['route'], API), legend: '{{route}}' }],
      unit: 's',
    }),
    timeseries({
      title: 'Latency p50 / p90 / p99 (all API routes)',
      queries: [
        { expr: quantile(0.5, HTTP, [], API), legend: 'p50' },
        { expr: quantile(0.9, HTTP, [], API), legend: 'p90' },
        { expr: quantile(0.99, HTTP, [], API), legend: 'p99' },
      ],
      unit: 's',
    }),
    timeseries({
      title: 'Sync generation latency vs the 10 s budget',
      description: 'End-to-end time of POST /banner-builder/:id/generate as the client sees it (queue, render, upload).',
      queries: [
        { expr: quantile(0.5, HTTP, [], `{${SYNC},status="200"}`), legend: 'p50' },
        { expr: quantile(0.9, HTTP, [], `{${SYNC},status="200"}`), legend: 'p90' },
        { expr: quantile(0.99, HTTP, [], `{${SYNC},status="200"}`), legend: 'p99' },
      ],
      unit: 's',
      budgetLine: 10,
    }),

    row('Errors and refusals'),
    timeseries({
      title: 'Error answers by status',
      queries: [{ expr: `sum by (status) (rate(${HTTP}_count{route!~"/metrics|/ready",status=~"[45].."}[$__rate_interval]))`, legend: '{{status}}' }],
      unit: 'reqps',
      stacked: true,
    }),
    timeseries({
      title: '5xx by route',
      queries: [{ expr: `sum by (route, status) (rate(${HTTP}_count{status=~"5.."}[$__rate_interval]))`, legend: '{{status}} {{route}}' }],
      unit: 'reqps',
    }),
    timeseries({
      title: 'Rate-limit refusals by tier and id',
      description: 'rate_limit_exceeded: the global 10/s ceiling or no credits; request_rate_limited: a tier budget.',
      queries: [{ expr: 'sum by (tier, id) (rate(pressroom_rate_limit_refusals_total[$__rate_interval]))', legend: '{{tier}} {{id}}' }],
      unit: 'reqps',
      stacked: true,
    }),
    timeseries({
      title: 'Unmatched routes (404 endpoint_not_found)',
      queries: [{ expr: `sum by (method) (rate(${HTTP}_count{route="unmatched"}[$__rate_interval]))`, legend: '{{method}}' }],
      unit: 'reqps',
    }),

    row('Processes'),
    timeseries({
      title: 'Processes up by role',
      queries: [{ expr: 'count by (role) (process_start_time_seconds{role=~".+"})', legend: '{{role}}' }],
      unit: 'short',
      width: 8,
    }),
    timeseries({
      title: 'CPU by role',
      queries: [{ expr: 'sum by (role) (rate(process_cpu_seconds_total{role=~".+"}[$__rate_interval]))', legend: '{{role}}' }],
      unit: 'percentunit',
      width: 8,
    }),
    timeseries({
      title: 'Resident memory by instance',
      queries: [{ expr: 'max by (role, instance) (process_resident_memory_bytes{role=~".+"})', legend: '{{role}} {{instance}}' }],
      unit: 'bytes',
      width: 8,
    }),
    timeseries({
      title: 'Event-loop lag p99 by instance',
      queries: [{ expr: 'max by (role, instance) (nodejs_eventloop_lag_p99_seconds{role=~".+"})', legend: '{{role}} {{instance}}' }],
      unit: 's',
      width: 12,
    }),
    timeseries({
      title: 'Active handles by role',
      description: 'Open libuv handles (sockets, timers, child processes); a steady climb is a leak.',
      queries: [{ expr: 'sum by (role) (nodejs_active_handles_total{role=~".+"})', legend: '{{role}}' }],
      width: 12,
    }),
  ],
});
