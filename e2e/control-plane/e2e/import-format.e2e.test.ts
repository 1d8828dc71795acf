// The docs' starter, sent as Abyssale's create-import page prints it (with a real project id):
// it validates, imports to DONE without uploads and renders a 1080² JPEG with the #0A363A
// background and the #F5C518 badge where its layout puts them; its as-import, imported again,
// renders the same pixels. A farm of real processes: control plane and render worker.
import { tmpdir } from 'node:os';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  dumpOutputs,
  type Farm,
  importToDone,
  seedExample,
  startFarm,
  waitForWorkers,
} from '../../render-worker/tasks/testing/farm-processes.js';
import { corpusPayload } from '../import-corpus/corpus.js';
import { colourAt, expectNear } from './pixels.js';

describe("Abyssale's import starter on a farm", () => {
  let db: TestDatabase;
  let farm: Farm;
  let key: string;
  let projectId: string;

  beforeAll(async () => {
    db = await testDatabase();
    farm = await startFarm({ databaseUrl: db.url, workers: 1, env: { RENDER_TIMEOUT_MS: '60000', SYNC_RENDER_TIMEOUT_MS: '60000' } });
    key = (await seedExample(db.pool, 'static-webinar.json')).key;
    await waitForWorkers(db.pool, farm, 1);
    projectId = (await api(farm, key, 'POST', '/projects', { name: 'Imported' })).body.id;
  }, 180_000);

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-import-format-e2e.log`);
    await farm?.stop();
    await db?.drop();
  });

  async function renderSquare(designId: string): Promise<Buffer> {
    const res = await api(farm, key, 'POST', `/banner-builder/${designId}/generate`, {
      template_format_name: 'square',
      image_file_type: 'jpeg',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Buffer.from(await (await fetch(res.body.file.url)).arrayBuffer());
  }

  let starterId: string;
  let starterJpeg: Buffer;

  it('validates, imports to DONE with no upload, and renders the badge on the background', async () => {
    const payload = corpusPayload('starter.json', { kind: 'design', project_uuid: projectId });
    const check = await fetch(`${farm.baseUrl}/designs/import/json?validate_only=true`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer = await check.text();
    expect(check.status, answer).toBe(204);
    expect(answer).toBe('');
    starterId = await importToDone(farm, key, payload);
    starterJpeg = await renderSquare(starterId);
    const meta = await sharp(starterJpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
    // Background outside the badge (layout x 90–990, y 380–700); badge beside and below the text box.
    for (const [x, y] of [
      [20, 20],
      [540, 360],
      [540, 720],
      [60, 540],
      [1020, 540],
    ] as const)
      expectNear(await colourAt(starterJpeg, x, y), '#0A363A');
    for (const [x, y] of [
      [120, 400],
      [540, 395],
      [540, 680],
      [120, 540],
      [960, 540],
    ] as const)
      expectNear(await colourAt(starterJpeg, x, y), '#F5C518');
    // The title is drawn in the text box: dark glyphs on the badge.
    expect((await sharp(starterJpeg).extract({ left: 140, top: 440, width: 800, height: 200 }).stats()).entropy).toBeGreaterThan(1);
  });

  it('its as-import, imported again with a target, renders the same pixels', async () => {
    const exported = await api(farm, key, 'GET', `/designs/${starterId}/as-import`);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.body.warnings).toEqual([]);
    expect(exported.body.payload.target).toBeUndefined();
    const copyId = await importToDone(farm, key, { ...exported.body.payload, target: { kind: 'design', project_uuid: projectId } });
    const copy = await renderSquare(copyId);
    const [a, b] = await Promise.all([starterJpeg, copy].map((j) => sharp(j).raw().toBuffer()));
    expect(b!.equals(a!)).toBe(true);
  });
});
