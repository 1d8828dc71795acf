// A render that started before `PUT /designs/<id>/document` finishes with the document it loaded;
// the next render draws the new one. The render is held mid-way (after its job loaded the design,
// inside the renderer) by a gate the test opens once the PUT has answered: no sleeps, no timing.
// Real Postgres, real storage, graphile-worker and the render_static task; the renderer is a
// stand-in that paints the format's background colour (the e2e tier runs Chromium).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importDocument } from '@pressroom/control-plane';
import { buildApp } from '@pressroom/control-plane/app';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { createProject } from '@pressroom/control-plane/services/projects';
import { createKey, createWorkspace } from '@pressroom/control-plane/services/workspaces';
import {
  createLogger,
  createMetricsRegistry,
  createStorage,
  type ObjectStorage,
  sqlDesignSource,
  startWorkerRuntime,
  type WorkerRuntime,
} from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { loadRenderWorkerConfig } from '@pressroom/render-worker/config';
import type { StaticRenderer } from '@pressroom/render-worker/static/pipeline';
import { BUNDLED_FONTS_ONLY } from '@pressroom/render-worker/static/render-fonts';
import { renderTaskList } from '@pressroom/render-worker/tasks/index';
import { createRenderMetrics } from '@pressroom/render-worker/tasks/metrics';
import { noAnimationRenderer } from '@pressroom/render-worker/tasks/testing/stand-in-renderer';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, startDesignWorker, waitForImport } from '../../control-plane/design-worker.js';
import { corpusPayload } from '../../control-plane/import-corpus/corpus.js';

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

/** A promise with its resolver outside. */
function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Paints the format's background colour. While `hold` is set, a render announces it has started
 * (with the design it was given) and waits for the gate before drawing.
 */
function gatedRenderer(): StaticRenderer & { hold(): { started: Promise<void>; open(): void } } {
  let held: { started: Deferred; gate: Deferred } | null = null;
  const render: StaticRenderer = async (input) => {
    const h = held;
    if (h) {
      held = null;
      h.started.resolve();
      await h.gate.promise;
    }
    const format = input.design.formats.find((f) => f.name === input.formatName)!;
    const bytes = await sharp({
      create: { width: format.width, height: format.height, channels: 3, background: format.background_color ?? '#ffffff' },
    })
      .png()
      .toBuffer();
    const timings = { fetch: 0, layout: 0, update: 0, fit: 0, capture: 0, encode: 0 };
    return { bytes, contentType: 'image/png', width: format.width, height: format.height, timings, warm: null };
  };
  return Object.assign(render, {
    hold() {
      const h = { started: deferred(), gate: deferred() };
      held = h;
      return { started: h.started.promise, open: () => h.gate.resolve() };
    },
  });
}

describe('a render in flight during PUT /designs/<id>/document', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let storage: ObjectStorage;
  let renderWorker: WorkerRuntime;
  let designWorker: WorkerRuntime;
  const renderer = gatedRenderer();
  const ws = { id: '', key: '' };
  let designId: string;

  beforeAll(async () => {
    db = await testDatabase();
    const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-inflight-'));
    const env = { DATABASE_URL: db.url, LOG_LEVEL: 'silent', DATA_DIR: dataDir, SYNC_RENDER_TIMEOUT_MS: '60000' };
    const config = loadControlPlaneConfig(env);
    storage = await createStorage(config, { publicBaseUrl: 'http://localhost:8080', dataDir });
    const logger = createLogger('test', 'silent');
    app = await buildApp({
      config,
      db: db.pool,
      logger,
      metrics: createMetricsRegistry('control-plane'),
      publicBaseUrl: 'http://localhost:8080',
      storage,
    });
    await app.ready();
    const w = await createWorkspace(db.pool, { name: 'Acme', plan: 'pro', credits: 50, aiCredits: 0 });
    ws.id = w.id;
    ws.key = await createKey(db.pool, w.id);
    const projectId = (await createProject(db.pool, w.id, 'Campaigns'))!.id;

    designWorker = await startDesignWorker(db.pool, storage);
    const { target: _t, ...starter } = corpusPayload('starter.json', { kind: 'design', project_uuid: projectId });
    const importId = await importDocument(db.pool, storage, ws.id, {
      json: starter,
      baseDir: dataDir,
      target: { kind: 'design', project_uuid: projectId },
    });
    designId = ((await waitForImport(app, ws.key, importId)).result as { uuid: string }).uuid;

    const metrics = new Registry();
    renderWorker = await startWorkerRuntime({
      role: 'render-worker',
      db: db.pool,
      taskList: renderTaskList({
        config: loadRenderWorkerConfig(env),
        db: db.pool,
        storage,
        logger,
        metrics,
        renderMetrics: createRenderMetrics(metrics),
        designs: sqlDesignSource,
        render: renderer,
        animation: noAnimationRenderer(),
        fonts: BUNDLED_FONTS_ONLY,
        gate: null,
      }),
      concurrency: 2,
      logger,
      metrics,
      pollIntervalMs: 200,
    });
  });

  afterAll(async () => {
    await renderWorker?.stop();
    await designWorker?.stop();
    await app?.close();
    await db?.drop();
  });

  const generate = () =>
    app.inject({
      method: 'POST',
      url: `/banner-builder/${designId}/generate`,
      headers: headers(ws.key),
      payload: { template_format_name: 'square', image_file_type: 'png' },
    });
  const colourOf = async (res: Awaited<ReturnType<typeof generate>>) => {
    expect(res.statusCode, res.body).toBe(200);
    const key = new URL(res.json().file.url as string).pathname.replace(/^\/files\//, '');
    const { data } = await sharp(await storage.get(decodeURIComponent(key)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return `#${[...data.subarray(0, 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  };

  it('finishes with the version it loaded; the next render has the new document', async () => {
    const exported = (await app.inject({ method: 'GET', url: `/designs/${designId}/as-import`, headers: headers(ws.key) })).json().payload;
    const held = renderer.hold();
    const inFlight = generate();
    // The job has loaded the design and is inside the renderer.
    await held.started;
    const blue = { ...exported, formats: [{ ...exported.formats[0], background_color: '#0000FF' }] };
    const put = await app.inject({ method: 'PUT', url: `/designs/${designId}/document`, headers: headers(ws.key), payload: blue });
    expect(put.statusCode, put.body).toBe(200);
    held.open();
    expect(await colourOf(await inFlight)).toBe('#0a363a');
    expect(await colourOf(await generate())).toBe('#0000ff');
  });
});
