// Issue 27's acceptance for PUT /designs/<id>/document, on a farm of real processes (control plane
// and render worker, Chromium): the design's own as-import payload with one layer moved 40 px
// answers 200; the read shows the move under the same id; a render shows it in pixels; and the
// design's dynamic image, rendered and cached before the PUT, renders the new content after it.
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

const BACKGROUND = '#0A363A';
const BADGE = '#F5C518';
/** Mid-height of the starter's badge (y 380–700), left and right of its title: 110 is on the badge at x 90–990 only, 1010 at x 130–1030 only. */
const LEFT = [110, 540] as const;
const RIGHT = [1010, 540] as const;

async function colourAt(image: Buffer, [x, y]: readonly [number, number]): Promise<number[]> {
  const { data } = await sharp(image)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data.subarray(0, 3)];
}

function near(actual: number[], hex: string, what: string): void {
  const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  expect(
    actual.every((v, i) => Math.abs(v - want[i]!) <= 8),
    `${what}: ${actual} is not ${hex}`,
  ).toBe(true);
}

describe('PUT /designs/<id>/document on a farm', () => {
  let db: TestDatabase;
  let farm: Farm;
  let key: string;
  let designId: string;
  let dynamicUrl: string;

  beforeAll(async () => {
    db = await testDatabase();
    farm = await startFarm({ databaseUrl: db.url, workers: 1, env: { RENDER_TIMEOUT_MS: '60000', SYNC_RENDER_TIMEOUT_MS: '60000' } });
    key = (await seedExample(db.pool, 'static-webinar.json')).key;
    await waitForWorkers(db.pool, farm, 1);
    const projectId = (await api(farm, key, 'POST', '/projects', { name: 'Edited' })).body.id;
    const created = await api(
      farm,
      key,
      'POST',
      '/designs/import/json',
      corpusPayload('starter.json', { kind: 'design', project_uuid: projectId }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const deadline = Date.now() + 120_000;
    let record: Json;
    do {
      await new Promise((r) => setTimeout(r, 250));
      record = (await api(farm, key, 'GET', `/designs/import/json/${created.body.id}`)).body;
    } while (!['DONE', 'FAILED'].includes(record.status) && Date.now() < deadline);
    expect(record.status, JSON.stringify(record)).toBe('DONE');
    designId = record.result.uuid;
    const dynamic = await api(farm, key, 'POST', `/designs/${designId}/dynamic-image-url`, {});
    expect(dynamic.status, JSON.stringify(dynamic.body)).toBe(201);
    dynamicUrl = dynamic.body.formats[0].dynamic_image_url;
  }, 240_000);

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-design-document-e2e.log`);
    await farm?.stop();
    await db?.drop();
  });

  const render = async (): Promise<Buffer> => {
    const res = await api(farm, key, 'POST', `/banner-builder/${designId}/generate`, {
      template_format_name: 'square',
      image_file_type: 'png',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Buffer.from(await (await fetch(res.body.file.url)).arrayBuffer());
  };
  const dynamicImage = async (): Promise<{ bytes: Buffer; cache: string | null }> => {
    const res = await fetch(`${dynamicUrl}?format=png`, { headers: { 'user-agent': 'e2e' } });
    expect(res.status).toBe(200);
    return { bytes: Buffer.from(await res.arrayBuffer()), cache: res.headers.get('x-pressroom-cache') };
  };

  it('moves a layer 40 px: 200, the read shows it under the same id, the render and the dynamic image draw it', async () => {
    const before = await render();
    near(await colourAt(before, LEFT), BADGE, 'render before, left');
    near(await colourAt(before, RIGHT), BACKGROUND, 'render before, right');
    const cachedBefore = await dynamicImage();
    expect((await dynamicImage()).cache).toBe('hit');
    near(await colourAt(cachedBefore.bytes, LEFT), BADGE, 'dynamic image before, left');

    const exported = await api(farm, key, 'GET', `/designs/${designId}/as-import`);
    expect(exported.status).toBe(200);
    const payload = structuredClone(exported.body.payload);
    const badge = payload.layers.find((l: Json) => l.name === 'badge');
    expect(badge.layout.x).toBe(90);
    badge.layout.x += 40;
    const put = await api(farm, key, 'PUT', `/designs/${designId}/document`, payload);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.id).toBe(designId);

    const read = await api(farm, key, 'GET', `/designs/${designId}`);
    expect(read.body.id).toBe(designId);
    expect(read.body.elements.find((e: Json) => e.name === 'badge').layout.square).toEqual({ x: 130, y: 380, width: 900, height: 320 });

    const after = await render();
    near(await colourAt(after, LEFT), BACKGROUND, 'render after, left');
    near(await colourAt(after, RIGHT), BADGE, 'render after, right');

    const dynamicAfter = await dynamicImage();
    expect(dynamicAfter.cache).toBe('miss');
    near(await colourAt(dynamicAfter.bytes, LEFT), BACKGROUND, 'dynamic image after, left');
    near(await colourAt(dynamicAfter.bytes, RIGHT), BADGE, 'dynamic image after, right');
  });
});
