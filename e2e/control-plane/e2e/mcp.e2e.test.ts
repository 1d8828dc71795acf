import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { INLINE_IMAGE_MAX_BYTES } from '@pressroom/control-plane/mcp/server';
import { EXAMPLE_ASSETS_DIR, loadExampleDocuments } from '@pressroom/platform';
import { until } from '@pressroom/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFarm, startFarm } from '../farm.js';

/** Where an import document names its project (the one place this test writes import format). */
const importTarget = (projectId: string) => ({ kind: 'design', project_uuid: projectId });

type Json = Record<string, unknown>;

async function call(client: Client, name: string, args: Json = {}): Promise<CallToolResult & { structuredContent: Json }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Json };
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return result;
}

/** Calls a read tool until `done` holds for its answer (imports and generations finish in workers). */
async function callUntil(client: Client, name: string, args: Json, done: (r: Json) => boolean, timeoutMs = 120_000): Promise<Json> {
  let last: Json = {};
  return until(
    `${name} to finish`,
    async () => {
      last = (await call(client, name, args)).structuredContent;
      return done(last) && last;
    },
    { timeoutMs, intervalMs: 1_000, detail: () => JSON.stringify(last) },
  );
}

const EXAMPLES = loadExampleDocuments().map(({ json }) => json as { name: string; type: string });

describe('an agent drives the farm through /mcp with the official MCP client', () => {
  let farm: RunningFarm;
  let client: Client;
  let designs: { id: string; name: string; type: string }[];

  beforeAll(async () => {
    farm = await startFarm({ timeoutMs: 90_000, env: { RATE_LIMIT_GLOBAL_PER_SECOND: '1000' } });
    client = new Client({ name: 'pressroom-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${farm.baseUrl}/mcp`), { requestInit: { headers: { 'x-api-key': farm.apiKey } } }),
    );
  });
  afterAll(async () => {
    await client?.close();
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  it('connects with the demo key, lists the tools, and list_designs names every example with its id', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'list_designs',
        'get_design',
        'generate_static_banner',
        'generate_banners_async',
        'generate_multipage_pdf',
        'import_design_from_json',
        'get_design_as_import',
        'list_fonts',
        'get_remaining_credits',
      ]),
    );
    const listed = await callUntil(client, 'list_designs', {}, (r) => (r['items'] as unknown[]).length >= EXAMPLES.length);
    designs = listed['items'] as typeof designs;
    expect(designs.map((d) => d.name).sort()).toEqual(EXAMPLES.map((e) => e.name).sort());
    const text = ((await call(client, 'list_designs')).content[0] as { text: string }).text;
    for (const d of designs) expect(text).toContain(`${d.name} (id ${d.id}`);
  });

  it('generate_static_banner renders an example and answers a downloadable JPEG, with a preview image', async () => {
    const design = designs.find((d) => d.type === 'static')!;
    const credits = async () =>
      (await call(client, 'get_remaining_credits')).structuredContent['generation_credits'] as { available: number };
    const before = await credits();
    const result = await call(client, 'generate_static_banner', { id: design.id });
    // Charged as the REST request is, from the same credits.
    const after = await credits();
    expect(after.available).toBeLessThan(before.available);
    const rest = (await (await fetch(`${farm.baseUrl}/credits`, { headers: { 'x-api-key': farm.apiKey } })).json()) as Json;
    expect(rest['generation_credits']).toEqual(after);
    const file = result.structuredContent['file'] as { type: string; url: string };
    expect(file.type).toBe('jpeg');
    const download = await fetch(file.url);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    // A social-size JPEG is small enough to travel inline, so the agent can look at it.
    expect(bytes.length).toBeLessThanOrEqual(INLINE_IMAGE_MAX_BYTES);
    const image = result.content.find((c) => c.type === 'image') as { data: string; mimeType: string } | undefined;
    expect(image?.mimeType).toBe('image/jpeg');
    expect(Buffer.from(image!.data, 'base64').equals(bytes)).toBe(true);
  });

  it('generate_banners_async runs an animated example to completion through get_generation_request', async () => {
    const design = designs.find((d) => d.type === 'animated')!;
    const queued = await call(client, 'generate_banners_async', { id: design.id });
    const id = queued.structuredContent['generation_request_id'] as string;
    const done = await callUntil(client, 'get_generation_request', { id }, (r) => r['is_finalized'] === true, 240_000);
    expect(done['errors']).toEqual([]);
    const banners = done['banners'] as { file: { type: string; url: string } }[];
    expect(banners.length).toBeGreaterThan(0);
    for (const b of banners) {
      expect(b.file.type).toBe('mp4');
      const res = await fetch(b.file.url);
      expect(res.status).toBe(200);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(4, 8)
          .toString('latin1'),
      ).toBe('ftyp');
    }
  });

  it('generate_multipage_pdf makes the catalogue PDF; the static tool refuses that design with the REST error', async () => {
    const design = designs.find((d) => d.type === 'printer_multipage')!;
    const refused = (await client.callTool({ name: 'generate_static_banner', arguments: { id: design.id } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    const rest = await fetch(`${farm.baseUrl}/banner-builder/${design.id}/generate`, {
      method: 'POST',
      headers: { 'x-api-key': farm.apiKey, 'content-type': 'application/json' },
      body: '{}',
    });
    const { version: _v, ...envelope } = (await rest.json()) as Json;
    expect(refused.structuredContent).toEqual(envelope);

    const queued = await call(client, 'generate_multipage_pdf', { id: design.id, pages: {} });
    const id = queued.structuredContent['generation_request_id'] as string;
    const done = await callUntil(client, 'get_generation_request', { id }, (r) => r['is_finalized'] === true, 240_000);
    const [pdf] = done['banners'] as { file: { type: string; url: string } }[];
    expect(pdf!.file.type).toBe('pdf');
    const bytes = Buffer.from(await (await fetch(pdf!.file.url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('import_design_from_json answers curl commands that, run as given, finish the import', async () => {
    const example = await call(client, 'get_design_import_example', { type: 'static' });
    const project = (await call(client, 'create_project', { name: 'From an agent' })).structuredContent as { id: string };
    const payload = { ...(example.structuredContent['payload'] as Json), name: 'Made by an agent', target: importTarget(project.id) };
    const imported = await call(client, 'import_design_from_json', { payload });
    const commands = imported.structuredContent['upload_commands'] as string[];
    expect(commands.length).toBeGreaterThan(1);
    for (const command of commands) {
      await promisify(execFile)('sh', ['-c', command], {
        cwd: EXAMPLE_ASSETS_DIR,
        env: { ...process.env, PRESSROOM_API_KEY: farm.apiKey },
      });
    }
    const id = imported.structuredContent['id'] as string;
    const done = await callUntil(client, 'get_design_import', { id }, (r) => r['status'] === 'DONE' || r['status'] === 'FAILED');
    expect(done['status']).toBe('DONE');
    const found = await call(client, 'search_designs', { query: 'Made by an agent' });
    expect(found.structuredContent['items']).toMatchObject([{ name: 'Made by an agent' }]);
  });

  it('a tool call without its required id, or with a mistyped one, names the argument in the REST error ids', async () => {
    const refused = async (name: string, args: Json) => {
      const r = (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Json };
      expect(r.isError, JSON.stringify(r)).toBe(true);
      return r;
    };
    const missing = await refused('generate_static_banner', { image_file_type: 'png' });
    expect(missing.structuredContent).toEqual({
      id: 'missing_required',
      message: 'id: is required',
      errors: [{ path: 'id', code: 'missing_required', message: 'is required' }],
    });
    expect((missing.content[0] as { text: string }).text).toContain('- id: is required');
    const mistyped = await refused('get_design', { id: 42 });
    expect(mistyped.structuredContent).toMatchObject({
      id: 'invalid_payload',
      errors: [{ path: 'id', code: 'invalid_payload', message: 'must be a string' }],
    });
    const noPayload = await refused('import_design_from_json', {});
    expect(noPayload.structuredContent).toMatchObject({ id: 'missing_required', errors: [{ path: 'payload', code: 'missing_required' }] });
  });

  it('a wrong key is refused before any tool runs', async () => {
    const stranger = new Client({ name: 'stranger', version: '1.0.0' });
    const refused = (await stranger
      .connect(new StreamableHTTPClientTransport(new URL(`${farm.baseUrl}/mcp`), { requestInit: { headers: { 'x-api-key': 'nope' } } }))
      .catch((err: unknown) => err)) as { code?: number };
    expect(refused.code).toBe(401);
  });
});
