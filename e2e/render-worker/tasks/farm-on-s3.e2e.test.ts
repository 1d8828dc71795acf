// The farm laid out as on separate machines: a control plane, a render worker and a media worker,
// each with its own DATA_DIR and nothing on a shared disk, sharing only DATABASE_URL and one MinIO
// bucket. Answers: do sync and async renders, signed download URLs, imports with uploads and ZIP
// exports all work when the only common ground is Postgres and the bucket?
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { createStorage } from '@pressroom/platform';
import { type MinioServer, minioProcessEnv, startMinio, type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, dumpOutputs, type Farm, type Json, seedExample, startFarm, waitFinal, waitForWorkers } from './testing/farm-processes.js';
import { importAndRenderUploadedPicture } from './testing/uploaded-picture.js';

describe('a farm on MinIO with a data dir per process', () => {
  let db: TestDatabase;
  let minio: MinioServer;
  let farm: Farm;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  const banners: string[] = [];

  beforeAll(async () => {
    db = await testDatabase();
    minio = await startMinio();
    farm = await startFarm({
      databaseUrl: db.url,
      workers: 1,
      mediaWorkers: 1,
      // This test is about where things live, not speed: a render on a machine busy with other
      // work may take longer than the 9 s render deadline and the 10 s sync budget.
      env: { ...minioProcessEnv(minio), RENDER_TIMEOUT_MS: '60000', SYNC_RENDER_TIMEOUT_MS: '60000' },
      separateDataDirs: true,
    });
    // The example's assets go to the bucket, as an import would put them.
    const storage = await createStorage(
      loadControlPlaneConfig({ DATABASE_URL: db.url, DATA_DIR: farm.dataDir, ...minioProcessEnv(minio) }),
      {
        dataDir: farm.dataDir,
        publicBaseUrl: farm.baseUrl,
      },
    );
    try {
      seed = await seedExample(db.pool, 'static-summer-sale.json', storage);
    } finally {
      await storage.stop();
    }
    await waitForWorkers(db.pool, farm, 1);
    // The first render launches Chromium and loads fonts, which on a loaded machine can take the
    // whole 10 s sync budget: warm the worker with an async render, which has no such budget.
    const warm = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
    });
    expect(warm.status, JSON.stringify(warm.body)).toBe(200);
    await waitFinal(farm, seed.key, warm.body.generation_request_id, 120_000);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-farm-on-s3-e2e.log`);
    await farm?.stop();
    await minio?.stop();
    await db?.drop();
  });

  /** A signed URL on the bucket's endpoint that downloads a real image of the format's size. */
  async function expectImageAt(url: string, format: string, size: [number, number]): Promise<void> {
    expect(url.startsWith(`${minio.endpoint}/${minio.bucket}/`), url).toBe(true);
    expect(url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([format, ...size]);
  }

  it('every process has a data dir of its own', () => {
    expect(farm.dataDirs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(farm.dataDirs).size).toBe(farm.dataDirs.length);
  });

  it('a sync render answers a Banner whose signed URL downloads the JPEG from the bucket', async () => {
    const res = await api(farm, seed.key, 'POST', `/banner-builder/${seed.designId}/generate`, {
      template_format_name: 'square',
      elements: { headline: { payload: 'Rendered on S3' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectImageAt(res.body.file.url, 'jpeg', [1080, 1080]);
    banners.push(res.body.id);
    // Read again through the API: the URL is signed afresh and still downloads.
    const read = await api(farm, seed.key, 'GET', `/banners/${res.body.id}`);
    expect(read.status).toBe(200);
    await expectImageAt(read.body.file.url, 'jpeg', [1080, 1080]);
  });

  it('an async render of every format finalises with a downloadable file per format', async () => {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, { image_file_type: 'png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await waitFinal(farm, seed.key, res.body.generation_request_id, 120_000);
    expect(done.errors ?? []).toEqual([]);
    const sizes: Record<string, [number, number]> = { square: [1080, 1080], landscape: [1200, 628], story: [1080, 1920] };
    expect(done.banners.map((b: Json) => b.format.id).sort()).toEqual(Object.keys(sizes).sort());
    for (const b of done.banners) {
      await expectImageAt(b.file.url, 'png', sizes[b.format.id]!);
      banners.push(b.id);
    }
  });

  it('an import with an uploaded picture: presigned form POST to the bucket (204), PUT, DONE, the picture in every format', async () => {
    await importAndRenderUploadedPicture(farm, seed.key, `${minio.endpoint}/${minio.bucket}`);
  });

  it('a ZIP export packs the files from the bucket and its signed URL downloads it', async () => {
    const res = await api(farm, seed.key, 'POST', '/async/banners/export', { ids: banners });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const deadline = Date.now() + 120_000;
    let exp: Json;
    do {
      await new Promise((r) => setTimeout(r, 500));
      exp = (await api(farm, seed.key, 'GET', `/exports/${res.body.export_id}`)).body;
    } while (exp.status === 'pending' && Date.now() < deadline);
    expect(exp.status, JSON.stringify(exp)).toBe('done');
    expect(exp.banner_ids).toEqual(banners);
    expect(exp.archive_url.startsWith(`${minio.endpoint}/${minio.bucket}/`), exp.archive_url).toBe(true);
    const zip = Buffer.from(await (await fetch(exp.archive_url)).arrayBuffer());
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  });

  it('no process wrote an object to its own disk: everything went to the bucket', async () => {
    for (const dir of farm.dataDirs) {
      const entries = await readdir(dir).catch(() => []);
      expect(entries, dir).not.toContain('objects');
    }
  });
});
