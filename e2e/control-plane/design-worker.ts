// Test-only helpers shared by the designs, imports and workspace-template integration tests:
// a real graphile-worker running the design jobs, uploads through the presigned URLs, polling.

import { importDocument } from '@pressroom/control-plane';
import type { UploadSlot } from '@pressroom/control-plane/services/imports';
import type { ObjectStorage } from '@pressroom/platform';
import { createLogger, EXAMPLE_ASSETS_DIR, loadExampleDocuments, startWorkerRuntime, type WorkerRuntime } from '@pressroom/platform';
import { formOf, until } from '@pressroom/platform/testing';
import type { PreviewRenderer } from '@pressroom/render-worker/imports/previews';
import { designTaskList } from '@pressroom/render-worker/imports/tasks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Registry } from 'prom-client';
import sharp from 'sharp';

/** The design jobs on a real worker runtime, as the render worker runs them. */
export async function startDesignWorker(
  db: pg.Pool,
  storage: ObjectStorage,
  preview: PreviewRenderer | null = null,
): Promise<WorkerRuntime> {
  const logger = createLogger('test-worker', (process.env.DESIGN_WORKER_LOG ?? 'silent') as 'silent');
  return startWorkerRuntime({
    role: 'test-design-worker',
    db,
    taskList: designTaskList({ db, storage, logger, preview }),
    concurrency: 1,
    logger,
    metrics: new Registry(),
    pollIntervalMs: 100,
  });
}

/**
 * A stand-in preview renderer for the integration tier (no Chromium there): a PNG of the frame's
 * size in the format's background colour. It exercises storing previews and their URLs; the
 * Chromium renderer itself is tested in the render worker's e2e tier.
 */
export const solidPreview: PreviewRenderer = async (design, frameId) => {
  const f =
    design.type === 'printer_multipage'
      ? { width: 100, height: 140, background_color: null }
      : design.formats.find((x) => x.name === frameId);
  if (!f) throw new Error(`no frame ${frameId}`);
  const hex = /^#[0-9a-f]{6}$/i.test(f.background_color ?? '') ? (f.background_color as string) : '#ffffff';
  return sharp({ create: { width: Math.round(f.width), height: Math.round(f.height), channels: 3, background: hex } })
    .png()
    .toBuffer();
};

export function headers(key: string) {
  return { 'x-api-key': key };
}

/** Fills an upload slot of the local driver (its presigned form POST) through the app that serves it. */
export async function upload(app: FastifyInstance, slot: UploadSlot, bytes: Buffer): Promise<number> {
  const request = new Request('http://local/uploads', { method: 'POST', body: formOf(slot.fields, bytes, slot.name) });
  const res = await app.inject({
    method: 'POST',
    url: new URL(slot.url).pathname,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  });
  return res.statusCode;
}

/** Polls an import until DONE or FAILED. */
export async function waitForImport(app: FastifyInstance, key: string, id: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> = {};
  return until(
    `import ${id} to end`,
    async () => {
      body = (await app.inject({ method: 'GET', url: `/designs/import/json/${id}`, headers: headers(key) })).json();
      return (body.status === 'DONE' || body.status === 'FAILED') && body;
    },
    { timeoutMs, intervalMs: 100, detail: () => `still ${String(body.status)}` },
  );
}

/**
 * Posts an import payload, fills its upload slots from `files` (bytes by file name), validates when
 * there was anything to upload (an import without uploads is QUEUED at once), and waits for the result.
 */
export async function importViaApi(
  app: FastifyInstance,
  key: string,
  body: Record<string, unknown>,
  files: Record<string, Buffer> = {},
  query = '',
): Promise<Record<string, unknown>> {
  const created = await app.inject({ method: 'POST', url: `/designs/import/json${query}`, payload: body, headers: headers(key) });
  if (created.statusCode !== 200) throw new Error(`import refused: ${created.body}`);
  const record = created.json() as { id: string; uploads: UploadSlot[] };
  for (const u of record.uploads) {
    const bytes = files[u.name];
    if (!bytes) throw new Error(`no bytes for ${u.name}`);
    const status = await upload(app, u, bytes);
    if (status !== 204) throw new Error(`upload of ${u.name} answered ${status}`);
  }
  if (record.uploads.length > 0) {
    const put = await app.inject({ method: 'PUT', url: `/designs/import/json/${record.id}`, headers: headers(key) });
    if (put.statusCode !== 200) throw new Error(`validate refused: ${put.body}`);
  }
  return waitForImport(app, key, record.id);
}

/**
 * Imports every example of examples/designs into a project through the import's own code path
 * (a design worker must be running) and returns the design ids by file name.
 */
export async function importExamples(
  app: FastifyInstance,
  db: pg.Pool,
  storage: ObjectStorage,
  ws: { id: string; key: string },
  projectId: string,
): Promise<Map<string, string>> {
  const byFile = new Map<string, string>();
  for (const { file, json } of loadExampleDocuments()) {
    const id = await importDocument(db, storage, ws.id, {
      json,
      baseDir: EXAMPLE_ASSETS_DIR,
      target: { kind: 'design', project_uuid: projectId },
    });
    const done = await waitForImport(app, ws.key, id);
    if (done.status !== 'DONE') throw new Error(`${file} did not import: ${JSON.stringify(done.error)}`);
    byFile.set(file, (done.result as { uuid: string }).uuid);
  }
  return byFile;
}

/** URLs of stored objects are signed at read time; two reads of one object differ only there. */
export function unsign(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\?[^"]*$/, '');
  if (Array.isArray(value)) return value.map(unsign);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unsign(v)]));
  return value;
}
