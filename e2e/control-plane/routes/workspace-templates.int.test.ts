import { importDocument } from '@pressroom/control-plane';
import { createCategory } from '@pressroom/control-plane/services/templates';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import type { WorkerRuntime } from '@pressroom/platform';
import { EXAMPLE_ASSETS_DIR, loadExampleDocuments } from '@pressroom/platform';
import { until } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, solidPreview, startDesignWorker, waitForImport } from '../design-worker.js';

describe('workspace templates and duplication, on real Postgres and real storage', () => {
  let h: Harness;
  let app: FastifyInstance;
  let worker: WorkerRuntime;
  let ws: { id: string; key: string };
  let other: { id: string; key: string };
  let projectId: string;
  let categoryId: string;
  let categorised: string;
  let root: string;
  const get = (url: string, key = ws.key) => app.inject({ method: 'GET', url, headers: headers(key) });
  const use = (id: string, body: unknown, key = ws.key) =>
    app.inject({ method: 'POST', url: `/workspace-templates/${id}/use`, payload: body as object, headers: headers(key) });

  async function waitForDuplication(id: string): Promise<Record<string, unknown>> {
    const seen = new Set<string>();
    const body = await until(
      `duplication ${id} to end`,
      async () => {
        const answer = (await get(`/design-duplication-requests/${id}`)).json();
        seen.add(answer.status);
        return (answer.status === 'COMPLETED' || answer.status === 'ERROR') && answer;
      },
      { timeoutMs: 20_000, detail: () => `seen ${[...seen].join(', ')}` },
    );
    return { ...body, seen: [...seen] };
  }

  beforeAll(async () => {
    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
      RATE_LIMIT_POLLING_PER_MINUTE: '100000',
      RATE_LIMIT_POLLING_PER_HOUR: '100000',
    });
    app = await h.build();
    ws = await h.workspace();
    other = await h.workspace('pro', 'Other');
    projectId = (await app.inject({ method: 'POST', url: '/projects', payload: { name: 'Target' }, headers: headers(ws.key) })).json().id;
    categoryId = (await createCategory(h.db.pool, ws.id, { name: 'Brand', color: '#4F46E5', icon: 'star' })).id;
    worker = await startDesignWorker(h.db.pool, h.storage, solidPreview);
    const examples = loadExampleDocuments();
    const a = await importDocument(h.db.pool, h.storage, ws.id, {
      json: examples.find((e) => e.file === 'static-summer-sale.json')!.json,
      baseDir: EXAMPLE_ASSETS_DIR,
      target: { kind: 'workspace_template', category_id: categoryId },
    });
    const b = await importDocument(h.db.pool, h.storage, ws.id, {
      json: examples.find((e) => e.file === 'printer-cafe-flyer.json')!.json,
      baseDir: EXAMPLE_ASSETS_DIR,
      target: { kind: 'workspace_template' },
    });
    categorised = ((await waitForImport(app, ws.key, a)).result as { uuid: string }).uuid;
    root = ((await waitForImport(app, ws.key, b)).result as { uuid: string }).uuid;
  });
  afterAll(async () => {
    await worker.stop();
    await h.close();
  });

  it('lists templates with category and preview; filters by category and type; ignores an unknown type', async () => {
    const all = (await get('/workspace-templates')).json();
    expect(all).toHaveLength(2);
    const t = all.find((x: { id: string }) => x.id === categorised);
    expect(t).toMatchObject({
      type: 'static',
      category_id: categoryId,
      category_name: 'Brand',
      preview_url: expect.stringContaining('/files/'),
    });
    // The printer preview was not drawn (no print renderer), yet its URL is always present.
    expect(all.find((x: { id: string }) => x.id === root)).toMatchObject({
      category_id: null,
      category_name: null,
      preview_url: expect.any(String),
    });
    expect((await get(`/workspace-templates?category_id=${categoryId}`)).json().map((x: { id: string }) => x.id)).toEqual([categorised]);
    expect((await get('/workspace-templates?type=printer')).json().map((x: { id: string }) => x.id)).toEqual([root]);
    expect((await get('/workspace-templates?type=hologram')).json()).toHaveLength(2);
    const bad = await get('/workspace-templates?category_id=brand');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'category_id' }] });
    expect((await get('/workspace-templates', other.key)).json()).toEqual([]);
    expect((await get('/designs')).json()).toEqual([]);
  });

  it('lists categories', async () => {
    expect((await get('/workspace-template-categories')).json()).toEqual([
      { id: categoryId, name: 'Brand', color: '#4F46E5', icon: 'star', created_at: expect.any(Number) },
    ]);
    expect((await get('/workspace-template-categories', other.key)).json()).toEqual([]);
  });

  it('duplicates a template into a project as a job: INIT → IN_PROGRESS → COMPLETED, copy readable as a design', async () => {
    const res = await use(categorised, { project_id: projectId, name: 'Holiday copy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ duplication_request_id: expect.any(String), version: expect.any(String) });
    const done = await waitForDuplication(res.json().duplication_request_id);
    expect(done).toMatchObject({
      request_id: res.json().duplication_request_id,
      status: 'COMPLETED',
      created_at_ts: expect.any(Number),
      completed_at_ts: expect.any(Number),
      errored_at_ts: null,
      target_project: { id: projectId, name: 'Target', created_at_ts: expect.any(Number) },
      designs: [{ original_design_id: categorised, target_design_id: expect.any(String), target_design_name: 'Holiday copy' }],
    });
    const copyId = (done.designs as { target_design_id: string }[])[0]!.target_design_id;
    const copy = (await get(`/designs/${copyId}`)).json();
    expect(copy).toMatchObject({ id: copyId, name: 'Holiday copy', project_id: projectId, type: 'static' });
    expect(copy.formats[0].preview_url).toContain(`/designs/${copyId}/previews/`);
    // The template is untouched and still not a design.
    expect((await get('/workspace-templates')).json()).toHaveLength(2);
    expect((await get(`/designs/${categorised}`)).json().id).toBe('template_not_found');
  });

  it('ends in ERROR when the template is deleted before the job runs', async () => {
    await worker.stop();
    const res = await use(root, { project_id: projectId });
    expect((await get(`/design-duplication-requests/${res.json().duplication_request_id}`)).json().status).toBe('INIT');
    await h.db.pool.query(`UPDATE designs SET status = 'DELETED', deleted_at = now() WHERE id = $1`, [root]);
    worker = await startDesignWorker(h.db.pool, h.storage, solidPreview);
    const done = await waitForDuplication(res.json().duplication_request_id);
    expect(done).toMatchObject({ status: 'ERROR', errored_at_ts: expect.any(Number), designs: [] });
    await h.db.pool.query(`UPDATE designs SET status = 'CREATED', deleted_at = NULL WHERE id = $1`, [root]);
  });

  it('refuses unknown templates and projects; 404 and 410 on the request', async () => {
    expect((await use('00000000-0000-4000-8000-000000000000', { project_id: projectId })).json().id).toBe('workspace_template_not_found');
    expect((await use(categorised, { project_id: projectId }, other.key)).json().id).toBe('workspace_template_not_found');
    expect((await use(categorised, {})).json()).toMatchObject({ id: 'missing_required', errors: [{ path: 'project_id' }] });
    const p = await use(categorised, { project_id: '00000000-0000-4000-8000-000000000000' });
    expect(p.statusCode).toBe(400);
    expect(p.json().id).toBe('project_not_found');
    expect((await use('nope', { project_id: projectId })).json().id).toBe('endpoint_not_found');

    const missing = await get('/design-duplication-requests/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().id).toBe('duplication_request_not_found');
    const res = await use(categorised, { project_id: projectId });
    const id = res.json().duplication_request_id;
    expect((await get(`/design-duplication-requests/${id}`, other.key)).json().id).toBe('duplication_request_not_found');
    await h.db.pool.query(`UPDATE design_duplication_requests SET created_at = now() - interval '7 days 1 minute' WHERE id = $1`, [id]);
    const gone = await get(`/design-duplication-requests/${id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().id).toBe('duplication_request_gone');
  });
});
