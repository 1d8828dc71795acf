import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { dynamicImageMetrics } from './dynamic-images.js';

describe('the dynamic image metrics before any request', () => {
  it('are exposed byte for byte as dashboards read them, every outcome at zero', async () => {
    const registry = new Registry();
    registry.setDefaultLabels({ role: 'control-plane' });
    dynamicImageMetrics(registry);
    const text = await registry.metrics();
    expect(text).toBe(EXPECTED);
  });
});

const EXPECTED = [
  '# HELP pressroom_dynamic_image_requests_total Dynamic image requests answered with an image or 304, by outcome (hit, miss, not_modified).',
  '# TYPE pressroom_dynamic_image_requests_total counter',
  'pressroom_dynamic_image_requests_total{outcome="hit",role="control-plane"} 0',
  'pressroom_dynamic_image_requests_total{outcome="miss",role="control-plane"} 0',
  'pressroom_dynamic_image_requests_total{outcome="not_modified",role="control-plane"} 0',
  '',
  '# HELP pressroom_dynamic_image_bytes_total Bytes of dynamic images sent, cache hits included, by outcome.',
  '# TYPE pressroom_dynamic_image_bytes_total counter',
  'pressroom_dynamic_image_bytes_total{outcome="hit",role="control-plane"} 0',
  'pressroom_dynamic_image_bytes_total{outcome="miss",role="control-plane"} 0',
  'pressroom_dynamic_image_bytes_total{outcome="not_modified",role="control-plane"} 0',
  '',
].join('\n');
