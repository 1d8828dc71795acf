// Does one workspace's worst design hurt another's renders on the same render worker? One
// worker, one Chromium: workspace A sends the images that crashed the shared browser before
// (decompression bombs by URL and encoded in the body), while workspace B asks for 100 sync
// renders. Every one of B's answers must be 200, and A's files must be refused as A's fault.
import { tmpdir } from 'node:os';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { pngDeclaring } from '@pressroom/render-worker/imports/testing/bomb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  dumpOutputs,
  type Farm,
  farmWarnings,
  hangingImageServer,
  type Json,
  seedExample,
  startFarm,
  waitFinal,
  waitForWorkers,
} from './testing/farm-processes.js';

/** 30000×30000 declared in a few dozen bytes: decoded, it would need 3.6 GB. */
const BOMB = pngDeclaring(30_000, 30_000);
const VICTIM_RENDERS = 100;
/** Sync renders in flight at once, as a busy client sends them. */
const VICTIM_CONCURRENCY = 4;

describe('workspace isolation on one render worker', () => {
  let db: TestDatabase;
  let farm: Farm;
  let attacker: Awaited<ReturnType<typeof seedExample>>;
  let victim: Awaited<ReturnType<typeof seedExample>>;
  let images: Awaited<ReturnType<typeof hangingImageServer>>;

  beforeAll(async () => {
    db = await testDatabase();
    images = await hangingImageServer(BOMB);
    farm = await startFarm({ databaseUrl: db.url, workers: 1, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', LOG_LEVEL: 'info' } });
    attacker = await seedExample(db.pool, 'static-summer-sale.json');
    victim = await seedExample(db.pool, 'static-summer-sale.json');
    await waitForWorkers(db.pool, farm, 1);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-isolation-e2e-farm.log`);
    await farm?.stop();
    images?.close();
    await db?.drop();
  });

  it("another workspace's 100 sync renders all answer 200 while decompression bombs are sent", async () => {
    const bombUrl = `http://127.0.0.1:${images.port}/bomb.png`;
    const attacks = [{ 'hero-photo': { image_url: bombUrl } }, { 'hero-photo': { image_encoded: BOMB.toString('base64') } }];
    // The attack: every format of the design, two ways, queued before and during the victim's renders.
    const attackIds: string[] = [];
    const attack = async () => {
      for (const elements of attacks) {
        const res = await api(farm, attacker.key, 'POST', `/async/banner-builder/${attacker.designId}/generate`, { elements });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        attackIds.push(res.body.generation_request_id as string);
      }
    };
    await attack();

    const statuses: number[] = [];
    let next = 0;
    const lane = async () => {
      while (next < VICTIM_RENDERS) {
        const i = next++;
        if (i === VICTIM_RENDERS / 2) await attack();
        const res = await api(farm, victim.key, 'POST', `/banner-builder/${victim.designId}/generate`, {
          template_format_name: 'square',
          elements: { headline: { payload: `Render ${i}` } },
        });
        statuses.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: VICTIM_CONCURRENCY }, lane));
    expect(
      statuses.filter((s) => s !== 200),
      farmWarnings(farm),
    ).toEqual([]);
    expect(statuses).toHaveLength(VICTIM_RENDERS);

    // Each attacking file is refused as the design's fault, naming the declared size.
    for (const id of attackIds) {
      const final = await waitFinal(farm, attacker.key, id, 120_000);
      expect(final.banners).toEqual([]);
      const reasons = (final.errors as Json[]).map((e) => e.reason as string);
      expect(reasons).toHaveLength(attacker.formats.length);
      for (const reason of reasons) expect(reason).toMatch(/30000x30000/);
    }
  });
});
