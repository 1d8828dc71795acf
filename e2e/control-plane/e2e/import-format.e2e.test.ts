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
  type Json,
  seedExample,
  startFarm,
  waitForWorkers,
} from '../../render-worker/tasks/testing/farm-processes.js';
import { corpusPayload } from '../import-corpus/corpus.js';

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

  /** Creates the import (nothing to upload, so it is queued at once, with no PUT) and waits for DONE. */
  async function importToDone(payload: Record<string, unknown>): Promise<string> {
    const created = await api(farm, key, 'POST', '/designs/import/json', payload);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.uploads).toEqual([]);
    expect(created.body.status).toBe('QUEUED');
    const deadline = Date.now() + 120_000;
    let record: Json;
    do {
      await new Promise((r) => setTimeout(r, 250));
      record = (await api(farm, key, 'GET', `/designs/import/json/${created.body.id}`)).body;
    } while (!['DONE', 'FAILED'].includes(record.status) && Date.now() < deadline);
    expect(record.status, JSON.stringify(record)).toBe('DONE');
    return record.result.uuid;
  }

  async function renderSquare(designId: string): Promise<Buffer> {
    const res = await api(farm, key, 'POST', `/banner-builder/${designId}/generate`, {
      template_format_name: 'square',
      image_file_type: 'jpeg',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Buffer.from(await (await fetch(res.body.file.url)).arrayBuffer());
  }

  async function colourAt(jpeg: Buffer, x: number, y: number): Promise<number[]> {
    const { data } = await sharp(jpeg).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    return [...data.subarray(0, 3)];
  }

  const near = (actual: number[], hex: string) => {
    const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    expect(
      actual.every((v, i) => Math.abs(v - want[i]!) <= 8),
      `${actual} is not ${hex}`,
    ).toBe(true);
  };

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
    starterId = await importToDone(payload);
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
      near(await colourAt(starterJpeg, x, y), '#0A363A');
    for (const [x, y] of [
      [120, 400],
      [540, 395],
      [540, 680],
      [120, 540],
      [960, 540],
    ] as const)
      near(await colourAt(starterJpeg, x, y), '#F5C518');
    // The title is drawn in the text box: dark glyphs on the badge.
    expect((await sharp(starterJpeg).extract({ left: 140, top: 440, width: 800, height: 200 }).stats()).entropy).toBeGreaterThan(1);
  });

  it('its as-import, imported again with a target, renders the same pixels', async () => {
    const exported = await api(farm, key, 'GET', `/designs/${starterId}/as-import`);
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.body.warnings).toEqual([]);
    expect(exported.body.payload.target).toBeUndefined();
    const copyId = await importToDone({ ...exported.body.payload, target: { kind: 'design', project_uuid: projectId } });
    const copy = await renderSquare(copyId);
    const [a, b] = await Promise.all([starterJpeg, copy].map((j) => sharp(j).raw().toBuffer()));
    expect(b!.equals(a!)).toBe(true);
  });
});
