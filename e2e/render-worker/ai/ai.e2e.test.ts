// AI operations in a running farm: a control plane and a render worker configured with the tiny
// local models, real Chromium. remove_bg changes the pixels of the rendered file; an upscale whose
// model cannot be loaded on the worker fails that format with a reason naming the operation.
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCredits, setCredits } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { buildTinyModels } from '@pressroom/render-worker/ai/testing/tiny-models';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** 200×100: dark grey background, a red subject on the right. */
const PHOTO = await sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
    <rect width="200" height="100" fill="#303030"/><rect x="120" y="20" width="60" height="60" fill="#e02020"/></svg>`),
)
  .png()
  .toBuffer();

describe('AI operations in a farm with local models', () => {
  let db: TestDatabase;
  let farm: Farm;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  let images: Server;
  let photoUrl = '';

  beforeAll(async () => {
    db = await testDatabase();
    images = createServer((_req, res) => {
      res.setHeader('content-type', 'image/png');
      res.end(PHOTO);
    });
    const port = await freePort();
    await new Promise<void>((r) => images.listen(port, '127.0.0.1', r));
    photoUrl = `http://127.0.0.1:${port}/photo.png`;
    const models = await buildTinyModels();
    farm = await startFarm({
      databaseUrl: db.url,
      workers: 1,
      env: {
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        AI_REMOVE_BG_MODEL: models.removeBg,
        // Configured, but the file is missing on the worker: every upscale fails there.
        AI_UPSCALE_MODEL: join(tmpdir(), 'pressroom-no-such-model.onnx'),
      },
    });
    seed = await seedExample(db.pool, 'static-summer-sale.json');
    await setCredits(db.pool, seed.workspaceId, 'ai', 100);
    await waitForWorkers(db.pool, farm, 1);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-ai-e2e-farm.log`);
    await farm?.stop();
    images?.closeAllConnections();
    images?.close();
    await db?.drop();
  });

  async function generate(photo: Record<string, unknown>): Promise<Record<string, Json>> {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      image_file_type: 'png',
      elements: { 'hero-photo': { image_url: photoUrl, ...photo } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ...(await waitFinal(farm, seed.key, res.body.generation_request_id, 60_000)), requestId: res.body.generation_request_id };
  }

  async function aiConsumed(): Promise<number> {
    return (await readCredits(db.pool, seed.workspaceId)).ai.consumed;
  }

  async function rgbAt(url: string, x: number, y: number): Promise<number[]> {
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  }

  it('remove_bg makes the photo background transparent in the rendered file; the subject stays', async () => {
    const plain = await generate({});
    const removed = await generate({ remove_bg: true });
    expect(plain.errors).toEqual([]);
    expect(removed.errors).toEqual([]);
    // The hero box of the square format is 460² at (560, 280); the photo is cover-fitted into it.
    const background = [610, 510] as const;
    const subject = [960, 510] as const;
    const before = await rgbAt(plain.banners[0].file.url, ...background);
    const after = await rgbAt(removed.banners[0].file.url, ...background);
    expect(before.every((v) => Math.abs(v - 48) <= 6)).toBe(true);
    expect(after.some((v) => Math.abs(v - 48) > 20)).toBe(true);
    const red = await rgbAt(removed.banners[0].file.url, ...subject);
    expect(red[0]).toBeGreaterThan(180);
    expect(red[1]).toBeLessThan(80);
  });

  it('a second request with the same image reuses the stored result: no model run, and its AI credit is given back', async () => {
    const before = await aiConsumed();
    const final = await generate({ remove_bg: true });
    expect(final.errors).toEqual([]);
    expect(await aiConsumed()).toBe(before);
    const { rows } = await db.pool.query(`SELECT amount FROM credit_ledger WHERE reference = $1 AND kind = 'ai' ORDER BY id`, [
      final.requestId,
    ]);
    expect(rows.map((r) => Number(r.amount))).toEqual([-1, 1]);
  });

  it('an operation that fails on the worker fails the format with a reason naming it, and refunds', async () => {
    const before = await aiConsumed();
    const final = await generate({ upscale: true, upscale_properties: { upscale_factor: 2 } });
    expect(await aiConsumed()).toBe(before);
    expect(final.banners).toEqual([]);
    expect(final.errors).toHaveLength(1);
    expect(final.errors[0].template_format_name).toBe('square');
    expect(final.errors[0].reason).toMatch(/^upscale failed: /);
  });

  it('an operation without a model is still refused up front', async () => {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      elements: { 'hero-photo': { expand: true } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['elements.hero-photo.expand']);
  });
});
