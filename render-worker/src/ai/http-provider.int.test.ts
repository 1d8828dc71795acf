// The HTTP images provider against a fake OpenAI-compatible server on loopback: what it sends
// (auth, model, size, prompt, multipart parts), what it does with the answers (fixture images in
// both forms, 400, 429 then success, 500s, answers slower than the deadline), its concurrency cap,
// and the content-addressed reuse of its results through real (local-folder) object storage.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage, type ObjectStorage } from '@pressroom/platform';
import type { ImageAiOps } from '@pressroom/renderer';
import { Registry } from 'prom-client';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadRenderWorkerConfig } from '../config.js';
import { createConfiguredProvider } from './configured-provider.js';
import { type AiMetrics, createAiMetrics } from './metrics.js';
import { AiOperationError, type AiProcessor, createAiProcessor, storageAiCache } from './processor.js';
import { type FakeProvider, GENERATED_RGB, PAINTED_RGB, startFakeProvider } from './testing/fake-provider.js';

let fake: FakeProvider;
let storage: ObjectStorage;
let dataDir: string;
let metrics: AiMetrics;

const ENV = {
  AI_TEXT_TO_IMAGE_PROVIDER: 'http',
  AI_EXPAND_PROVIDER: 'http',
  AI_HTTP_API_KEY: 'sk-test-123',
  AI_HTTP_ALLOW_PRIVATE_NETWORKS: 'true',
  AI_HTTP_RETRY_BASE_MS: '5',
  AI_HTTP_MAX_ATTEMPTS: '3',
};

function processor(env: Record<string, string> = {}, withCache = true): AiProcessor {
  const config = loadRenderWorkerConfig({ DATA_DIR: dataDir, ...ENV, AI_HTTP_BASE_URL: fake.baseUrl, ...env });
  return createAiProcessor(config, {
    metrics,
    provider: createConfiguredProvider(config),
    ...(withCache ? { cache: storageAiCache(storage) } : {}),
  });
}

const NONE: ImageAiOps = { textToImage: null, expand: null, removeBg: null, upscale: null };
const t2i = (over: Partial<NonNullable<ImageAiOps['textToImage']>> = {}): ImageAiOps => ({
  ...NONE,
  textToImage: { prompt: 'a red bicycle on a beach', model: 'gpt-image-1.5', ratio: 16 / 9, quality: 'high', inpaintImages: [], ...over },
});

async function rgb(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

async function counted(name: 'operations' | 'retries', labels: Record<string, string>): Promise<number> {
  const values = (await metrics[name].get()).values;
  return values.find((v) => Object.entries(labels).every(([k, want]) => (v.labels as Record<string, unknown>)[k] === want))?.value ?? -1;
}

/** 40×20 red photo. */
const PHOTO = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#e02020' } })
  .png()
  .toBuffer();

beforeAll(async () => {
  fake = await startFakeProvider();
  dataDir = await mkdtemp(join(tmpdir(), 'pressroom-ai-http-'));
  storage = await createStorage(loadRenderWorkerConfig({ DATA_DIR: dataDir }), { publicBaseUrl: 'http://localhost:8080', dataDir });
});

beforeEach(() => {
  fake.reset();
  metrics = createAiMetrics(new Registry());
});

afterAll(async () => {
  await fake?.close();
});

describe('text_to_image through the HTTP provider', () => {
  it('posts the prompt, model, size and quality with the key, and draws the fixture it gets back', async () => {
    const done = await processor({}, false).apply(null, t2i());
    expect(fake.received).toHaveLength(1);
    const [call] = fake.received;
    expect(call?.path).toBe('/images/generations');
    expect(call?.headers.authorization).toBe('Bearer sk-test-123');
    expect(call?.json).toEqual({ model: 'gpt-image-1.5', prompt: 'a red bicycle on a beach', n: 1, size: '1536x1024', quality: 'high' });
    const meta = await sharp(done.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1536, 1024]);
    expect(await rgb(done.bytes, 700, 500)).toEqual([...GENERATED_RGB]);
    expect(await counted('operations', { operation: 'text_to_image', provider: 'http', outcome: 'ok' })).toBe(1);
  });

  it('sends the configured model instead of the request’s, and no Authorization without a key', async () => {
    await processor({ AI_TEXT_TO_IMAGE_MODEL: 'sdxl-turbo', AI_HTTP_API_KEY: '' }, false).apply(
      null,
      t2i({ ratio: 9 / 16, quality: null }),
    );
    expect(fake.received[0]?.json).toEqual({ model: 'sdxl-turbo', prompt: 'a red bicycle on a beach', n: 1, size: '1024x1536' });
    expect(fake.received[0]?.headers.authorization).toBeUndefined();
  });

  it('fetches a linked image when the provider answers in the url form', async () => {
    fake.form = 'url';
    const done = await processor({}, false).apply(null, t2i());
    expect(await rgb(done.bytes, 10, 10)).toEqual([...GENERATED_RGB]);
  });

  it('sends inpaint images as image[] parts of an edit, each fetched through the render’s loader', async () => {
    const urls = ['https://images.example/a.png', 'https://images.example/b.png', 'https://images.example/c.png'];
    const fetched: string[] = [];
    const fetchImage = async (url: string) => {
      fetched.push(url);
      return PHOTO;
    };
    const done = await processor({}, false).apply(null, t2i({ inpaintImages: urls }), { fetchImage });
    expect(fetched).toEqual(urls);
    const [call] = fake.received;
    expect(call?.path).toBe('/images/edits');
    expect(call?.headers.authorization).toBe('Bearer sk-test-123');
    expect(call?.parts.filter((p) => p.value !== null).map((p) => [p.name, p.value])).toEqual([
      ['model', 'gpt-image-1.5'],
      ['prompt', 'a red bicycle on a beach'],
      ['n', '1'],
      ['size', '1536x1024'],
      ['quality', 'high'],
    ]);
    const images = call?.parts.filter((p) => p.file !== null) ?? [];
    expect(images.map((p) => [p.name, p.file?.type])).toEqual([
      ['image[]', 'image/png'],
      ['image[]', 'image/png'],
      ['image[]', 'image/png'],
    ]);
    expect((await sharp(images[0]!.file!.bytes).metadata()).width).toBe(40);
    // The fake draws the first reference over its paint: the red photo shows.
    expect(await rgb(done.bytes, 700, 500)).toEqual([224, 32, 32]);
  });
});

describe('expand through the HTTP provider', () => {
  it('sends the image on a larger transparent canvas with a mask of the new area; the new area is painted', async () => {
    // A square layer box: the 2:1 photo is contained on a 1024² canvas, with new area above and below.
    const done = await processor({}, false).apply(PHOTO, { ...NONE, expand: { model: null, aspect: 1 } });
    const [call] = fake.received;
    expect(call?.path).toBe('/images/edits');
    expect(call?.parts.filter((p) => p.value !== null).map((p) => [p.name, p.value])).toEqual([
      ['model', 'image-outpaint'],
      ['prompt', 'Extend the scene beyond its borders, matching its content, style and lighting.'],
      ['n', '1'],
      ['size', '1024x1024'],
    ]);
    const image = call?.parts.find((p) => p.name === 'image')?.file?.bytes;
    const mask = call?.parts.find((p) => p.name === 'mask')?.file?.bytes;
    expect(image && mask).toBeTruthy();
    const alphaAt = async (png: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return data[(y * info.width + x) * 4 + 3];
    };
    // Top band new (transparent in both), the middle the photo (opaque in both).
    expect([await alphaAt(image!, 512, 10), await alphaAt(mask!, 512, 10)]).toEqual([0, 0]);
    expect([await alphaAt(image!, 512, 512), await alphaAt(mask!, 512, 512)]).toEqual([255, 255]);
    expect(await rgb(done.bytes, 512, 10)).toEqual([...PAINTED_RGB]);
    expect(await rgb(done.bytes, 512, 512)).toEqual([224, 32, 32]);
  });

  it('runs after text_to_image on the generated image, and uses the configured model', async () => {
    const done = await processor({ AI_EXPAND_MODEL: 'my-outpainter' }, false).apply(null, {
      ...t2i({ ratio: 1 }),
      expand: { model: 'bria-expand', aspect: 16 / 9 },
    });
    expect(fake.received.map((r) => r.path)).toEqual(['/images/generations', '/images/edits']);
    expect(fake.received[1]?.parts.find((p) => p.name === 'model')?.value).toBe('my-outpainter');
    expect(await rgb(done.bytes, 10, 512)).toEqual([...PAINTED_RGB]);
    expect(await rgb(done.bytes, 768, 512)).toEqual([...GENERATED_RGB]);
  });
});

describe('provider failures', () => {
  it('tries again after a 429, honouring Retry-After, and succeeds', async () => {
    fake.script({ kind: 'error', status: 429, retryAfter: '0' });
    const done = await processor({}, false).apply(null, t2i());
    expect(fake.received).toHaveLength(2);
    expect(await rgb(done.bytes, 5, 5)).toEqual([...GENERATED_RGB]);
    expect(await counted('retries', { operation: 'text_to_image', reason: 'rate_limited' })).toBe(1);
  });

  it('gives up after the last attempt of 500s, with a reason naming the operation', async () => {
    fake.script({ kind: 'error', status: 500 }, { kind: 'error', status: 502 }, { kind: 'error', status: 503, message: 'overloaded' });
    const error = await processor({}, false)
      .apply(null, t2i())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiOperationError);
    expect((error as Error).message).toBe('text_to_image failed: the provider answered 503: overloaded');
    expect(fake.received).toHaveLength(3);
    expect(await counted('operations', { operation: 'text_to_image', outcome: 'failed' })).toBe(1);
    expect(await counted('retries', { operation: 'text_to_image', reason: 'server_error' })).toBe(2);
  });

  it('does not try a 400 again: the provider has judged the request', async () => {
    fake.script({ kind: 'error', status: 400, message: 'Your prompt was rejected by the safety system.' });
    const error = await processor({}, false)
      .apply(PHOTO, { ...NONE, expand: { model: null, aspect: 2 } })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('expand failed: the provider answered 400: Your prompt was rejected by the safety system.');
    expect(fake.received).toHaveLength(1);
  });

  it('fails an answer slower than the deadline as a timeout, after its attempts', async () => {
    // 30× the deadline: the client must stop waiting, not the fake answer.
    fake.script({ kind: 'slow', delayMs: 30_000 }, { kind: 'slow', delayMs: 30_000 });
    const error = await processor({ AI_HTTP_TIMEOUT_MS: '1000', AI_HTTP_MAX_ATTEMPTS: '2' }, false)
      .apply(null, t2i())
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('text_to_image failed: the provider did not answer within 1000 ms');
    expect(fake.received).toHaveLength(2);
    expect(await counted('retries', { operation: 'text_to_image', reason: 'timeout' })).toBe(1);
  });

  it('fails an answer that is not JSON without trying again', async () => {
    fake.script({ kind: 'garbage' });
    const error = await processor({}, false)
      .apply(null, t2i())
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('text_to_image failed: the provider answered with something that is not JSON');
    expect(fake.received).toHaveLength(1);
  });

  it('does not reach a loopback provider unless the operator allows its host', async () => {
    const error = await processor({ AI_HTTP_ALLOW_PRIVATE_NETWORKS: 'false', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, false)
      .apply(null, t2i())
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^text_to_image failed: the provider's address 127\.0\.0\.1:\d+ is private \(set AI_HTTP_ALLOW_PRIVATE_NETWORKS\)$/,
    );
    expect(fake.received).toHaveLength(0);
  });

  it('fails naming the setting when the worker has no provider for the operation', async () => {
    const error = await processor({ AI_EXPAND_PROVIDER: 'none' }, false)
      .apply(PHOTO, { ...NONE, expand: { model: null, aspect: 1 } })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('expand failed: this render worker has no provider (set AI_EXPAND_PROVIDER=http)');
    expect(fake.received).toHaveLength(0);
  });
});

describe('concurrency and reuse', () => {
  it('keeps at most AI_HTTP_CONCURRENCY calls in flight per worker', async () => {
    fake.answerDelayMs = 150;
    const ai = processor({ AI_HTTP_CONCURRENCY: '2' }, false);
    await Promise.all([1, 2, 3, 4, 5].map((n) => ai.apply(null, t2i({ prompt: `a red bicycle number ${n}` }))));
    expect(fake.received).toHaveLength(5);
    // Held 150 ms each, five calls at once would overlap without the cap.
    expect(fake.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('reuses a stored result for the same inputs: no second call', async () => {
    const ai = processor();
    const ops = t2i({ prompt: 'a lighthouse at dusk, reused' });
    const first = await ai.apply(null, ops);
    const second = await ai.apply(null, ops);
    expect(fake.received).toHaveLength(1);
    expect([first.reused, second.reused]).toEqual([0, 1]);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    // Another prompt, or another model sent, is another result.
    await ai.apply(null, t2i({ prompt: 'a lighthouse at dawn, reused' }));
    await processor({ AI_TEXT_TO_IMAGE_MODEL: 'other' }).apply(null, ops);
    expect(fake.received).toHaveLength(3);
    expect(await counted('operations', { operation: 'text_to_image', outcome: 'cached' })).toBe(1);
  });
});
