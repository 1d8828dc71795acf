// Inputs at the edges of the generation contract (docs/generation.md, "Validation, in order"): each is
// refused at its path in the spec's envelope, on every endpoint that takes it (and the MCP tools
// calling them), before anything is queued or charged; or accepted with the effect it says.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readCredits } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithExamples } from '../../test/examples.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let app: FastifyInstance;
let ws = { id: '', key: '' };
let sale = '';
let catalogue = '';

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
  let ids: string[];
  ({ app, ws, ids } = await appWithExamples(h, ['static-summer-sale.json', 'printer-multipage-catalogue.json']));
  [sale = '', catalogue = ''] = ids;
});

afterAll(() => h?.close());

type Answer = { id?: string; errors?: { path: string; code: string; message: string; expected?: unknown; received?: unknown }[] };

async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': ws.key }, payload: payload as object });
  return { status: res.statusCode, body: res.json() as Answer };
}

/** Requests, bulk runs and credits spent by the workspace: none of them may move on a refusal. */
async function footprint(): Promise<unknown> {
  const { rows } = await h.db.pool.query<{ requests: number; runs: number }>(
    `SELECT (SELECT count(*)::int FROM generation_requests WHERE workspace_id = $1) AS requests,
            (SELECT count(*)::int FROM bulk_runs WHERE workspace_id = $1) AS runs`,
    [ws.id],
  );
  return { ...rows[0], credits: (await readCredits(h.db.pool, ws.id)).generation.consumed };
}

const EMPTY_FORMATS = { path: 'template_format_names', code: 'out_of_range', expected: { min: 1 }, received: 0 };

describe('template_format_names: [] (it would render nothing)', () => {
  it.each([
    ['async generate, static design', () => `/async/banner-builder/${sale}/generate`],
    ['async generate, multipage design', () => `/async/banner-builder/${catalogue}/generate`],
  ])('%s: 400 out_of_range at template_format_names; nothing queued or charged', async (_name, url) => {
    const before = await footprint();
    const res = await post(url(), { template_format_names: [] });
    expect([res.status, res.body.id, res.body.errors], JSON.stringify(res.body)).toEqual([
      400,
      'out_of_range',
      [expect.objectContaining(EMPTY_FORMATS)],
    ]);
    expect(res.body.errors![0]!.message).toMatch(/at least one format/);
    expect(await footprint()).toEqual(before);
  });

  it('bulk runs: formats [] and a _format cell naming no format are out_of_range at their paths; nothing is started', async () => {
    const before = await footprint();
    const url = `/designs/${sale}/bulk-runs`;
    const rows = [{ 'headline.payload': 'Hi' }];
    const none = await post(url, { source: { type: 'rows', rows }, formats: [] });
    expect([none.status, none.body.id, none.body.errors?.map((e) => [e.path, e.code])], JSON.stringify(none.body)).toEqual([
      400,
      'out_of_range',
      [['formats', 'out_of_range']],
    ]);
    const cell = await post(url, { source: { type: 'rows', rows: [{ 'headline.payload': 'Hi', _format: '|' }] } });
    expect([cell.status, cell.body.errors?.map((e) => [e.path, e.code])], JSON.stringify(cell.body)).toEqual([
      400,
      [
        ['rows[0]._format', 'out_of_range'],
        ['rows[0]._format', 'out_of_range'],
      ],
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('a format named twice renders once: one file, charged once', async () => {
    const before = (await readCredits(h.db.pool, ws.id)).generation.consumed;
    const res = await post(`/async/banner-builder/${sale}/generate`, { template_format_names: ['square', 'square'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows } = await h.db.pool.query<{ files: number; credits: number }>(
      'SELECT expected_files AS files, credit_per_file AS credits FROM generation_requests WHERE id = $1',
      [(res.body as { generation_request_id: string }).generation_request_id],
    );
    expect(rows[0]!.files).toBe(1);
    expect((await readCredits(h.db.pool, ws.id)).generation.consumed - before).toBe(rows[0]!.credits);
  });

  it('the MCP tool answers the same refusal as a tool error', async () => {
    const client = new Client({ name: 'pressroom-test', version: '1.0.0' });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'x-api-key': ws.key } } }));
    try {
      const before = await footprint();
      const result = (await client.callTool({
        name: 'generate_banners_async',
        arguments: { id: sale, template_format_names: [] },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ id: 'out_of_range', errors: [EMPTY_FORMATS] });
      expect(await footprint()).toEqual(before);
    } finally {
      await client.close();
    }
  });
});

describe('a field of another generation endpoint', () => {
  it.each([
    [
      'sync: template_format_names',
      () => `/banner-builder/${sale}/generate`,
      { template_format_names: ['story'] },
      'template_format_names',
    ],
    [
      'async: template_format_name',
      () => `/async/banner-builder/${sale}/generate`,
      { template_format_name: 'story' },
      'template_format_name',
    ],
    ['async: pages', () => `/async/banner-builder/${catalogue}/generate`, { pages: { page_1: {} } }, 'pages'],
    [
      'multipage: elements',
      () => `/async/banner-builder/${catalogue}/generate-multipage-pdf`,
      { pages: {}, elements: { title: { payload: 'x' } } },
      'elements',
    ],
    [
      'multipage: print_options.bleed',
      () => `/async/banner-builder/${catalogue}/generate-multipage-pdf`,
      { pages: {}, print_options: { bleed: true } },
      'print_options',
    ],
  ])(
    '%s is refused at its path (it did nothing, or rendered other formats than asked); nothing is queued',
    async (_name, url, body, path) => {
      const before = await footprint();
      const res = await post(url(), body);
      expect([res.status, res.body.errors?.map((e) => e.path)], JSON.stringify(res.body)).toEqual([400, [path]]);
      expect(await footprint()).toEqual(before);
    },
  );
});
