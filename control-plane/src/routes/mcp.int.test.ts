import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { generationFieldsJsonSchema } from '@pressroom/model';
import { memoryDesignSource } from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { awayFromMinuteEdge } from '../../test/windows.js';
import { createProject } from '../services/projects.js';

/** Where an import document names its project (the one place a test here writes import format). */
const importTarget = (projectId: string) => ({ kind: 'design', project_uuid: projectId });

async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'pressroom-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const ABYSSALE_TOOLS = [
  'get_me',
  'get_remaining_credits',
  'list_designs',
  'search_designs',
  'get_design',
  'get_design_format',
  'get_design_as_import',
  'list_projects',
  'create_project',
  'list_fonts',
  'generate_static_banner',
  'generate_banners_async',
  'generate_multipage_pdf',
  'get_generation_request',
  'get_design_import_example',
  'import_design_from_json',
];

describe('the MCP endpoint on the control plane', () => {
  let h: Harness;
  let app: FastifyInstance;
  let url: string;
  let key: string;
  let client: Client;

  beforeAll(async () => {
    h = await createHarness();
    app = await h.build({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    ({ key } = await h.workspace());
    client = await connect(url, { 'x-api-key': key });
  });
  afterAll(async () => {
    await client?.close();
    await h.close();
  });

  it("lists Abyssale's tools, each with an object input schema and a description", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(ABYSSALE_TOOLS));
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.description?.length).toBeGreaterThan(60);
    }
    const generate = tools.find((t) => t.name === 'generate_static_banner')!;
    // The route's own schemas: the path parameter and the catalogue's `elements`.
    expect(generate.inputSchema.required).toEqual(['id']);
    expect(Object.keys(generate.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['id', 'elements']));
    const fonts = tools.find((t) => t.name === 'list_fonts')!;
    expect(Object.keys(fonts.inputSchema.properties ?? {})).toContain('name');
  });

  it("the generate tools show their endpoint's format fields and the fields it refuses, as /openapi.json does", async () => {
    const { tools } = await client.listTools();
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const TOOLS = [
      ['generate_static_banner', 'sync', '/banner-builder/{id}/generate'],
      ['generate_banners_async', 'async', '/async/banner-builder/{id}/generate'],
      ['generate_multipage_pdf', 'multipage', '/async/banner-builder/{id}/generate-multipage-pdf'],
    ] as const;
    for (const [name, kind, path] of TOOLS) {
      const properties = tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, Record<string, unknown>>;
      const body = doc.paths[path].post.requestBody.content['application/json'].schema.properties;
      for (const [field, schema] of Object.entries(generationFieldsJsonSchema(kind))) {
        // A field the endpoint only refuses is in the document, not among the tool's arguments.
        expect(properties[field], `${name} ${field}`).toEqual(schema['type'] === 'null' ? undefined : schema);
        // The document adds its NUL-free patterns; the rest is the same statement.
        expect(body[field], `${path} ${field}`).toMatchObject(schema['type'] === 'null' ? schema : { anyOf: expect.any(Array) });
      }
    }
    const byName = (name: string) => tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(byName('generate_banners_async')['template_format_names']).toMatchObject({
      anyOf: [{ type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } }, { type: 'null' }],
    });
    // The seven fields the synchronous endpoint keeps only to refuse them.
    for (const field of ['template_format_names', 'callback_url', 'pages', 'video', 'gif', 'html5', 'print']) {
      expect(byName('generate_static_banner'), field).not.toHaveProperty(field);
    }
  });

  it("offers no argument whose only accepted value is null; one sent anyway gets the route's refusal", async () => {
    const { tools } = await client.listTools();
    const nullOnly = (schema: Record<string, unknown>): boolean => {
      const { description: _d, ...rest } = schema;
      const members = (rest['anyOf'] ?? rest['oneOf']) as Record<string, unknown>[] | undefined;
      return rest['type'] === 'null' || rest['const'] === null || (members !== undefined && members.every(nullOnly));
    };
    for (const tool of tools) {
      for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect(nullOnly(schema as Record<string, unknown>), `${tool.name}.${name}`).toBe(false);
      }
    }
    const designs = memoryDesignSource([]);
    const withDesign = await h.build({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' }, undefined, designs);
    const own = await h.workspace();
    const project = await createProject(h.db.pool, own.id, 'Refusals');
    const design = await exampleDesign('static-summer-sale.json', { workspaceId: own.id, projectId: project!.id });
    designs.add(design);
    const mcp = await connect(await withDesign.listen({ port: 0, host: '127.0.0.1' }), { 'x-api-key': own.key });
    const refused = await call(mcp, 'generate_static_banner', { id: design.id, video: { fps: 30 }, pages: { page_1: {} } });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({
      id: 'invalid_payload',
      errors: expect.arrayContaining([
        expect.objectContaining({ path: 'video', message: expect.stringContaining('does not apply to a static image') }),
        expect.objectContaining({ path: 'pages', message: expect.stringContaining('belongs to generate-multipage-pdf') }),
      ]),
    });
    await mcp.close();
  });

  it('accepts the key as Authorization: Bearer too, and answers the workspace and credits', async () => {
    const bearer = await connect(url, { authorization: `Bearer ${key}` });
    const me = await call(bearer, 'get_me');
    expect(me.isError).toBeFalsy();
    expect(me.structuredContent).toMatchObject({ name: 'Acme', plan: 'pro' });
    const credits = await call(bearer, 'get_remaining_credits');
    expect(credits.structuredContent).toMatchObject({ generation_credits: { available: 100 } });
    expect((credits.content[0] as { text: string }).text).toContain('Generation credits: 100');
    await bearer.close();
  });

  it('refuses a missing or wrong key, or a plan without API access, before any tool runs, with the REST 401 envelope', async () => {
    for (const headers of [{ 'x-api-key': 'wrong' }, {}] as Record<string, string>[]) {
      const refused = (await connect(url, headers).catch((err: unknown) => err)) as { code?: number; message?: string };
      expect(refused.code).toBe(401);
      expect(refused.message).toContain('"id":"unauthorized"');
    }
    const res = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer wrong', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_project', arguments: { name: 'Never' } },
      }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ id: 'unauthorized' });
    const noApi = await h.workspace('no-api');
    const denied = (await connect(url, { 'x-api-key': noApi.key }).catch((err: unknown) => err)) as { code?: number; message?: string };
    expect(denied.code).toBe(401);
    expect(denied.message).toContain('"id":"api_access_denied"');
    const get = await fetch(`${url}/mcp`, { headers: { 'x-api-key': key, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const projects = (await app.inject({ url: '/projects', headers: { 'x-api-key': key } })).json() as { name: string }[];
    expect(projects.map((p) => p.name)).not.toContain('Never');
  });

  it('creates and lists projects; a refusal is a tool error carrying the REST id, message and paths', async () => {
    const created = await call(client, 'create_project', { name: 'Launch' });
    expect(created.structuredContent).toMatchObject({ name: 'Launch' });
    const listed = await call(client, 'list_projects', { name: 'Launch' });
    expect(listed.structuredContent).toMatchObject({ items: [{ name: 'Launch' }], total_count: 1 });

    const rest = (await app.inject({ method: 'POST', url: '/projects', headers: { 'x-api-key': key }, payload: { name: 'x' } })).json();
    const refused = await call(client, 'create_project', { name: 'x' });
    expect(refused.isError).toBe(true);
    const { version: _v, ...envelope } = rest;
    expect(refused.structuredContent).toEqual(envelope);
    expect(envelope.errors[0].path).toBe('name');
    expect((refused.content[0] as { text: string }).text).toContain(`${envelope.id}: ${envelope.message}`);

    const duplicate = await call(client, 'create_project', { name: 'Launch' });
    expect(duplicate.structuredContent).toMatchObject({ id: 'project_already_exists' });
    const unknown = await call(client, 'get_design', { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.structuredContent).toMatchObject({ id: 'template_not_found' });
    await expect(call(client, 'get_everything')).rejects.toThrow(/Unknown tool: get_everything/);
    const extra = await call(client, 'get_me', { colour: 'red' });
    expect(extra.structuredContent).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'colour' }] });
  });

  it('answers an example document, and importing it answers ready-to-run upload commands', async () => {
    const example = await call(client, 'get_design_import_example', { type: 'static' });
    const { payload } = example.structuredContent as { payload: Record<string, unknown> };
    expect(payload['type']).toBe('static');
    const project = (await call(client, 'create_project', { name: 'Imports' })).structuredContent as { id: string };

    const imported = await call(client, 'import_design_from_json', { payload: { ...payload, target: importTarget(project.id) } });
    expect(imported.isError).toBeFalsy();
    const answer = imported.structuredContent as {
      id: string;
      status: string;
      uploads: { name: string; url: string }[];
      upload_commands: string[];
    };
    expect(answer.status).toBe('WAITING_FOR_VALIDATION');
    expect(answer.upload_commands).toHaveLength(answer.uploads.length + 1);
    for (const [i, upload] of answer.uploads.entries()) {
      expect(answer.upload_commands[i]).toContain(`-F 'file=@${upload.name}' '${upload.url}'`);
    }
    expect(answer.upload_commands.at(-1)).toBe(
      `curl -sS -f -X PUT -H "x-api-key: $PRESSROOM_API_KEY" 'http://localhost:8080/designs/import/json/${answer.id}'`,
    );
    expect(imported.content.map((c) => (c as { text: string }).text).join('\n')).toContain(answer.upload_commands[0]!);

    const polled = await call(client, 'get_design_import', { id: answer.id });
    expect(polled.structuredContent).toMatchObject({ id: answer.id, status: 'WAITING_FOR_VALIDATION' });
    const bad = await call(client, 'get_design_import_example', { type: 'poster' });
    expect(bad.structuredContent).toMatchObject({ id: 'invalid_payload', errors: [{ path: 'type' }] });
  });

  it('draws tool calls from the REST budgets: an exhausted tier refuses MCP and REST alike', async () => {
    const limited = await h.build({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000', RATE_LIMIT_READ_PER_MINUTE: '3', RATE_LIMIT_READ_PER_HOUR: '3' });
    const limitedUrl = await limited.listen({ port: 0, host: '127.0.0.1' });
    const own = await h.workspace();
    await awayFromMinuteEdge();
    const mcp = await connect(limitedUrl, { 'x-api-key': own.key });
    // The MCP messages themselves (initialize, tools/list) draw from no budget.
    await mcp.listTools();
    await mcp.listTools();
    for (let i = 0; i < 2; i++) expect((await call(mcp, 'list_projects')).isError).toBeFalsy();
    const third = await limited.inject({ url: '/projects', headers: { 'x-api-key': own.key } });
    expect(third.statusCode).toBe(200);

    const rest = await limited.inject({ url: '/projects', headers: { 'x-api-key': own.key } });
    expect(rest.statusCode).toBe(429);
    const refused = await call(mcp, 'list_projects');
    expect(refused.isError).toBe(true);
    const { version: _v, ...envelope } = rest.json();
    expect(refused.structuredContent).toEqual({ ...envelope, retry_after: expect.any(Number) });
    expect(envelope.id).toBe('request_rate_limited');
    await mcp.close();
  });
});
