import { AppError, type FieldIssue } from '@pressroom/model';
import type { RegisteredRoute } from '../http/route.js';
import { schemaOf } from '../routes/openapi.js';

type JsonSchema = Record<string, unknown>;

/** The argument that carries a body whose schema is not an object, or a whole document (a design to import). */
export const PAYLOAD_ARGUMENT = 'payload';

/** What an MCP tool's arguments become: one HTTP request to the route the tool stands for. */
export interface RouteRequest {
  method: RegisteredRoute['method'];
  url: string;
  /** Absent when the route takes no body. */
  body?: unknown;
}

/** How a tool passes its route's body. */
export interface BodyOptions {
  /** The whole body is the one `payload` argument, whatever its schema (a document to import). */
  bodyAsPayload?: boolean | undefined;
  /** Tool arguments that stand for a route argument under another name or shape (start_bulk_run's `rows`). */
  aliases?: Record<string, ArgumentAlias> | undefined;
}

/** A tool argument standing for route argument `replaces`: its schema, from that argument's, and its value, into that argument's. */
export interface ArgumentAlias {
  replaces: string;
  schema: (routeSchema: JsonSchema) => JsonSchema;
  toRoute?: (value: unknown) => unknown;
}

/**
 * Pure: a tool's input schema, derived from the zod schemas of its REST route (path, query and
 * body, as OpenAPI shows them), so a rule is stated once. Path and query parameters are
 * top-level arguments; an object body's fields are too; any other body, or a body the tool
 * passes whole, is `payload` (with the body's schema). An optional argument whose only accepted
 * value is null (a field the route keeps only to refuse it: another endpoint's, an animated-only
 * option on a static render) is left out: a model would read it as one it may fill. Sent anyway,
 * it still reaches the route, which refuses it in its own words (routeRequest).
 */
export function toolInputSchema(route: RegisteredRoute, descriptions: Record<string, string> = {}, options: BodyOptions = {}): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const add = (name: string, schema: JsonSchema, isRequired: boolean) => {
    if (properties[name]) throw new Error(`${route.operationId}: argument "${name}" is both a parameter and a body field`);
    if (!isRequired && acceptsOnlyNull(schema)) return;
    const description = descriptions[name];
    properties[name] = description ? { ...schema, description } : schema;
    if (isRequired) required.push(name);
  };
  const parts = partsOf(route, options);
  for (const [name, schema] of Object.entries(parts.params.properties)) add(name, schema, true);
  for (const [name, schema] of Object.entries(parts.query.properties)) add(name, schema, parts.query.required.has(name));
  if (parts.body === 'payload') add(PAYLOAD_ARGUMENT, parts.payloadSchema, true);
  else if (parts.body) for (const [name, schema] of Object.entries(parts.body.properties)) add(name, schema, parts.body.required.has(name));
  for (const [name, alias] of Object.entries(options.aliases ?? {})) {
    const replaced = properties[alias.replaces];
    if (!replaced) throw new Error(`${route.operationId}: alias "${name}" replaces no argument "${alias.replaces}"`);
    delete properties[alias.replaces];
    const at = required.indexOf(alias.replaces);
    if (at >= 0) required.splice(at, 1, name);
    const description = descriptions[name];
    properties[name] = description ? { ...alias.schema(replaced), description } : alias.schema(replaced);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/**
 * Pure: the request a tool call makes. Body and query values are not checked here: the route
 * checks them as it checks any REST request, with the same error ids and paths. What the route
 * cannot check is checked here, in the same vocabulary: a path parameter that is missing or not
 * text (it would make another URL: `POST /banner-builder//generate` is `endpoint_not_found`)
 * and a missing `payload`. An argument the route has no place for is refused (a silent no-op
 * would be a defect).
 */
export function routeRequest(route: RegisteredRoute, given: Record<string, unknown>, options: BodyOptions = {}): RouteRequest {
  const parts = partsOf(route, options);
  const args = { ...given };
  for (const [name, alias] of Object.entries(options.aliases ?? {})) {
    if (alias.replaces in args) throw unknownArguments([alias.replaces]);
    if (!(name in args)) continue;
    args[alias.replaces] = alias.toRoute ? alias.toRoute(args[name]) : args[name];
    delete args[name];
  }
  const issues = [
    ...Object.entries(parts.params.properties).flatMap(([name, schema]) => pathArgumentIssues(name, schema, args[name])),
    ...(parts.body === 'payload' && args[PAYLOAD_ARGUMENT] === undefined ? [missing(PAYLOAD_ARGUMENT)] : []),
  ];
  if (issues.length > 0) throw AppError.fromIssues(issues);
  const query = new URLSearchParams();
  let url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(textOf(args[name])));
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (name in parts.params.properties) continue;
    if (name in parts.query.properties) {
      if (value !== undefined && value !== null) query.set(name, textOf(value));
    } else rest[name] = value;
  }
  if (query.size > 0) url += `?${query}`;
  if (parts.body === 'payload') {
    const extra = Object.keys(rest).filter((k) => k !== PAYLOAD_ARGUMENT);
    if (extra.length > 0) throw unknownArguments(extra);
    return { method: route.method, url, body: rest[PAYLOAD_ARGUMENT] };
  }
  if (parts.body) return { method: route.method, url, body: rest };
  if (Object.keys(rest).length > 0) throw unknownArguments(Object.keys(rest));
  return { method: route.method, url };
}

/**
 * Pure: whether a JSON Schema accepts null and nothing else (`{type: 'null'}`, `{const: null}`,
 * `{enum: [null]}`, or a union of those). An empty schema accepts anything, so it is not.
 */
export function acceptsOnlyNull(schema: JsonSchema): boolean {
  const type = schema['type'];
  if (type === 'null' || (Array.isArray(type) && type.length > 0 && type.every((t) => t === 'null'))) return true;
  if ('const' in schema) return schema['const'] === null;
  const values = schema['enum'];
  if (Array.isArray(values) && values.length > 0) return values.every((v) => v === null);
  const union = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (Array.isArray(union) && union.length > 0) return union.every(acceptsOnlyNull);
  const all = schema['allOf'] as JsonSchema[] | undefined;
  return Array.isArray(all) && all.some(acceptsOnlyNull);
}

interface ObjectPart {
  properties: Record<string, JsonSchema>;
  required: Set<string>;
}

function partsOf(
  route: RegisteredRoute,
  options: BodyOptions,
): { params: ObjectPart; query: ObjectPart; body: ObjectPart | 'payload' | undefined; payloadSchema: JsonSchema } {
  const body = route.body ? schemaOf(route.body, 'input') : undefined;
  const whole = body !== undefined && (options.bodyAsPayload === true || body['type'] !== 'object');
  return {
    params: objectPart(route.params ? schemaOf(route.params, 'input') : {}),
    query: objectPart(route.query ? schemaOf(route.query, 'input') : {}),
    body: body === undefined ? undefined : whole ? 'payload' : objectPart(body),
    payloadSchema: whole && body['type'] === 'object' ? body : {},
  };
}

function objectPart(schema: JsonSchema): ObjectPart {
  return {
    properties: (schema['properties'] ?? {}) as Record<string, JsonSchema>,
    required: new Set((schema['required'] ?? []) as string[]),
  };
}

/** Query and path values travel as text; a list as the comma-joined form the list parsers read. */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A path parameter must be there and be the text its schema says: anything else would make another URL. */
function pathArgumentIssues(name: string, schema: JsonSchema, value: unknown): FieldIssue[] {
  if (value === undefined || value === null || value === '') return [missing(name)];
  const type = schema['type'] === 'integer' || schema['type'] === 'number' ? 'number' : 'string';
  if (typeof value !== type) return [{ path: name, code: 'invalid_payload', message: `must be a ${type}`, received: value }];
  return [];
}

function missing(name: string): FieldIssue {
  return { path: name, code: 'missing_required', message: 'is required' };
}

function unknownArguments(names: string[]): AppError {
  return AppError.fromIssues(names.map((path) => ({ path, code: 'invalid_payload', message: 'is not an argument of this tool' })));
}
