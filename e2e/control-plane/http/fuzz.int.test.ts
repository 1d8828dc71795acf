import { randomUUID } from 'node:crypto';
import { importDocument } from '@pressroom/control-plane';
import { createProject } from '@pressroom/control-plane/services/projects';
import { createKey, createWorkspace } from '@pressroom/control-plane/services/workspaces';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import { asyncAiShape, propertyShape } from '@pressroom/model';
import type { WorkerRuntime } from '@pressroom/platform';
import { EXAMPLE_ASSETS_DIR, loadExampleDocuments } from '@pressroom/platform';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPreview, startDesignWorker, waitForImport } from '../design-worker.js';

/**
 * Issue 10, item 11: generated bodies against every write endpoint, through the HTTP layer as
 * clients reach it. No answer is a 5xx, and every 4xx is the envelope (id, message, version),
 * with a path on every field error. `npm test` runs a few cases per endpoint; `npm run fuzz`
 * (FUZZ_RUNS, docs/operations.md) runs thousands.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const PROPERTY_NAMES = [
  ...new Set([...Object.keys(propertyShape({ designType: 'static', mode: 'async' }, { root: false })), ...Object.keys(asyncAiShape())]),
];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Always tried first: NUL and lone surrogates in stored text (a name, a layer payload, a review reason) once answered 500. */
const EXAMPLES: [string][] = [
  ['{"name":"a\\u0000b","project_id":"\\u0000"}'],
  ['{"elements":{"headline":{"payload":"x\\u0000"}},"template_format_names":["square"]}'],
  ['{"\\u0000":1}'],
  ['{"name":"a\\ud800","type":"static","formats":[{"name":"sq","width":100,"height":100}],"layers":[]}'],
  ['{"name":"n","type":"static","formats":[{"name":"sq","width":100,"height":100}],"layers":[{"name":"\\udfff","type":"text"}]}'],
  ['{"status":"rejected","reason":"\\ud83d"}'],
  ['{"elements":{"headline":{"payload":"\\ud83d"}}}'],
];

/** Strings with lone surrogates, NUL and other control characters among ordinary text. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\u0000b', '\ud83d', '\u202e', '#ff0000', 'cmyk(0,0,0,100)', '', ' ', '1e309'),
  fc.string({ maxLength: 20 }),
);

/** A JSON value, as text (keys may be prototype names, which an object literal cannot hold). */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('null', 'true', 'false', '0', '-1', '1e308', '-0.5', '12345678901234567890'),
    fc.double({ noNaN: true }).map((n) => JSON.stringify(n)),
    nastyString.map((s) => JSON.stringify(s)),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(fc.oneof(nastyString, fc.constantFrom(...PROTOTYPE_KEYS, ...PROPERTY_NAMES)), tie('value')), { maxLength: 6 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

/** Nesting far past the depth bound, or just inside it. */
const deep = fc
  .tuple(fc.integer({ min: 20, max: 3000 }), fc.constantFrom('[', '{"a":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`);

/** Arrays and objects with more members than any request holds. */
const huge = fc.oneof(
  fc.integer({ min: 1000, max: 30_000 }).map((n) => `{"elements":{${Array.from({ length: n }, (_, i) => `"l${i}":{}`).join(',')}}}`),
  fc.integer({ min: 1000, max: 30_000 }).map((n) => `{"template_format_names":[${Array(n).fill('"square"').join(',')}]}`),
  fc.integer({ min: 1000, max: 30_000 }).map((n) => `[${Array(n).fill('0').join(',')}]`),
);

/** Bodies shaped like the endpoint's own fields, with wrong or nasty values. */
function shaped(fields: string[], layers: string[]): fc.Arbitrary<string> {
  const overrides = fc
    .dictionary(
      fc.oneof(fc.constantFrom(...layers, 'root', 'vars', ...PROTOTYPE_KEYS), nastyString),
      fc.oneof(
        jsonText,
        fc.dictionary(fc.constantFrom(...PROPERTY_NAMES, ...PROTOTYPE_KEYS), jsonText, { maxKeys: 4 }).map(
          (d) =>
            `{${Object.entries(d)
              .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
              .join(',')}}`,
        ),
      ),
      { maxKeys: 4 },
    )
    .map(
      (d) =>
        `{${Object.entries(d)
          .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
          .join(',')}}`,
    );
  return fc
    .array(fc.tuple(fc.constantFrom(...fields, ...PROTOTYPE_KEYS), fc.oneof(jsonText, overrides)), { maxLength: 5 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
}

describe('fuzzing every write endpoint through the HTTP layer', () => {
  let h: Harness;
  let app: FastifyInstance;
  let worker: WorkerRuntime;
  let key: string;
  let designId: string;
  let layers: string[];

  beforeAll(async () => {
    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITE_PER_HOUR: '1000000',
      RATE_LIMIT_VALIDATION_PER_MINUTE: '1000000',
      RATE_LIMIT_VALIDATION_PER_HOUR: '1000000',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      RATE_LIMIT_READ_PER_HOUR: '1000000',
      RATE_LIMIT_POLLING_PER_MINUTE: '1000000',
    });
    app = await h.build();
    // No credits: a generation that passes validation answers 429 at once instead of waiting on a
    // render worker this tier does not run.
    const ws = await createWorkspace(h.db.pool, { name: 'Fuzz', plan: 'pro', credits: 0, aiCredits: 0 });
    key = await createKey(h.db.pool, ws.id);
    worker = await startDesignWorker(h.db.pool, h.storage, solidPreview);
    const project = await createProject(h.db.pool, ws.id, 'Fuzz');
    const example = loadExampleDocuments().find((e) => e.file === 'static-summer-sale.json');
    if (!example || !project) throw new Error('example design or project missing');
    const importId = await importDocument(h.db.pool, h.storage, ws.id, {
      json: example.json,
      baseDir: EXAMPLE_ASSETS_DIR,
      target: { kind: 'design', project_uuid: project.id },
    });
    designId = ((await waitForImport(app, key, importId)).result as { uuid: string }).uuid;
    layers = (example.json as { layers: { name: string }[] }).layers.map((e) => e.name);
  });

  afterAll(async () => {
    await worker?.stop();
    await h?.close();
  });

  /**
   * Every write operation of the OpenAPI document (DELETEs take no body and are left out: one
   * would delete the design the others use), with its body's fields. Path parameters name the
   * example design where a design is meant, a fresh UUID elsewhere.
   */
  const endpoints = async (): Promise<{ method: HTTPMethods; url: string; fields: string[] }[]> => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>>;
    };
    const out: { method: HTTPMethods; url: string; fields: string[] }[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const url = path
          .replace('{number}', '1')
          .replace(/\{id\}/, /^\/(designs|banner-builder|async\/banner-builder|workspace-templates)\//.test(path) ? designId : randomUUID())
          .replace(/\{\w+\}/g, () => randomUUID());
        const schema = operation.requestBody?.content['application/json']?.schema;
        out.push({ method: method.toUpperCase() as HTTPMethods, url, fields: Object.keys(schema?.properties ?? {}) });
      }
    }
    // The import's dry run is its own budget and path through the code.
    out.push({ method: 'POST', url: '/designs/import/json?validate_only=true', fields: ['name', 'type', 'formats', 'layers', 'target'] });
    return out;
  };

  it('covers the write routes lone surrogates once broke', async () => {
    const urls = (await endpoints()).map((e) => `${e.method} ${e.url}`);
    for (const expected of [
      'POST /designs/import/json',
      `PUT /designs/${designId}/document`,
      `POST /designs/${designId}/review`,
      `PUT /designs/${designId}/name`,
      'POST /webhook-subscriptions',
      'POST /projects',
    ])
      expect(urls).toContain(expected);
  });

  it('refuses a lone surrogate in any string or key with 400 invalid_payload at its path, on every write route', async () => {
    for (const endpoint of await endpoints()) {
      const field = endpoint.fields[0] ?? 'name';
      for (const [payload, path] of [
        [`{"${field}":"a\\ud800"}`, field],
        [`{"${field}":{"layer":{"payload":"\\udfff b"}}}`, `${field}.layer.payload`],
        [`{"${field}":["ok","\\ud83d"]}`, `${field}[1]`],
        [`{"x\\udc00":1}`, 'x\udc00'],
      ] as const) {
        const res = await app.inject({
          method: endpoint.method,
          url: endpoint.url,
          payload,
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
        });
        const where = `${endpoint.method} ${endpoint.url} ${payload} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBe(400);
        expect(res.json(), where).toMatchObject({ id: 'invalid_payload', errors: [{ path, code: 'invalid_payload' }] });
      }
    }
  });

  it('answers no 5xx, and every 4xx is the envelope with paths on field errors', async () => {
    for (const endpoint of await endpoints()) {
      const body = fc.oneof(
        { weight: 4, arbitrary: shaped(endpoint.fields, layers) },
        { weight: 3, arbitrary: jsonText },
        { weight: 1, arbitrary: deep },
        { weight: 1, arbitrary: huge },
        { weight: 1, arbitrary: fc.constantFrom('{', '{"a":1,}', 'nul', '"\\ud800"', '\u0000', '{"__proto__":{"polluted":1}}') },
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await app.inject({
            method: endpoint.method,
            url: endpoint.url,
            payload,
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
          });
          const where = `${endpoint.method} ${endpoint.url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const envelope = res.json() as { id?: unknown; message?: unknown; version?: unknown; errors?: unknown };
            expect(typeof envelope.id, where).toBe('string');
            expect(typeof envelope.message, where).toBe('string');
            expect(envelope.version, where).toMatch(/^v\d{4}-\d{2}-\d{2}$/);
            if (envelope.errors !== undefined) {
              expect(Array.isArray(envelope.errors) && envelope.errors.length > 0, where).toBe(true);
              for (const e of envelope.errors as { path?: unknown; code?: unknown; message?: unknown }[]) {
                expect(typeof e.path, where).toBe('string');
                expect(typeof e.code, where).toBe('string');
                expect(typeof e.message, where).toBe('string');
              }
            }
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        { numRuns: RUNS, examples: EXAMPLES, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    }
  });
});
