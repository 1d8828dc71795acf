// The low-level Server, not McpServer: McpServer validates arguments with its own zod schemas and
// answers its own errors, but here the REST route validates them, so a tool error carries the
// REST error id and paths; the tools' JSON Schemas are the routes' (route-arguments.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError, toEnvelope } from '@pressroom/model';
import { findBanner, loadExampleDocuments, type ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { RegisteredRoute } from '../http/route.js';
import type { UploadSlot } from '../services/imports.js';
import type { Workspace } from '../services/workspaces.js';
import { routeRequest, toolInputSchema } from './route-arguments.js';
import { IMPORT_EXAMPLE_TOOL, ROUTE_TOOLS, type RouteTool } from './tools.js';
import { uploadCommands } from './upload-commands.js';

type Json = Record<string, unknown>;

/**
 * A generated file travels inline as image content only up to this size; beyond it, only its
 * link. A social-size JPEG fits; a poster-size PNG does not (clients scale what they show anyway,
 * so the bound only keeps the JSON-RPC answer small).
 */
export const INLINE_IMAGE_MAX_BYTES = 1024 * 1024;

export interface McpDeps {
  db: pg.Pool;
  storage: ObjectStorage;
  version: string;
}

/** What one MCP request knows about its caller, established by the auth hook before any tool runs. */
export interface McpCaller {
  workspace: Workspace;
  key: string;
}

/** Pure: the tool list, from the tool table and the registered routes. */
export function listTools(routes: readonly RegisteredRoute[]): Tool[] {
  const tools: Tool[] = ROUTE_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolInputSchema(routeOf(routes, tool), tool.argumentDescriptions, tool) as Tool['inputSchema'],
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
  }));
  const types = [...new Set(examples().map((e) => e.type))];
  tools.push({
    name: IMPORT_EXAMPLE_TOOL.name,
    title: IMPORT_EXAMPLE_TOOL.title,
    description: IMPORT_EXAMPLE_TOOL.description,
    inputSchema: { type: 'object', properties: { type: { type: 'string', enum: types, description: 'The design type of the example.' } } },
    annotations: { title: IMPORT_EXAMPLE_TOOL.title, readOnlyHint: true, openWorldHint: false },
  });
  return tools;
}

const toolLists = new WeakMap<readonly RegisteredRoute[], Tool[]>();

/** The tool list of an app, derived once: its routes do not change after it is built. */
function toolsOf(routes: readonly RegisteredRoute[]): Tool[] {
  let tools = toolLists.get(routes);
  if (!tools) {
    tools = listTools(routes);
    toolLists.set(routes, tools);
  }
  return tools;
}

/**
 * A new server for one HTTP request (the endpoint is stateless). Tool calls go through the app's
 * own routes with the caller's key, so they are authenticated, rate-limited, validated and
 * charged exactly as the REST requests they stand for, from the same budgets.
 */
export function createMcpServer(app: FastifyInstance, deps: McpDeps, caller: McpCaller): Server {
  const server = new Server({ name: 'pressroom', version: deps.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolsOf(app.routeRegistry) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    if (name === IMPORT_EXAMPLE_TOOL.name) return importExample(args);
    const tool = ROUTE_TOOLS.find((t) => t.name === name);
    // An unknown tool is a protocol error, not a failed call (the MCP specification's tools page).
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    try {
      return await callRouteTool(app, deps, caller, tool, args);
    } catch (err) {
      if (err instanceof AppError) return toolError({ ...toEnvelope(err) });
      // As the REST error handler does: the cause is logged, the caller gets a safe text.
      app.log.error({ err, tool: name }, 'MCP tool failed');
      return toolError({ id: 'internal_server_error', message: 'Internal server error.' });
    }
  });
  return server;
}

async function callRouteTool(app: FastifyInstance, deps: McpDeps, caller: McpCaller, tool: RouteTool, args: Json): Promise<CallToolResult> {
  const call = routeRequest(routeOf(app.routeRegistry, tool), args, tool);
  const response = await app.inject({
    method: call.method,
    url: call.url,
    headers: {
      'x-api-key': caller.key,
      accept: 'application/json',
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });
  const body = response.body.length > 0 ? (JSON.parse(response.body) as unknown) : {};
  if (response.statusCode >= 400) return toolError(body as Json, response.headers['retry-after']);
  const total = response.headers['x-total-count'];
  const structured: Json = Array.isArray(body)
    ? { items: body, ...(total === undefined ? {} : { total_count: Number(total) }) }
    : (body as Json);
  const content: CallToolResult['content'] = [{ type: 'text', text: tool.summarize(structured, response.statusCode) }];
  if (tool.uploadCommands && Array.isArray(structured['uploads']) && structured['uploads'].length > 0) {
    const links = (structured['links'] ?? {}) as Json;
    const commands = uploadCommands(structured['uploads'] as UploadSlot[], String(links['validate'] ?? links['status']));
    structured['upload_commands'] = commands;
    content.push({
      type: 'text',
      text:
        `The document names ${commands.length - 1} local file(s). Run these commands on the machine that has them, from the folder ` +
        `that holds the files the document names, with the API key in $PRESSROOM_API_KEY; the last one queues the import:\n${commands.join('\n')}`,
    });
  }
  if (tool.thumbnail) {
    // The file is made and paid for: a preview that cannot be read costs the agent only the preview.
    const image = await smallImageOf(deps, caller.workspace.id, structured).catch((err: unknown) => {
      app.log.warn({ err }, 'MCP preview image unavailable');
      return undefined;
    });
    if (image) content.push(image);
  }
  return { content, structuredContent: structured };
}

/** The generated file as image content, when it is an image small enough to pass inline. */
async function smallImageOf(deps: McpDeps, workspaceId: string, banner: Json): Promise<CallToolResult['content'][number] | undefined> {
  const row = typeof banner['id'] === 'string' ? await findBanner(deps.db, workspaceId, banner['id']) : undefined;
  if (!row) return undefined;
  const head = await deps.storage.head(row.storage_key);
  if (!head || head.size > INLINE_IMAGE_MAX_BYTES || !head.contentType?.startsWith('image/')) return undefined;
  const bytes = await deps.storage.get(row.storage_key);
  return { type: 'image', data: bytes.toString('base64'), mimeType: head.contentType };
}

function importExample(args: Json): CallToolResult {
  const all = examples();
  const types = [...new Set(all.map((e) => e.type))];
  const type = args['type'];
  if (type !== undefined && !types.includes(type as string)) {
    const message = `must be one of ${types.join(', ')}`;
    return toolError({
      id: 'invalid_payload',
      message: `type: ${message}`,
      errors: [{ path: 'type', code: 'unknown_enum_value', message, expected: types, received: type }],
    });
  }
  const found = all.find((e) => type === undefined || e.type === type) ?? all[0];
  if (!found) return toolError({ id: 'template_not_found', message: 'Pressroom ships no example designs.' });
  return {
    content: [
      { type: 'text', text: `Example ${found.type} design "${found.name}" (${found.file}). Pass it as import_design_from_json's payload.` },
    ],
    structuredContent: { file: found.file, type: found.type, payload: found.json },
  };
}

let exampleCache: { file: string; type: string; name: string; json: unknown }[] | undefined;

/** The examples Pressroom ships (examples/designs, read where the farm's demo import reads them), read once. */
function examples(): { file: string; type: string; name: string; json: unknown }[] {
  exampleCache ??= loadExampleDocuments().map(({ file, json }) => {
    const doc = (json ?? {}) as Json;
    return { file, type: String(doc['type']), name: String(doc['name']), json };
  });
  return exampleCache;
}

/** A failure as a tool error: the REST envelope (id, message, paths) as structured content and as text. */
function toolError(envelope: Json, retryAfter?: string | string[] | number): CallToolResult {
  const { version: _stamp, ...error } = envelope;
  const issues = Array.isArray(error['errors']) ? (error['errors'] as Json[]) : [];
  const lines = [
    `${String(error['id'])}: ${String(error['message'])}`,
    ...issues.map((i) => `- ${String(i['path'])}: ${String(i['message'])}`),
  ];
  if (retryAfter !== undefined) lines.push(`Retry after ${String(retryAfter)} second(s).`);
  const structured = retryAfter === undefined ? error : { ...error, retry_after: Number(retryAfter) };
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }], structuredContent: structured };
}

function routeOf(routes: readonly RegisteredRoute[], tool: RouteTool): RegisteredRoute {
  const route = routes.find((r) => r.operationId === tool.operationId);
  if (!route) throw new Error(`MCP tool ${tool.name}: no route ${tool.operationId} is registered`);
  return route;
}
