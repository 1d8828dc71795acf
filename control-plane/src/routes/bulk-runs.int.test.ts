import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { finishBulkRun, memoryDesignSource, pumpBulkRun, readCredits, recordOutcome } from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { createKey, createWorkspace } from '../services/workspaces.js';

/** The bulk-run API on real Postgres (docs/bulk.md): create, validate, limits, credits, idempotency, the runner's step, cancel. */
describe('bulk runs, on real Postgres', () => {
  let h: Harness;
  let app: FastifyInstance;
  let ws: { id: string; key: string };
  let designId: string;
  const designs = memoryDesignSource([]);

  const csv = (text: string, bom = true) =>
    Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]).toString('base64');
  const create = (body: unknown, options: { key?: string; query?: string; idem?: string; design?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: `/designs/${options.design ?? designId}/bulk-runs${options.query ?? ''}`,
      payload: body as object,
      headers: { 'x-api-key': options.key ?? ws.key, ...(options.idem ? { 'idempotency-key': options.idem } : {}) },
    });
  const get = (url: string, key = ws.key) => app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  const runsOf = async (workspaceId: string) =>
    (await h.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bulk_runs WHERE workspace_id = $1', [workspaceId])).rows[0]!.n;

  async function freshWorkspace(credits: number) {
    const w = await createWorkspace(h.db.pool, { name: `W${credits}`, plan: 'pro', credits, aiCredits: 0 });
    const project = (
      await h.db.pool.query<{ id: string }>(`INSERT INTO projects (workspace_id, name) VALUES ($1, 'P') RETURNING id`, [w.id])
    ).rows[0]!.id;
    const design = await exampleDesign('static-summer-sale.json', { workspaceId: w.id, projectId: project });
    designs.add(design);
    return { id: w.id, key: await createKey(h.db.pool, w.id), designId: design.id };
  }

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000', RATE_LIMIT_WRITE_PER_MINUTE: '1000' });
    app = await h.build({}, h.db.pool, designs);
    const w = await freshWorkspace(100);
    ws = w;
    designId = w.designId;
  });
  afterAll(() => h.close());

  it('validate_only reads a UTF-8 CSV with a BOM and a quoted newline, maps its columns and charges nothing', async () => {
    const sheet = 'headline.payload,subline.payload,note,_file_name\r\n"Hello","two\nlines",x,first\r\nBye,,y,second\r\n';
    const res = await create(
      { source: { type: 'csv', csv_encoded: csv(sheet) }, mapping: { note: null }, formats: ['square'] },
      { query: '?validate_only=true' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      row_count: 2,
      file_count: 2,
      columns: { 'headline.payload': 'headline.payload', 'subline.payload': 'subline.payload', note: null, _file_name: '_file_name' },
      credits_needed: 2,
      preview_rows: [
        {
          template_format_names: ['square'],
          image_file_type: 'jpeg',
          elements: { headline: { payload: 'Hello' }, subline: { payload: 'two\nlines' } },
        },
        { template_format_names: ['square'], image_file_type: 'jpeg', elements: { headline: { payload: 'Bye' } } },
      ],
      version: expect.stringMatching(/^v\d{4}-\d{2}-\d{2}$/),
    });
    expect(await runsOf(ws.id)).toBe(0);
  });

  it('reads UTF-16LE tab-separated text as Excel writes it', async () => {
    const text = 'headline.payload\t_format\r\nÉté\tsquare|story\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]).toString('base64');
    const res = await create({ source: { type: 'csv', csv_encoded: utf16 } }, { query: '?validate_only=true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      row_count: 1,
      file_count: 2,
      columns: { 'headline.payload': 'headline.payload', _format: '_format' },
    });
  });

  it('names the row, the line and the column of each bad cell: a bad colour, a value out of range, an unknown format', async () => {
    const sheet =
      'headline.payload,headline.color,headline.font_size,_format\nA,#ff0000,40,square\nB,not-a-colour,40,square\nC,#00ff00,-5,square\nD,#00ff00,40,nope\n';
    const res = await create({ source: { type: 'csv', csv_encoded: csv(sheet) } });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(paths).toContain('rows[1].headline.color');
    expect(paths).toContain('rows[2].headline.font_size');
    expect(paths).toContain('rows[3]._format');
    expect(body.errors.find((e: { path: string }) => e.path === 'rows[1].headline.color').message).toMatch(
      /^line 3, column "headline.color"/,
    );
    expect(body.id).toBe('invalid_payload');
    expect(await runsOf(ws.id)).toBe(0);
  });

  it('refuses a media URL only a forbidden address answers, at its row and column, as a generation would', async () => {
    const rows = [{ 'hero-photo.image_url': 'https://example.com/a.png' }, { 'hero-photo.image_url': 'https://127.0.0.1/b.png' }];
    const res = await create({ source: { type: 'rows', rows }, formats: ['square'] }, { query: '?validate_only=true' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ id: 'image_fetching_error', errors: [{ path: 'rows[1].hero-photo.image_url' }] });
  });

  it('refuses unknown layer and property columns at the column, before any row', async () => {
    const res = await create({ source: { type: 'rows', rows: [{ 'nope.payload': 'x', 'headline.wingspan': 'y', loose: 1 }] } });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['columns.headline.wingspan', 'columns.loose', 'columns.nope.payload']);
  });

  it('refuses an empty sheet, a header with no rows, more than 10,000 rows (naming the limit) and a sheet over 20 MB', async () => {
    expect((await create({ source: { type: 'csv', csv_encoded: csv('', false) } })).json()).toMatchObject({ id: 'invalid_payload' });
    const headerOnly = await create({ source: { type: 'csv', csv_encoded: csv('headline.payload\n') } });
    expect([headerOnly.statusCode, headerOnly.json().errors[0].path]).toEqual([400, 'source']);
    const many = `headline.payload\n${'x\n'.repeat(10_001)}`;
    const tooMany = await create({ source: { type: 'csv', csv_encoded: csv(many) } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ id: 'out_of_range', errors: [{ path: 'source', code: 'out_of_range' }] });
    expect(tooMany.json().message).toContain('10000');
    const big = Buffer.alloc(21 * 1024 * 1024, 'a').toString('base64');
    const tooBig = await create({ source: { type: 'csv', csv_encoded: big } });
    expect([tooBig.statusCode, tooBig.json().id]).toEqual([413, 'payload_too_large']);
    expect(await runsOf(ws.id)).toBe(0);
  });

  it('refuses a run the workspace cannot pay for, up front: 429, no run, no credit spent', async () => {
    const poor = await freshWorkspace(3);
    const rows = Array.from({ length: 4 }, (_, i) => ({ 'headline.payload': `Row ${i}` }));
    const res = await create({ source: { type: 'rows', rows }, formats: ['square'] }, { key: poor.key, design: poor.designId });
    expect([res.statusCode, res.json().id]).toEqual([429, 'rate_limit_exceeded']);
    expect(res.json().message).toContain('4 generation credits');
    expect(await runsOf(poor.id)).toBe(0);
    expect((await readCredits(h.db.pool, poor.id)).generation.available).toBe(3);
  });

  it('creates a run (202), answers the same run for a retried Idempotency-Key, and 409 for the key with another body', async () => {
    const body = {
      source: { type: 'rows', rows: [{ 'headline.payload': 'A' }, { 'headline.payload': 'B' }] },
      formats: ['square', 'story'],
    };
    const first = await create(body, { idem: 'retry-me' });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({
      status: 'queued',
      row_count: 2,
      file_count: 4,
      rows: { done: 0, failed: 0, pending: 2 },
      finished_at_ts: null,
      result_csv_url: null,
      archive_url: null,
    });
    const again = await create(body, { idem: 'retry-me' });
    expect([again.statusCode, again.json().id]).toEqual([200, first.json().id]);
    const other = await create({ ...body, formats: ['square'] }, { idem: 'retry-me' });
    expect([other.statusCode, other.json().id]).toEqual([409, 'idempotency_key_reused']);
    const list = await get(`/bulk-runs?design_id=${designId}`);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json().map((r: { id: string }) => r.id)).toEqual([first.json().id]);
    expect((await get(`/bulk-runs/${first.json().id}`)).json().id).toBe(first.json().id);
    const stranger = await freshWorkspace(10);
    expect((await get(`/bulk-runs/${first.json().id}`, stranger.key)).json().id).toBe('bulk_run_not_found');
    expect((await get(`/bulk-runs/${first.json().id}/results.csv`)).json().id).toBe('bulk_run_not_finished');
  });

  it('the runner starts rows at its pace, charging per file; cancel stops the rest, uncharged', async () => {
    const w = await freshWorkspace(50);
    const rows = Array.from({ length: 10 }, (_, i) => ({ 'headline.payload': `Row ${i}` }));
    const res = await create({ source: { type: 'rows', rows }, formats: ['square'] }, { key: w.key, design: w.designId });
    expect(res.statusCode, res.body).toBe(202);
    const runId = res.json().id as string;
    expect((await readCredits(h.db.pool, w.id)).generation.available).toBe(50);

    const step = await pumpBulkRun(h.db.pool, runId, { window: 4, intervalMs: 1000 });
    expect(step).toEqual({ kind: 'again', started: 4, failed: 0 });
    expect((await readCredits(h.db.pool, w.id)).generation.available).toBe(46);
    const jobs = await h.db.pool.query<{ priority: number; payload: { bulk_run_id: string; file_name: string } }>(
      `SELECT j.priority, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'render_static' AND j.payload->>'bulk_run_id' = $1 ORDER BY j.payload->>'file_name'`,
      [runId],
    );
    expect(jobs.rows.map((j) => [j.priority, j.payload.file_name])).toEqual([
      [10, 'row-00001'],
      [10, 'row-00002'],
      [10, 'row-00003'],
      [10, 'row-00004'],
    ]);
    // The window is full: the next step starts nothing.
    expect(await pumpBulkRun(h.db.pool, runId, { window: 4, intervalMs: 1000 })).toEqual({ kind: 'again', started: 0, failed: 0 });

    const cancelled = await app.inject({ method: 'POST', url: `/bulk-runs/${runId}/cancel`, headers: { 'x-api-key': w.key } });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', rows: { done: 0, failed: 6, pending: 4 } });
    expect(await pumpBulkRun(h.db.pool, runId, { window: 4, intervalMs: 1000 })).toEqual({ kind: 'again', started: 0, failed: 0 });
    expect((await readCredits(h.db.pool, w.id)).generation.available).toBe(46);

    // The open rows end (here as failed files, which refund their credits); then the run ends.
    const open = await h.db.pool.query<{ generation_request_id: string }>(
      `SELECT generation_request_id FROM bulk_rows WHERE run_id = $1 AND status = 'queued'`,
      [runId],
    );
    for (const { generation_request_id: id } of open.rows)
      await recordOutcome(
        h.db.pool,
        id,
        { kind: 'error', formatName: 'square', errorId: 'cannot_build_banner', reason: 'test' },
        h.storage,
      );
    expect((await readCredits(h.db.pool, w.id)).generation.available).toBe(50);
    expect(await pumpBulkRun(h.db.pool, runId, { window: 4, intervalMs: 1000 })).toEqual({ kind: 'finish' });
    expect(await finishBulkRun(h.db.pool, h.storage, runId)).toBe('finished');
    const ended = (await get(`/bulk-runs/${runId}`, w.key)).json();
    expect(ended).toMatchObject({ status: 'cancelled', rows: { done: 0, failed: 10, pending: 0 }, export_id: null, archive_url: null });
    expect(ended.finished_at_ts).toEqual(expect.any(Number));
    const results = await get(`/bulk-runs/${runId}/results.csv`, w.key);
    expect(results.statusCode).toBe(200);
    const lines = results.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('headline.payload,_status,_error,_file_url');
    expect(lines[1]).toBe('Row 0,failed,square: test,');
    expect(lines[10]).toBe('Row 9,cancelled,,');
    const events = await h.db.pool.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM webhook_events WHERE workspace_id = $1 AND event_type = 'BULK_RUN_FINISHED'`,
      [w.id],
    );
    expect(events.rows.map((e) => e.payload)).toEqual([
      {
        event_type: 'BULK_RUN_FINISHED',
        bulk_run_id: runId,
        status: 'cancelled',
        rows: { done: 0, failed: 10, pending: 0 },
        result_csv_url: expect.any(String),
        archive_url: null,
      },
    ]);
  });

  it('MCP: start_bulk_run takes design_id and rows, get_bulk_run polls the run; a bad row is a tool error at rows[i]', async () => {
    const w = await freshWorkspace(20);
    const mcpApp = await h.build({}, h.db.pool, designs);
    const url = await mcpApp.listen({ port: 0, host: '127.0.0.1' });
    const client = new Client({ name: 'bulk-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'x-api-key': w.key } } }));
    try {
      const { tools } = await client.listTools();
      const start = tools.find((t) => t.name === 'start_bulk_run')!;
      expect(start.inputSchema.required).toEqual(['design_id', 'rows']);
      expect(Object.keys(start.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['mapping', 'formats', 'image_file_type']));
      const call = async (name: string, args: Record<string, unknown>) =>
        (await client.callTool({ name, arguments: args })) as CallToolResult;
      const started = await call('start_bulk_run', {
        design_id: w.designId,
        rows: [{ title: 'One', _file_name: 'one' }, { title: 'Two' }],
        mapping: { title: 'headline.payload' },
        formats: ['square'],
      });
      expect(started.isError, JSON.stringify(started.structuredContent)).toBeFalsy();
      expect(started.structuredContent).toMatchObject({ status: 'queued', row_count: 2, file_count: 2 });
      const polled = await call('get_bulk_run', { id: (started.structuredContent as { id: string }).id });
      expect(polled.structuredContent).toMatchObject({ id: (started.structuredContent as { id: string }).id, rows: { pending: 2 } });
      const bad = await call('start_bulk_run', { design_id: w.designId, rows: [{ 'headline.color': 'nope' }] });
      expect(bad.isError).toBe(true);
      expect(bad.structuredContent).toMatchObject({ errors: [{ path: 'rows[0].headline.color' }] });
    } finally {
      await client.close();
    }
  });
});
