// Question: on the local storage driver, does an import whose image is a bare upload complete
// through the farm's own presigned form POST, the PUT and DONE, and is the uploaded picture drawn
// in every format? (#21.3; the same path on MinIO is in farm-on-s3.e2e.test.ts)
import { tmpdir } from 'node:os';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { dumpOutputs, type Farm, seedExample, startFarm, waitForWorkers } from './testing/farm-processes.js';
import { importAndRenderUploadedPicture } from './testing/uploaded-picture.js';

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
});
