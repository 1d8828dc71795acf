import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createAnimationMediaMetrics } from './animation/metrics.js';
import { bulkMetrics } from './bulk/metrics.js';
import { exportMetrics } from './exports/metrics.js';
import { webhookMetrics } from './webhooks/metrics.js';

/** The media worker's own metrics as a fresh process shows them on /metrics (its default and runtime metrics aside). */
async function exposition(): Promise<string> {
  const registry = new Registry();
  registry.setDefaultLabels({ role: 'media-worker' });
  createAnimationMediaMetrics(registry);
  // The task list is built more than once in a process: each of these is registered once.
  for (let i = 0; i < 2; i++) {
    exportMetrics(registry);
    bulkMetrics(registry);
    webhookMetrics(registry);
  }
  return registry.metrics();
}

describe("the media worker's metrics before anything happened", () => {
  it('are exposed byte for byte as dashboards and alerts read them, every counted series at zero', async () => {
    const text = await exposition();
    expect(text).toBe(EXPECTED);
  });
});

const EXPECTED = [
  '# HELP pressroom_animation_stage_seconds Duration of each media-worker stage of an animated file, by output (mp4, gif, html5).',
  '# TYPE pressroom_animation_stage_seconds histogram',
  '',
  '# HELP pressroom_animation_encode_failures_total Failed encode attempts of animated files by class.',
  '# TYPE pressroom_animation_encode_failures_total counter',
  'pressroom_animation_encode_failures_total{class="missing_part",role="media-worker"} 0',
  'pressroom_animation_encode_failures_total{class="ffmpeg",role="media-worker"} 0',
  'pressroom_animation_encode_failures_total{class="internal",role="media-worker"} 0',
  '',
  '# HELP pressroom_exports_total ZIP exports finished, by outcome (done, failed).',
  '# TYPE pressroom_exports_total counter',
  'pressroom_exports_total{outcome="done",role="media-worker"} 0',
  'pressroom_exports_total{outcome="failed",role="media-worker"} 0',
  '',
  '# HELP pressroom_export_duration_seconds Time to pack one export into its ZIP and store it.',
  '# TYPE pressroom_export_duration_seconds histogram',
  'pressroom_export_duration_seconds_bucket{le="0.5",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="1",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="2",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="5",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="10",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="30",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="60",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="120",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="300",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="600",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="1800",role="media-worker"} 0',
  'pressroom_export_duration_seconds_bucket{le="+Inf",role="media-worker"} 0',
  'pressroom_export_duration_seconds_sum{role="media-worker"} 0',
  'pressroom_export_duration_seconds_count{role="media-worker"} 0',
  '',
  '# HELP pressroom_export_bytes_total Bytes of ZIP archives written by exports.',
  '# TYPE pressroom_export_bytes_total counter',
  'pressroom_export_bytes_total{role="media-worker"} 0',
  '',
  '# HELP pressroom_bulk_rows_total Bulk-run rows started by the runner and ended (done, failed), by outcome.',
  '# TYPE pressroom_bulk_rows_total counter',
  'pressroom_bulk_rows_total{outcome="started",role="media-worker"} 0',
  'pressroom_bulk_rows_total{outcome="done",role="media-worker"} 0',
  'pressroom_bulk_rows_total{outcome="failed",role="media-worker"} 0',
  '',
  '# HELP pressroom_webhook_deliveries_total Webhook delivery attempts by outcome (ack, retry, deactivate, drop).',
  '# TYPE pressroom_webhook_deliveries_total counter',
  'pressroom_webhook_deliveries_total{outcome="ack",role="media-worker"} 0',
  'pressroom_webhook_deliveries_total{outcome="retry",role="media-worker"} 0',
  'pressroom_webhook_deliveries_total{outcome="deactivate",role="media-worker"} 0',
  'pressroom_webhook_deliveries_total{outcome="drop",role="media-worker"} 0',
  '',
  '# HELP pressroom_webhook_attempt_duration_seconds Duration of one webhook attempt, by result class.',
  '# TYPE pressroom_webhook_attempt_duration_seconds histogram',
  '',
  '# HELP pressroom_webhook_deactivations_total Webhook subscriptions deactivated, by reason (gone, rejected, unreachable).',
  '# TYPE pressroom_webhook_deactivations_total counter',
  'pressroom_webhook_deactivations_total{reason="gone",role="media-worker"} 0',
  'pressroom_webhook_deactivations_total{reason="rejected",role="media-worker"} 0',
  'pressroom_webhook_deactivations_total{reason="unreachable",role="media-worker"} 0',
  '',
].join('\n');
