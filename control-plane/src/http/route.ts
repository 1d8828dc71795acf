import { AppError, type ErrorId, zodIssuesToFieldIssues } from '@pressroom/model';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Workspace } from '../services/workspaces.js';
import { findUnstorableText } from './json-bounds.js';

/** Rate-limit tiers of the documented Limits part; `null` is the unbudgeted tier. */
export type Tier = 'polling' | 'read' | 'validation' | 'write';

/** A route's documented success response. */
export interface ResponseSpec<R extends z.ZodType = z.ZodType> {
  status: number;
  schema: R;
  description?: string;
  array?: boolean;
  /** A non-JSON success body (an image): documented as binary of this type. */
  contentType?: string;
  links?: Record<string, OpenApiLink>;
  /** Other success statuses answered with the same body (201 created, 200 existing). */
  alsoStatuses?: number[];
  /** A success answered with no body (204 of a dry run), documented beside the main one. */
  noContent?: { status: number; description: string };
}

/**
 * What a handler returns for its documented response: the schema's output (an array of it for
 * `array: true`), `undefined` for a documented no-content answer (the handler sets its status),
 * and the reply itself for a non-JSON body it sends (a file, an image). A route that documents
 * no response returns whatever it sends.
 */
export type ResponseBody<S> =
  S extends ResponseSpec<infer R>
    ? S extends { contentType: string }
      ? FastifyReply
      : (S extends { array: true } ? z.output<R>[] : z.output<R>) | (S extends { noContent: object } ? undefined : never)
    : unknown;

export interface RouteSpec<
  B extends z.ZodType,
  Q extends z.ZodType,
  P extends z.ZodType,
  S extends ResponseSpec | undefined = ResponseSpec | undefined,
> {
  method: HTTPMethods;
  url: string;
  operationId: string;
  summary: string;
  tag: string;
  /** Default true. Unauthenticated routes skip the key and the limiter. */
  auth?: boolean;
  /** The budget this route draws from, possibly depending on the query (import validate_only). */
  tier?: Tier | null | ((request: FastifyRequest) => Tier | null);
  body?: B;
  query?: Q;
  params?: P;
  /** The documented success response: OpenAPI states it, and the handler's return type is checked against it. */
  response?: S;
  /** Error statuses this route answers beyond those its inputs imply (410 for a record past retention). */
  errors?: Record<string, string>;
  /** Responds with something other than JSON (files); skips the Accept check. */
  raw?: boolean;
  /** The id a body that is not JSON answers; default `invalid_json`. */
  malformedJsonId?: ErrorId;
  /** This route's largest body in bytes, when it differs from the app's (a font upload carries a file). */
  bodyLimit?: number;
  handler: (ctx: RouteContext<z.output<B>, z.output<Q>, z.output<P>>) => Promise<ResponseBody<S>>;
}

/** An OpenAPI link: how a value of this response reaches another operation's parameters. */
export interface OpenApiLink {
  operationId: string;
  /** Parameter name → runtime expression, e.g. `$response.body#/0/id`. */
  parameters: Record<string, string>;
  description?: string;
}

export interface RouteContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** Present on authenticated routes. */
  workspace: Workspace;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RegisteredRoute {
  method: HTTPMethods;
  url: string;
  operationId: string;
  summary: string;
  tag: string;
  auth: boolean;
  body: z.ZodType | undefined;
  query: z.ZodType | undefined;
  params: z.ZodType | undefined;
  response: ResponseSpec | undefined;
  errors: Record<string, string> | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: boolean;
    tier?: Tier | null | ((request: FastifyRequest) => Tier | null);
    raw?: boolean;
    /** Path parameters; a mismatch means the route does not exist (checked before the key). */
    params?: z.ZodType;
    malformedJsonId?: ErrorId;
  }
  interface FastifyInstance {
    routeRegistry: RegisteredRoute[];
  }
}

/**
 * Registers a route whose inputs are parsed by zod before the handler sees them. Data is
 * `unknown` until here; the handler gets typed values or the caller gets an envelope.
 */
export function defineRoute<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  S extends ResponseSpec | undefined = undefined,
>(app: FastifyInstance, spec: RouteSpec<B, Q, P, S>): void {
  app.routeRegistry.push({
    method: spec.method,
    url: spec.url,
    operationId: spec.operationId,
    summary: spec.summary,
    tag: spec.tag,
    auth: spec.auth !== false,
    body: spec.body,
    query: spec.query,
    params: spec.params,
    response: spec.response,
    errors: spec.errors,
  });
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
    config: {
      auth: spec.auth !== false,
      tier: spec.tier ?? null,
      raw: spec.raw ?? false,
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.malformedJsonId ? { malformedJsonId: spec.malformedJsonId } : {}),
    },
    handler: async (request, reply) => {
      const params = spec.params ? parseOr404(spec.params, request.params) : undefined;
      // Postgres cannot store U+0000 or a lone surrogate; a query value with one is refused, as in bodies.
      const unstorable = spec.query ? findUnstorableText(request.query) : null;
      if (unstorable !== null) throw AppError.fromIssues([unstorable]);
      const query = spec.query ? parseQuery(spec.query, request.query) : undefined;
      // No body reads as an empty object; a JSON `null` is a body, checked like any other.
      const body = spec.body ? parseInput(spec.body, request.body === undefined ? {} : request.body) : undefined;
      return spec.handler({
        body: body as z.output<B>,
        query: query as z.output<Q>,
        params: params as z.output<P>,
        workspace: request.workspace as Workspace,
        request,
        reply,
      });
    },
  });
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix: PropertyKey[] = []): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw AppError.fromIssues(zodIssuesToFieldIssues(result.error.issues, prefix));
}

/** The message of a query parameter sent more than once (`?limit=5&limit=6`) where it takes one value. */
export const repeatedQueryValue = (count: number): string => `is given ${count} times; send it once`;

/**
 * A route's query string: as `parseInput`, except that a parameter sent more than once where the
 * schema takes one value (fastify reads it as an array) is said to be repeated, not to be of the
 * wrong type ("must be a number" of `?page=1&page=2` named nothing the caller wrote).
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query, { reportInput: true });
  if (result.success) return result.data;
  const values = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const issues = zodIssuesToFieldIssues(result.error.issues).map((issue) => {
    const value = Object.hasOwn(values, issue.path) ? values[issue.path] : undefined;
    return Array.isArray(value) && issue.code === 'invalid_payload' ? { ...issue, message: repeatedQueryValue(value.length) } : issue;
  });
  throw AppError.fromIssues(issues);
}

/**
 * A malformed path parameter means the route does not exist: 404 endpoint_not_found, answered
 * before the key is looked up and before the request counts against any budget. Register it
 * before the authentication and rate-limit hooks.
 */
export function registerPathParamCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const schema = request.routeOptions.config?.params;
    if (schema) parseOr404(schema, request.params);
  });
}

function parseOr404<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError('endpoint_not_found', 'No such endpoint.');
}

/** `defineRoute` for a group of routes under one OpenAPI tag: the group states its tag once. */
export function taggedRoutes(app: FastifyInstance, tag: string) {
  return <
    B extends z.ZodType = z.ZodUndefined,
    Q extends z.ZodType = z.ZodUndefined,
    P extends z.ZodType = z.ZodUndefined,
    S extends ResponseSpec | undefined = undefined,
  >(
    spec: Omit<RouteSpec<B, Q, P, S>, 'tag'>,
  ): void => defineRoute(app, { ...spec, tag });
}

/** A path parameter that must be a UUID. */
export const uuidParam = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** The path parameters of a `/<things>/:id` route: the id, a UUID. */
export const idParams = z.object({ id: uuidParam });

/** The documented 410 of a polled record kept 7 days (exports, duplication requests): `code` once `what` is past it. */
export const goneAfterRetention = (code: string, what: string) => ({ '410': `${code}: the ${what} is older than 7 days` });
