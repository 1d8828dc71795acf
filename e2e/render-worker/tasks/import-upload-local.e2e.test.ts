// Question: on the local storage driver, does an import whose image is a bare upload complete
// through the farm's own presigned form POST, the PUT and DONE, and is the uploaded picture drawn
// in every format? (#21.3; the same path on MinIO is in farm-on-s3.e2e.test.ts)
import { tmpdir } from 'node:os';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, dumpOutputs, type Farm, type Json, seedExample, startFarm, waitForWorkers } from './testing/farm-processes.js';
import { importAndRenderUploadedPicture, waitForImportRecord } from './testing/uploaded-picture.js';

describe('an import with an uploaded picture, on the local storage driver', () => {
  let db: TestDatabase;
  let farm: Farm;
  let key: string;

  beforeAll(async () => {
    db = await testDatabase();
    farm = await startFarm({ databaseUrl: db.url, workers: 1, env: { RENDER_TIMEOUT_MS: '60000', SYNC_RENDER_TIMEOUT_MS: '60000' } });
    key = (await seedExample(db.pool, 'static-summer-sale.json')).key;
    await waitForWorkers(db.pool, farm, 1);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-import-upload-local-e2e.log`);
    await farm?.stop();
    await db?.drop();
  });

  it('fills the slot by the farm form POST (204), validates, reaches DONE and draws the picture in every format', async () => {
    await importAndRenderUploadedPicture(farm, key, `${farm.baseUrl}/uploads`);
  });

  /** The one raw payload of this test: a long text that cannot fit its small box even at min_font_size. */
  const tooLongText = (projectId: string) => ({
    name: 'Does not fit',
    type: 'static',
    formats: [{ name: 'square', width: 300, height: 300, background_color: '#ffffff' }],
    layers: [
      {
        name: 'title',
        type: 'text',
        layout: { x: 10, y: 10, width: 80, height: 30 },
        properties: {
          payload: 'A sentence far too long for this little box. '.repeat(8),
          font: 'Inter',
          font_size: 40,
          auto_resize: true,
          min_font_size: 30,
        },
      },
    ],
    target: { kind: 'design', project_uuid: projectId },
  });

  it('a text Chromium cannot fit is text_fit_failed: a warning, or the failure under ?strict=true', async () => {
    const project = (await api(farm, key, 'POST', '/projects', { name: 'Fit' })).body;
    const finish = async (query: string): Promise<Json> => {
      const created = await api(farm, key, 'POST', `/designs/import/json${query}`, tooLongText(project.id));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.status).toBe('QUEUED');
      return waitForImportRecord(farm, key, created.body.id);
    };
    const lax = await finish('');
    expect(lax.status, JSON.stringify(lax)).toBe('DONE');
    expect(lax.warnings).toContainEqual(expect.objectContaining({ code: 'text_fit_failed', layer: 'title' }));
    const strict = await finish('?strict=true');
    expect(strict).toMatchObject({ status: 'FAILED', error: { code: 'text_fit_failed', path: 'layers[0].properties.font_size' } });
  });
});
