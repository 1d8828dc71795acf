import { API_VERSION } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DOCUMENTED_KEY } from '../http/documented.js';
import { STORABLE_TEXT_PATTERN } from '../http/json-bounds.js';
import type { RegisteredRoute } from '../http/route.js';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, with `documented()` statements in place of what zod cannot derive. */
export function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(type, { io, unrepresentable: 'any', override: useDocumented }) as JsonSchema;
  return schema;
}

/** A schema marked with `documented()` shows its stated JSON Schema instead of the derived one. */
function useDocumented(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const stated = ctx.jsonSchema[DOCUMENTED_KEY] as JsonSchema | undefined;
  if (stated === undefined) return;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, stated);
}

/** The API version stamp of every JSON object body, Banner excepted (its `version` is a counter). */
const versionStamp: JsonSchema = { type: 'string', pattern: '^v\\d{4}-\\d{2}-\\d{2}$' };

const envelope: JsonSchema = {
  type: 'object',
  required: ['id', 'message', 'version'],
  properties: {
    id: { type: 'string' },
    message: { type: 'string' },
    version: versionStamp,
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'code', 'message'],
        properties: { path: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' }, expected: {}, received: {} },
      },
    },
  },
};

/** Pure: the OpenAPI 3.1 document of the routes registered so far, from their zod schemas. */
export function buildOpenApi(routes: RegisteredRoute[], serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const parameters: JsonSchema[] = [];
    for (const [where, schema] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!schema) continue;
      const json = schemaOf(schema, 'input');
      const props = (json['properties'] ?? {}) as Record<string, JsonSchema>;
      const required = new Set((json['required'] ?? []) as string[]);
      for (const [name, s] of Object.entries(props))
        parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: storable(s) });
    }
    const responses: Record<string, JsonSchema> = {};
    for (const [status, description] of errorStatuses(route)) responses[status] = errorResponse(description);
    responses['default'] = errorResponse('Error envelope');
    if (route.response) {
      const item = schemaOf(route.response.schema, 'output');
      const success = {
        description: route.response.description ?? 'Success',
        content: route.response.contentType
          ? { [route.response.contentType]: { schema: { type: 'string', format: 'binary' } } }
          : { 'application/json': { schema: route.response.array ? { type: 'array', items: item } : stamped(item) } },
        ...(route.response.links ? { links: route.response.links } : {}),
      };
      for (const status of [route.response.status, ...(route.response.alsoStatuses ?? [])]) responses[String(status)] = success;
      if (route.response.noContent)
        responses[String(route.response.noContent.status)] = { description: route.response.noContent.description };
    }
    const operation: JsonSchema = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      ...(route.auth ? {} : { security: [] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body ? { requestBody: requestBody(storableKeys(schemaOf(route.body, 'input'))) } : {}),
      responses,
    };
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pressroom API',
      version: API_VERSION,
      description:
        'Render marketing assets from stored designs. Request bodies are I-JSON (RFC 7493): a string or key holding a lone UTF-16 surrogate, like one holding U+0000 (every pattern says so), is refused with 400 invalid_payload at its path.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: { Error: envelope, StorableJson: storableJson },
    },
    paths,
  };
}

/** A body is required when its schema requires a field; generation bodies, all optional, are not. */
function requestBody(schema: JsonSchema): JsonSchema {
  const required = Array.isArray(schema['required']) && (schema['required'] as unknown[]).length > 0;
  return { required, content: { 'application/json': { schema } } };
}

/** Text Postgres can store: no U+0000 (lone surrogates: the I-JSON statement of `info.description`; json-bounds.ts). */
const storableText: JsonSchema = { pattern: STORABLE_TEXT_PATTERN };

/** Text parameters refuse what Postgres cannot store (docs/api.md); the document says so where no pattern does already. */
function storable(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema['anyOf'])) return { ...schema, anyOf: (schema['anyOf'] as JsonSchema[]).map(storable) };
  if (schema['type'] === 'array' && schema['items']) return { ...schema, items: storable(schema['items'] as JsonSchema) };
  if (schema['type'] !== 'string' || schema['pattern'] !== undefined || schema['enum'] !== undefined) return { ...schema };
  return { ...schema, ...storableText };
}

function errorResponse(description: string): JsonSchema {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

/** The error statuses an operation can answer, as far as its declaration tells. */
function errorStatuses(route: RegisteredRoute): [string, string][] {
  const out: [string, string][] = [];
  if (route.body || route.query) out.push(['400', 'Invalid request (invalid_payload, invalid_json, out_of_range, ...)']);
  if (route.auth) out.push(['401', 'unauthorized or api_access_denied']);
  if (route.params) out.push(['404', 'Unknown resource, or a path parameter that is not a UUID (endpoint_not_found)']);
  if (route.auth) out.push(['429', 'rate_limit_exceeded or request_rate_limited; see Retry-After']);
  out.push(...Object.entries(route.errors ?? {}));
  return out;
}

/** Any JSON value whose strings and keys Postgres can store: what an unknown body field may hold. */
const storableJson: JsonSchema = {
  anyOf: [
    { type: 'string', ...storableText },
    { type: ['number', 'boolean', 'null'] },
    { type: 'array', items: { $ref: '#/components/schemas/StorableJson' } },
    { type: 'object', propertyNames: storableText, additionalProperties: { $ref: '#/components/schemas/StorableJson' } },
  ],
};

/**
 * A body is refused with 400 when any string or key in it holds U+0000 or a lone surrogate
 * (docs/api.md: Postgres cannot store them, and the check runs before any field is read), in known
 * fields and unknown ones alike. The body schema says so everywhere: keys, strings, and what
 * unknown fields hold. A key rule the schema states already (the multipage page keys) is kept
 * beside it.
 */
function storableKeys(schema: JsonSchema): JsonSchema {
  const out = storable(schema);
  if (out['type'] === 'object' || out['properties'] !== undefined) {
    const stated = out['propertyNames'] as JsonSchema | undefined;
    out['propertyNames'] = stated === undefined ? storableText : { allOf: [stated, storableText] };
    const extra = out['additionalProperties'];
    if (extra === undefined || extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0)) {
      out['additionalProperties'] = { $ref: '#/components/schemas/StorableJson' };
    }
  }
  if (out['properties'] !== undefined) {
    out['properties'] = Object.fromEntries(
      Object.entries(out['properties'] as Record<string, JsonSchema>).map(([k, v]) => [k, storableKeys(v)]),
    );
  }
  for (const key of ['items', 'additionalProperties'] as const) {
    const sub = out[key];
    if (typeof sub === 'object' && sub !== null && !('$ref' in sub)) out[key] = storableKeys(sub as JsonSchema);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map(storableKeys);
  }
  return out;
}

/** Every JSON object body carries the version stamp (docs/api.md), except one with a `version` of its own (Banner). */
function stamped(schema: JsonSchema): JsonSchema {
  // A body of one of several shapes (the design read of a multipage design or of another): each is stamped.
  if (Array.isArray(schema['anyOf'])) return { ...schema, anyOf: (schema['anyOf'] as JsonSchema[]).map(stamped) };
  if (schema['type'] !== 'object') return schema;
  if (Object.hasOwn((schema['properties'] ?? {}) as JsonSchema, 'version')) return schema;
  const properties = { ...((schema['properties'] ?? {}) as Record<string, JsonSchema>), version: versionStamp };
  const required = [...new Set([...((schema['required'] ?? []) as string[]), 'version'])];
  return { ...schema, properties, required };
}

export function openApiRoute(app: FastifyInstance, serverUrl: string): void {
  app.get('/openapi.json', { config: { auth: false } }, async () => buildOpenApi(app.routeRegistry, serverUrl));
}
