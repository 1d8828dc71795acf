import { dashboard, quantile, row, stat, timeseries } from './panels.js';

const ATTEMPT = 'pressroom_webhook_attempt_duration_seconds';
const DELIVERIES = 'pressroom_webhook_deliveries_total';

export const webhooks = dashboard({
  uid: 'pressroom-webhooks',
  title: 'Webhooks',
  description: 'Webhook and callback delivery from the media workers: outcomes, receiver latency and deactivations.',
  panels: [
    stat({
      title: 'Attempts acknowledged',
      description: 'Share of delivery attempts the receiver acknowledged with a 2xx within 15 s.',
      queries: [
        {
          expr: `(sum(rate(${DELIVERIES}{outcome="ack"}[$__rate_interval])) or vector(0)) / sum(rate(${DELIVERIES}[$__rate_interval]))`,
          legend: 'ack',
        },
      ],
      unit: 'percentunit',
      min: 0,
      max: 1,
      steps: [
        [null, 'red'],
        [0.9, 'orange'],
        [0.99, 'green'],
      ],
    }),
    stat({
      title: 'Attempts / s',
      queries: [{ expr: `sum(rate(${DELIVERIES}[$__rate_interval]))`, legend: 'attempts/s' }],
      unit: 'ops',
    }),
    stat({
      title: 'Deactivations (range)',
      queries: [{ expr: 'sum(increase(pressroom_webhook_deactivations_total[$__range])) or vector(0)', legend: 'deactivated' }],
      steps: [
        [null, 'green'],
        [1, 'orange'],
      ],
    }),
    stat({
      title: 'Attempt p99',
      queries: [{ expr: quantile(0.99, ATTEMPT, []), legend: 'p99' }],
      unit: 's',
      steps: [
        [null, 'green'],
        [5, 'orange'],
        [15, 'red'],
      ],
    }),

    row('Deliveries'),
    timeseries({
      title: 'Delivery attempts by outcome',
      description: 'ack: done; retry: scheduled again; deactivate: the subscription was switched off; drop: attempts exhausted.',
      queries: [{ expr: `sum by (outcome) (rate(${DELIVERIES}[$__rate_interval]))`, legend: '{{outcome}}' }],
      unit: 'ops',
      stacked: true,
    }),
    timeseries({
      title: 'Attempts by result class',
      queries: [{ expr: `sum by (result) (rate(${ATTEMPT}_count[$__rate_interval]))`, legend: '{{result}}' }],
      unit: 'ops',
      stacked: true,
    }),
    timeseries({
      title: 'Attempt latency p50 / p90 / p99',
      description: 'The receiver must acknowledge within 15 s (red line); slower attempts count as timeouts.',
      queries: [
        { expr: quantile(0.5, ATTEMPT, []), legend: 'p50' },
        { expr: quantile(0.9, ATTEMPT, []), legend: 'p90' },
        { expr: quantile(0.99, ATTEMPT, []), legend: 'p99' },
      ],
      unit: 's',
      budgetLine: 15,
    }),
    timeseries({
      title: 'Attempt latency p90 by result',
      queries: [{ expr: quantile(0.9, ATTEMPT, ['result']), legend: '{{result}}' }],
      unit: 's',
    }),
    timeseries({
      title: 'Deactivations by reason',
      queries: [{ expr: 'sum by (reason) (increase(pressroom_webhook_deactivations_total[$__rate_interval]))', legend: '{{reason}}' }],
      stacked: true,
    }),
    timeseries({
      title: 'Media-worker jobs by task and outcome',
      queries: [{ expr: 'sum by (task, outcome) (rate(pressroom_jobs_total{role="media-worker"}[$__rate_interval]))', legend: '{{task}} {{outcome}}' }],
      unit: 'ops',
      stacked: true,
    }),
  ],
});
