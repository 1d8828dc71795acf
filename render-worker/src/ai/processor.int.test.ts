// The AI processor on the tiny models and real (local-folder) object storage: results are reused
// by a hash of their inputs, and every run, reuse and failure is counted.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage, type ObjectStorage } from '@pressroom/platform';
import { Registry } from 'prom-client';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRenderWorkerConfig } from '../config.js';
import { type AiMetrics, createAiMetrics } from './metrics.js';
import { AiOperationError, type AiProcessor, createAiProcessor, storageAiCache } from './processor.js';
import { buildTinyModels } from './testing/tiny-models.js';

let storage: ObjectStorage;
let metrics: AiMetrics;
let registry: Registry;
let ai: AiProcessor;
let photo: Buffer;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-ai-cache-'));
  const models = await buildTinyModels();
  const config = loadRenderWorkerConfig({ DATA_DIR: dataDir, AI_REMOVE_BG_MODEL: models.removeBg, AI_UPSCALE_MODEL: models.upscale });
  storage = await createStorage(config, { publicBaseUrl: 'http://localhost:8080', dataDir });
  registry = new Registry();
  metrics = createAiMetrics(registry);
  ai = createAiProcessor(config, { metrics, cache: storageAiCache(storage) });
  photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#e02020' } })
    .png()
    .toBuffer();
}, 60_000);

async function count(operation: string, outcome: string): Promise<number> {
  const values = (await metrics.operations.get()).values;
  return values.find((v) => v.labels.operation === operation && v.labels.outcome === outcome && v.labels.provider === 'onnx')?.value ?? -1;
}

describe('content-addressed AI results', () => {
  it('runs each operation once for the same inputs and reuses the stored result after', async () => {
    const first = await ai.apply(photo, { textToImage: null, expand: null, removeBg: { crop: false }, upscale: { factor: 2 } });
    expect([await count('remove_bg', 'ok'), await count('upscale', 'ok')]).toEqual([1, 1]);
    expect(first.reused).toBe(0);
    const second = await ai.apply(photo, { textToImage: null, expand: null, removeBg: { crop: false }, upscale: { factor: 2 } });
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.reused).toBe(2);
    expect([await count('remove_bg', 'ok'), await count('upscale', 'ok')]).toEqual([1, 1]);
    expect([await count('remove_bg', 'cached'), await count('upscale', 'cached')]).toEqual([1, 1]);
    expect((await sharp(second.bytes).metadata()).width).toBe(80);
  });

  it('runs again when a setting or the image changes', async () => {
    await ai.apply(photo, { textToImage: null, expand: null, removeBg: null, upscale: { factor: 3 } });
    expect(await count('upscale', 'ok')).toBe(2);
    const other = await sharp(photo).negate().png().toBuffer();
    await ai.apply(other, { textToImage: null, expand: null, removeBg: null, upscale: { factor: 3 } });
    expect(await count('upscale', 'ok')).toBe(3);
  });

  it('counts a failure and names the operation', async () => {
    const noModel = createAiProcessor(loadRenderWorkerConfig({ DATA_DIR: '/nonexistent' }), { metrics });
    const error = await noModel
      .apply(photo, { textToImage: null, expand: null, removeBg: { crop: false }, upscale: null })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiOperationError);
    expect((error as Error).message).toBe('remove_bg failed: this render worker has no model (set AI_REMOVE_BG_MODEL)');
    expect(await count('remove_bg', 'failed')).toBe(1);
    expect(await registry.metrics()).toContain('pressroom_ai_operation_seconds_count{operation="upscale",provider="onnx"} 3');
  });
});
