// The HTTP-provider operations in a running farm: a control plane and a render worker configured
// with a fake OpenAI-compatible images API on loopback, real Chromium. text_to_image and expand
// change the pixels of the rendered file; a second identical request calls nobody and costs
// nothing; a provider failure fails the format with a reason naming the operation and refunds; the
// inpaint limit per model is enforced; the sync endpoint still refuses; the abyssale SDK drives it.
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { readCredits, setCredits } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { type FakeProvider, GENERATED_RGB, PAINTED_RGB, startFakeProvider } from '@pressroom/render-worker/ai/testing/fake-provider';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSdkCheck } from '../../control-plane/sdk.js';
import {
  api,
  dumpOutputs,
  type Farm,
  freePort,
  type Json,
  seedExample,
  startFarm,
  waitFinal,
  waitForWorkers,
} from '../tasks/testing/farm-processes.js';

/** 200×100, red: expanded into the square hero box it gains painted bands above and below. */
const PHOTO = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#e02020' } })
  .png()
  .toBuffer();

const LAYER = 'hero-photo';
// The hero box of the square format is 460² at (560, 280).
const CENTRE = [790, 510] as const;
const NEAR_TOP = [790, 300] as const;

describe('AI operations in a farm with an HTTP provider', () => {
  let db: TestDatabase;
  let farm: Farm;
  let fake: FakeProvider;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  let images: Server;
  let imageBase = '';

  beforeAll(async () => {
    db = await testDatabase();
    fake = await startFakeProvider();
    images = createServer((_req, res) => {
      res.setHeader('content-type', 'image/png');
      res.end(PHOTO);
    });
    const port = await freePort();
    await new Promise<void>((r) => images.listen(port, '127.0.0.1', r));
    imageBase = `http://127.0.0.1:${port}`;
    farm = await startFarm({
      databaseUrl: db.url,
      workers: 1,
      env: {
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        AI_TEXT_TO_IMAGE_PROVIDER: 'http',
        AI_EXPAND_PROVIDER: 'http',
        AI_HTTP_BASE_URL: fake.baseUrl,
        AI_HTTP_API_KEY: 'sk-farm',
        AI_HTTP_ALLOW_PRIVATE_NETWORKS: 'true',
        AI_HTTP_RETRY_BASE_MS: '10',
        AI_HTTP_MAX_ATTEMPTS: '2',
      },
    });
    seed = await seedExample(db.pool, 'static-summer-sale.json');
    await setCredits(db.pool, seed.workspaceId, 'ai', 100);
    await waitForWorkers(db.pool, farm, 1);
  });

  beforeEach(() => fake?.reset());

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-ai-http-e2e-farm.log`);
    await farm?.stop();
    await fake?.close();
    images?.closeAllConnections();
    images?.close();
    await db?.drop();
  });

  async function generate(photo: Record<string, unknown>): Promise<Record<string, Json>> {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      image_file_type: 'png',
      elements: { [LAYER]: photo },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...(await waitFinal(farm, seed.key, res.body.generation_request_id, 90_000)), requestId: res.body.generation_request_id };
  }

  const aiConsumed = async () => (await readCredits(db.pool, seed.workspaceId)).ai.consumed;

  async function ledger(requestId: string): Promise<number[]> {
    const { rows } = await db.pool.query(`SELECT amount FROM credit_ledger WHERE reference = $1 AND kind = 'ai' ORDER BY id`, [requestId]);
    return rows.map((r) => Number(r.amount));
  }

  async function rgbAt(url: string, x: number, y: number): Promise<number[]> {
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  }

  const near = (got: number[], want: readonly number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 8);
  const t2i = (prompt: string, extra: Record<string, unknown> = {}) => ({
    text_to_image: true,
    text_to_image_properties: { prompt, model: 'gpt-image-1.5', ratio: '1:1', ...extra },
  });

  it('text_to_image draws the generated image in the layer, and spends one AI credit', async () => {
    const before = await aiConsumed();
    const final = await generate(t2i('a lighthouse on a cliff at noon'));
    expect(final.errors).toEqual([]);
    expect(near(await rgbAt(final.banners[0].file.url, ...CENTRE), GENERATED_RGB)).toBe(true);
    expect(fake.received.map((r) => [r.path, r.headers.authorization, r.json?.model, r.json?.size, r.json?.prompt])).toEqual([
      ['/images/generations', 'Bearer sk-farm', 'gpt-image-1.5', '1024x1024', 'a lighthouse on a cliff at noon'],
    ]);
    expect(await aiConsumed()).toBe(before + 1);
  });

  it('the same request again reuses the stored result: no provider call, and its credit is given back', async () => {
    const before = await aiConsumed();
    const final = await generate(t2i('a lighthouse on a cliff at noon'));
    expect(final.errors).toEqual([]);
    expect(fake.received).toHaveLength(0);
    expect(await aiConsumed()).toBe(before);
    expect(await ledger(final.requestId)).toEqual([-1, 1]);
  });

  it('expand paints the new area around the photo', async () => {
    const final = await generate({ image_url: `${imageBase}/photo.png`, expand: true });
    expect(final.errors).toEqual([]);
    expect(fake.received.map((r) => r.path)).toEqual(['/images/edits']);
    expect(near(await rgbAt(final.banners[0].file.url, ...NEAR_TOP), PAINTED_RGB)).toBe(true);
    expect(near(await rgbAt(final.banners[0].file.url, ...CENTRE), [224, 32, 32])).toBe(true);
  });

  it('a provider failure fails the format with a reason naming the operation, and refunds', async () => {
    fake.script({ kind: 'error', status: 400, message: 'Your prompt was rejected.' });
    const before = await aiConsumed();
    const final = await generate(t2i('a lighthouse that the provider refuses'));
    expect(final.banners).toEqual([]);
    expect(final.errors).toEqual([
      { template_format_name: 'square', reason: 'text_to_image failed: the provider answered 400: Your prompt was rejected.' },
    ]);
    expect(await aiConsumed()).toBe(before);
    expect(await ledger(final.requestId)).toEqual([-1, 1]);
  });

  it('takes the model’s most inpaint images as image[] parts, and refuses one more', async () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `${imageBase}/ref-${i}.png`);
    const refused = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      elements: { [LAYER]: t2i('a poster of the references', { model: 'nano-banana', inpaint_images: urls(4) }) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual([`elements.${LAYER}.text_to_image_properties.inpaint_images`]);
    const final = await generate(t2i('a poster of the references', { model: 'nano-banana', inpaint_images: urls(3) }));
    expect(final.errors).toEqual([]);
    const [call] = fake.received;
    expect(call?.path).toBe('/images/edits');
    expect(call?.parts.filter((p) => p.name === 'image[]')).toHaveLength(3);
    expect(call?.parts.find((p) => p.name === 'model')?.value).toBe('nano-banana');
  });

  it('the sync endpoint still refuses text_to_image and expand, with a provider configured', async () => {
    const res = await api(farm, seed.key, 'POST', `/banner-builder/${seed.designId}/generate`, {
      template_format_name: 'square',
      elements: { [LAYER]: { ...t2i('a lighthouse on a cliff at noon'), expand: true } },
    });
    expect(res.status).toBe(400);
    expect(res.body.id).toBe('invalid_payload');
    expect(fake.received).toHaveLength(0);
  });

  it('the abyssale SDK generates a text_to_image layer and waits for it, validating strictly', async () => {
    const report = await runSdkCheck('../../../render-worker/src/ai/testing/sdk_text_to_image.py', farm.baseUrl, seed.key, {
      PRESSROOM_DESIGN_ID: seed.designId,
      PRESSROOM_FORMAT: 'square',
      PRESSROOM_LAYER: LAYER,
    });
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(2);
    expect(fake.received.map((r) => r.json?.prompt)).toEqual(['a lighthouse on a cliff from the SDK']);
  });
});
