import type { AppError } from '@pressroom/model';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, parseQuery } from './route.js';

const thing = z.object({ id: z.string(), count: z.number().int() });

async function appWith(define: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('routeRegistry', []);
  define(app);
  await app.ready();
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * A handler's return type is its route's documented 200 schema: the type checker refuses a body
 * the schema does not describe (`npx tsc -p tsconfig.json --noEmit` checks this file), so
 * /openapi.json and what the handler answers cannot drift apart.
 */
describe('defineRoute: the handler answers its documented response', () => {
  it('checks a handler against its schema, an array route against an array of it', async () => {
    app = await appWith((a) => {
      defineRoute(a, {
        method: 'GET',
        url: '/thing',
        operationId: 'getThing',
        summary: 'A thing.',
        tag: 'Test',
        auth: false,
        response: { status: 200, schema: thing },
        handler: async () => ({ id: 'a', count: 1 }),
      });
      defineRoute(a, {
        method: 'GET',
        url: '/things',
        operationId: 'listThings',
        summary: 'Things.',
        tag: 'Test',
        auth: false,
        response: { status: 200, schema: thing, array: true },
        handler: async () => [{ id: 'a', count: 1 }],
      });
      defineRoute(a, {
        method: 'GET',
        url: '/wrong-field',
        operationId: 'wrongField',
        summary: 'A body the schema does not describe.',
        tag: 'Test',
        auth: false,
        response: { status: 200, schema: thing },
        // @ts-expect-error count is a number in the schema
        handler: async () => ({ id: 'a', count: 'one' }),
      });
      defineRoute(a, {
        method: 'GET',
        url: '/wrong-arity',
        operationId: 'wrongArity',
        summary: 'One thing where the schema documents a list.',
        tag: 'Test',
        auth: false,
        response: { status: 200, schema: thing, array: true },
        // @ts-expect-error an array route answers an array
        handler: async () => ({ id: 'a', count: 1 }),
      });
      defineRoute(a, {
        method: 'GET',
        url: '/untyped',
        operationId: 'untyped',
        summary: 'An untyped record where the schema documents fields.',
        tag: 'Test',
        auth: false,
        response: { status: 200, schema: thing },
        // @ts-expect-error a Record<string, unknown> is not the schema's object
        handler: async (): Promise<Record<string, unknown>> => ({ id: 'a', count: 1 }),
      });
    });
    expect((await app.inject({ url: '/thing' })).json()).toEqual({ id: 'a', count: 1 });
    expect((await app.inject({ url: '/things' })).json()).toEqual([{ id: 'a', count: 1 }]);
  });

  it('answers a documented no-content status with no body when the handler returns undefined', async () => {
    app = await appWith((a) => {
      defineRoute(a, {
        method: 'POST',
        url: '/maybe',
        operationId: 'maybe',
        summary: 'A thing, or 204.',
        tag: 'Test',
        auth: false,
        response: { status: 200, schema: thing, noContent: { status: 204, description: 'Nothing.' } },
        handler: async ({ reply }) => {
          reply.status(204);
          return undefined;
        },
      });
      defineRoute(a, {
        method: 'POST',
        url: '/never-empty',
        operationId: 'neverEmpty',
        summary: 'A thing, always.',
        tag: 'Test',
        auth: false,
        response: { status: 200, schema: thing },
        // @ts-expect-error undefined is a body only where a no-content answer is documented
        handler: async () => undefined,
      });
    });
    const answer = await app.inject({ method: 'POST', url: '/maybe' });
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
  });
});

describe('parseQuery: a parameter sent more than once', () => {
  const query = z.object({ page: z.coerce.number().int().optional(), tag: z.array(z.string()).optional() });
  const refusal = (input: unknown) => {
    try {
      parseQuery(query, input);
    } catch (e) {
      return (e as AppError).issues;
    }
    throw new Error('accepted');
  };

  it('is said to be repeated, at its path, where the schema takes one value', () => {
    expect(refusal({ page: ['1', '2'] })).toEqual([{ path: 'page', code: 'invalid_payload', message: 'is given 2 times; send it once' }]);
  });

  it('keeps the schema own message for a single bad value, and takes a list where the schema does', () => {
    expect(refusal({ page: 'abc' })![0]!.message).not.toMatch(/send it once/);
    expect(parseQuery(query, { tag: ['a', 'b'] })).toEqual({ tag: ['a', 'b'] });
  });
});
