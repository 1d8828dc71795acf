import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness, type Harness } from '../../test/harness.js';
import { schemaOf } from './openapi.js';

type JsonSchema = Record<string, unknown>;

/**
 * A body documented as "some object": no property named, whatever it holds (`z.record(z.string(),
 * z.unknown())`, `{}`). A list of them, or a choice with one among its shapes, says no more.
 */
function untypedRecord(schema: JsonSchema): boolean {
  if (schema['type'] === 'array') return untypedRecord((schema['items'] ?? {}) as JsonSchema);
  if (Array.isArray(schema['anyOf'])) return (schema['anyOf'] as JsonSchema[]).some(untypedRecord);
  if (schema['$ref'] !== undefined || schema['enum'] !== undefined || schema['const'] !== undefined) return false;
  if (schema['type'] !== undefined && schema['type'] !== 'object') return false;
  const properties = (schema['properties'] ?? {}) as JsonSchema;
  if (Object.keys(properties).length > 0) return false;
  const extra = schema['additionalProperties'];
  // A record whose values have a type of their own (`{name: text}`) is typed; one of anything is not.
  return extra === undefined || extra === true || (typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0);
}

describe('/openapi.json: every success body has a schema', () => {
  let h: Harness;
  let app: FastifyInstance;

  beforeAll(async () => {
    h = await createHarness();
    app = await h.build();
  });
  afterAll(() => h.close());

  it('tells an untyped record from a typed body', () => {
    expect(untypedRecord(schemaOf(z.record(z.string(), z.unknown()), 'output'))).toBe(true);
    expect(untypedRecord({ type: 'array', items: schemaOf(z.record(z.string(), z.unknown()), 'output') })).toBe(true);
    expect(untypedRecord(schemaOf(z.union([z.object({ a: z.string() }), z.looseObject({})]), 'output'))).toBe(true);
    expect(untypedRecord(schemaOf(z.object({ id: z.uuid() }), 'output'))).toBe(false);
    expect(untypedRecord(schemaOf(z.record(z.string(), z.string()), 'output'))).toBe(false);
    expect(untypedRecord(schemaOf(z.string(), 'output'))).toBe(false);
  });

  it('no 200 (nor 201 or 202) documents its JSON body as an untyped record, so the document and the SDK shapes can agree', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { operationId: string; responses: Record<string, JsonSchema> }>>;
    const untyped: string[] = [];
    let documented = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ['200', '201', '202']) {
          const content = operation.responses[status]?.['content'] as Record<string, { schema: JsonSchema }> | undefined;
          const schema = content?.['application/json']?.schema;
          if (schema === undefined) continue;
          documented++;
          if (untypedRecord(schema)) untyped.push(`${method.toUpperCase()} ${path} ${status} (${operation.operationId})`);
        }
      }
    }
    expect(documented).toBeGreaterThan(40);
    expect(untyped).toEqual([]);
  });
});
