// The optional output fields of a render_static job on real Postgres and real storage:
// `output_width` (the worker scales the file down) and `output_key` (the file is stored there and
// no Banner is recorded; the request is finalised instead). Chromium is the sharp stand-in here;
// e2e/control-plane/e2e/dynamic-images.e2e.test.ts runs the real renderer through dynamic images.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProject } from '@pressroom/control-plane/services/projects';
import { createWorkspace } from '@pressroom/control-plane/services/workspaces';
import type { RenderStaticPayload } from '@pressroom/model';
import { isObjectNotFound } from '@pressroom/model';
import {
  createGenerationRequest,
  createLogger,
  createStorage,
  dynamicVariantKey,
  memoryDesignSource,
  recordOutcome,
} from '@pressroom/platform';
import { exampleDesign, type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { loadRenderWorkerConfig } from '@pressroom/render-worker/config';
import type { RenderDeps } from '@pressroom/render-worker/deps';
import { BUNDLED_FONTS_ONLY } from '@pressroom/render-worker/static/render-fonts';
import { renderStaticTask } from '@pressroom/render-worker/static/task';
import { createRenderMetrics } from '@pressroom/render-worker/tasks/metrics';
import { noAnimationRenderer, standInRenderer } from '@pressroom/render-worker/tasks/testing/stand-in-renderer';
import type { JobHelpers } from 'graphile-worker';
import { Registry } from 'prom-client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let db: TestDatabase;
let deps: RenderDeps;
let renders = 0;
let workspaceId: string;
let design: Awaited<ReturnType<typeof exampleDesign>>;
const helpers = { job: { id: '1', attempts: 1, max_attempts: 3 }, abortSignal: new AbortController().signal } as unknown as JobHelpers;

beforeAll(async () => {
  db = await testDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-render-output-'));
  const env = { DATABASE_URL: db.url, LOG_LEVEL: 'silent', DATA_DIR: dataDir };
  const config = loadRenderWorkerConfig(env);
  const storage = await createStorage(config, { publicBaseUrl: 'http://localhost:8080', dataDir });
  workspaceId = (await createWorkspace(db.pool, { name: 'Acme', plan: 'pro', credits: 50, aiCredits: 0 })).id;
  const projectId = (await createProject(db.pool, workspaceId, 'Campaigns'))!.id;
  design = await exampleDesign('static-summer-sale.json', { workspaceId, projectId });
  const metrics = new Registry();
  deps = {
    config,
    db: db.pool,
    storage,
    logger: createLogger('test', 'silent'),
    metrics,
    renderMetrics: createRenderMetrics(metrics),
    designs: memoryDesignSource([design]),
    render: standInRenderer({ onRender: () => renders++ }),
    animation: noAnimationRenderer(),
    fonts: BUNDLED_FONTS_ONLY,
    gate: null,
  };
});

afterAll(async () => {
  await db?.drop();
});

/** A paid-for sync request of one file and its job payload. */
async function job(fields: Partial<RenderStaticPayload>): Promise<RenderStaticPayload> {
  const requestId = await createGenerationRequest(db.pool, {
    workspaceId,
    designId: design.id,
    kind: 'sync',
    callbackUrl: null,
    fileType: 'png',
    expectedFiles: 1,
    creditPerFile: 1,
  });
  return {
    v: 1,
    generation_request_id: requestId,
    banner_id: randomUUID(),
    workspace_id: workspaceId,
    design_id: design.id,
    format_name: 'square',
    file_type: 'png',
    overrides: { layers: {}, vars: {} },
    priority: 'sync',
    enqueued_at: Date.now(),
    ...fields,
  };
}

async function state(requestId: string) {
  const { rows } = await db.pool.query<{ banners: number; errors: number; finalized: boolean }>(
    `SELECT (SELECT count(*)::int FROM banners WHERE generation_request_id = $1) AS banners,
            (SELECT count(*)::int FROM generation_errors WHERE generation_request_id = $1) AS errors,
            (SELECT is_finalized FROM generation_requests WHERE id = $1) AS finalized`,
    [requestId],
  );
  return rows[0]!;
}

describe('render_static output fields', () => {
  it('output_width: the worker scales the file down (aspect kept) and the Banner records its size', async () => {
    const payload = await job({ output_width: 270 });
    await renderStaticTask(deps)(payload, helpers);
    const { rows } = await db.pool.query<{ width: number; height: number; storage_key: string }>(
      'SELECT width, height, storage_key FROM banners WHERE generation_request_id = $1',
      [payload.generation_request_id],
    );
    expect([rows[0]!.width, rows[0]!.height]).toEqual([270, 270]);
    expect(await sharp(await deps.storage.get(rows[0]!.storage_key)).metadata()).toMatchObject({ width: 270, height: 270 });
  });

  it('output_key: the file is stored at the key, no Banner is recorded, the request is finalised; a re-run renders nothing', async () => {
    const key = dynamicVariantKey(workspaceId, design.id, 'a'.repeat(64), 'png');
    const payload = await job({ output_key: key, output_width: 100 });
    const before = renders;
    await renderStaticTask(deps)(payload, helpers);
    expect(renders).toBe(before + 1);
    expect(await state(payload.generation_request_id)).toEqual({ banners: 0, errors: 0, finalized: true });
    expect(await sharp(await deps.storage.get(key)).metadata()).toMatchObject({ format: 'png', width: 100, height: 100 });

    // At least once: a second run of the same job (a worker died before marking it done) only
    // re-notifies, and a late failure cannot be recorded on the finished request.
    await renderStaticTask(deps)(payload, helpers);
    expect(renders).toBe(before + 1);
    const late = await recordOutcome(
      db.pool,
      payload.generation_request_id,
      { kind: 'error', formatName: 'square', errorId: 'internal_server_error', reason: 'late' },
      deps.storage,
    );
    expect(late).toEqual({ recorded: false, finalized: false });
    expect(await state(payload.generation_request_id)).toEqual({ banners: 0, errors: 0, finalized: true });
  });

  it('output_key outside the dynamic images of the job workspace is refused: nothing stored, an error recorded', async () => {
    const elsewhere = dynamicVariantKey(randomUUID(), design.id, 'b'.repeat(64), 'png');
    const payload = await job({ output_key: elsewhere });
    const before = renders;
    await renderStaticTask(deps)(payload, helpers);
    expect(renders).toBe(before);
    expect(await state(payload.generation_request_id)).toEqual({ banners: 0, errors: 1, finalized: true });
    await expect(deps.storage.get(elsewhere)).rejects.toSatisfy(isObjectNotFound);
  });
});
