import { type Panel, stat } from './panels.js';

/** The control plane's HTTP latency histogram, by route, method and status. */
export const HTTP_DURATION = 'pressroom_http_request_duration_seconds';
/** The sync generation route's label matcher. */
export const SYNC_ROUTE = 'route="/banner-builder/:id/generate"';
/** Share of sync generations (200 or 5xx) answered with a 200 within the 10-second budget; 4xx refusals excluded. */
export const SYNC_WITHIN_BUDGET = `sum(rate(${HTTP_DURATION}_bucket{${SYNC_ROUTE},status="200",le="10"}[$__rate_interval])) / sum(rate(${HTTP_DURATION}_count{${SYNC_ROUTE},status=~"200|5.."}[$__rate_interval]))`;

/** The sync SLO as a stat: red below 95 %, green from 99 %. */
export function syncWithinBudgetStat(description: string): Panel {
  return stat({
    title: 'Sync generations within 10 s',
    description,
    queries: [{ expr: SYNC_WITHIN_BUDGET, legend: 'within budget' }],
    unit: 'percentunit',
    min: 0,
    max: 1,
    steps: [
      [null, 'red'],
      [0.95, 'orange'],
      [0.99, 'green'],
    ],
  });
}
