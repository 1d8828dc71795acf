import { AppError } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documented } from '../http/documented.js';
import type { RegisteredRoute } from '../http/route.js';
import { acceptsOnlyNull, routeRequest, toolInputSchema } from './route-arguments.js';

const route = (over: Partial<RegisteredRoute>): RegisteredRoute => ({
  method: 'GET',
  url: '/things',
  operationId: 'op',
  summary: '',
  tag: '',
  auth: true,
  body: undefined,
  query: undefined,
  params: undefined,
  response: undefined,
  errors: undefined,
  ...over,
});

const generate = route({
  method: 'POST',
  url: '/designs/:id/generate',
  params: z.object({ id: z.string() }),
  query: z.object({ dry: z.enum(['true', 'false']).optional() }),
  body: documented(z.unknown(), { type: 'object', required: ['pages'], properties: { pages: { type: 'object' } } }),
});

describe('a tool from a route', () => {
  it('takes path parameters, query parameters and the fields of an object body as its arguments', () => {
    expect(toolInputSchema(generate, { id: 'The design id.' })).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', description: 'The design id.' },
        dry: { type: 'string', enum: ['true', 'false'] },
        pages: { type: 'object' },
      },
      required: ['id', 'pages'],
    });
  });

  it('takes a body that is not an object as `payload`', () => {
    const imports = route({ method: 'POST', url: '/imports', body: z.unknown() });
    expect(toolInputSchema(imports)).toEqual({ type: 'object', properties: { payload: {} }, required: ['payload'] });
    expect(routeRequest(imports, { payload: { name: 'x' } })).toEqual({ method: 'POST', url: '/imports', body: { name: 'x' } });
  });

  it('takes an object body whole as `payload`, with its schema, when the tool says so', () => {
    const imports = route({ method: 'POST', url: '/imports', body: z.object({ name: z.string() }) });
    expect(toolInputSchema(imports, {}, { bodyAsPayload: true })).toMatchObject({
      properties: { payload: { type: 'object', properties: { name: { type: 'string' } } } },
      required: ['payload'],
    });
    expect(routeRequest(imports, { payload: { name: 'x' } }, { bodyAsPayload: true })).toEqual({
      method: 'POST',
      url: '/imports',
      body: { name: 'x' },
    });
    expect(() => routeRequest(imports, { name: 'x' }, { bodyAsPayload: true })).toThrow();
  });

  it('leaves out the optional arguments whose only value is null, yet passes one sent anyway to the route (which refuses it)', () => {
    const sync = route({
      method: 'POST',
      url: '/designs/:id/generate',
      params: z.object({ id: z.string() }),
      query: z.object({ legacy: z.null().optional() }),
      body: documented(z.unknown(), {
        type: 'object',
        required: ['must'],
        properties: {
          elements: { anyOf: [{ type: 'object' }, { type: 'null' }] },
          video: { type: 'null', description: 'Refused here unless null.' },
          pages: { anyOf: [{ const: null }, { enum: [null] }] },
          must: { type: 'null' },
        },
      }),
    });
    expect(toolInputSchema(sync)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        elements: { anyOf: [{ type: 'object' }, { type: 'null' }] },
        must: { type: 'null' },
      },
      required: ['id', 'must'],
    });
    expect(routeRequest(sync, { id: 'd', video: { fps: 30 }, legacy: 'x', must: null })).toEqual({
      method: 'POST',
      url: '/designs/d/generate?legacy=x',
      body: { video: { fps: 30 }, must: null },
    });
  });

  it('tells a schema that accepts only null from one that accepts more', () => {
    for (const only of [
      { type: 'null' },
      { type: ['null'] },
      { const: null },
      { enum: [null] },
      { anyOf: [{ type: 'null' }, { const: null }] },
      { allOf: [{ type: 'null' }, {}] },
    ]) {
      expect(acceptsOnlyNull(only), JSON.stringify(only)).toBe(true);
    }
    for (const more of [
      {},
      { type: 'string' },
      { type: ['string', 'null'] },
      { const: 0 },
      { enum: [null, 'a'] },
      { anyOf: [{ type: 'null' }, { type: 'object' }] },
      { oneOf: [] },
    ]) {
      expect(acceptsOnlyNull(more), JSON.stringify(more)).toBe(false);
    }
  });

  it('refuses a route whose parameter and body field share a name', () => {
    const clash = route({ params: z.object({ id: z.string() }), body: z.object({ id: z.string() }) });
    expect(() => toolInputSchema(clash)).toThrow(/both a parameter and a body field/);
  });

  it('puts each argument where the route reads it, values unchecked (the route checks them)', () => {
    expect(routeRequest(generate, { id: 'a/b', dry: 'true', pages: { page_1: {} }, other: 1 })).toEqual({
      method: 'POST',
      url: '/designs/a%2Fb/generate?dry=true',
      body: { pages: { page_1: {} }, other: 1 },
    });
    const list = route({ query: z.object({ type: z.string().optional(), page: z.string().optional() }) });
    expect(routeRequest(list, { type: ['static', 'animated'], page: 2 }).url).toBe('/things?type=static%2Canimated&page=2');
  });

  it('refuses an argument a bodiless route has no place for, with its path', () => {
    const refusal = (() => {
      try {
        routeRequest(route({}), { colour: 'red' });
      } catch (err) {
        return err;
      }
    })() as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.id).toBe('invalid_payload');
    expect(refusal.issues).toEqual([{ path: 'colour', code: 'invalid_payload', message: 'is not an argument of this tool' }]);
  });

  it('refuses a missing or mistyped path parameter by its name, rather than calling another URL', () => {
    const refusal = (args: Record<string, unknown>) => {
      try {
        routeRequest(generate, args);
      } catch (err) {
        return err as AppError;
      }
      throw new Error('not refused');
    };
    for (const id of [undefined, null, '']) {
      const err = refusal({ id, pages: {} });
      expect([err.id, err.issues]).toEqual(['missing_required', [{ path: 'id', code: 'missing_required', message: 'is required' }]]);
    }
    const wrong = refusal({ id: { uuid: 'x' } });
    expect([wrong.id, wrong.issues?.map((i) => [i.path, i.code, i.message])]).toEqual([
      'invalid_payload',
      [['id', 'invalid_payload', 'must be a string']],
    ]);
  });

  it('refuses a missing payload by its name', () => {
    const imports = route({ method: 'POST', url: '/imports', body: z.unknown() });
    expect(() => routeRequest(imports, {})).toThrow(
      expect.objectContaining({ id: 'missing_required', issues: [expect.objectContaining({ path: 'payload' })] }),
    );
  });
});
