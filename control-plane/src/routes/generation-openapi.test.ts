import {
  DESIGN_TYPES,
  type DesignType,
  type GenerationRequestKind,
  generationFieldsJsonSchema,
  parseGenerationRequest,
} from '@pressroom/model';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORABLE_TEXT_PATTERN } from '../http/json-bounds.js';
import { generationRoutes } from './generation.js';
import { buildOpenApi } from './openapi.js';

type JsonSchema = Record<string, unknown>;

const OPERATIONS = {
  sync: '/banner-builder/{id}/generate',
  async: '/async/banner-builder/{id}/generate',
  multipage: '/async/banner-builder/{id}/generate-multipage-pdf',
} as const satisfies Record<GenerationRequestKind, string>;

/** The design types each endpoint is tried on: those it generates (REQUEST_KINDS_BY_DESIGN). */
const DESIGNS: Record<GenerationRequestKind, readonly DesignType[]> = {
  sync: ['static'],
  async: DESIGN_TYPES,
  multipage: ['printer_multipage'],
};

let doc: JsonSchema;
const bodies = {} as Record<GenerationRequestKind, JsonSchema>;
const validators = {} as Record<GenerationRequestKind, (body: unknown) => boolean>;

beforeAll(async () => {
  // The generation routes alone; their handlers never run here, so they need no dependencies.
  const app = Fastify();
  app.decorate('routeRegistry', []);
  generationRoutes(app, {} as Parameters<typeof generationRoutes>[1]);
  await app.ready();
  doc = buildOpenApi(app.routeRegistry, 'http://127.0.0.1');
  await app.close();
  const paths = doc['paths'] as Record<string, { post: { requestBody: { content: { 'application/json': { schema: JsonSchema } } } } }>;
  // Formats (uri, uuid) are not checked: the patterns beside them state what the parser takes.
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  for (const [kind, path] of Object.entries(OPERATIONS) as [GenerationRequestKind, string][]) {
    bodies[kind] = paths[path]!.post.requestBody.content['application/json'].schema;
    // The body's $refs (StorableJson) resolve against the document's components.
    const validate = ajv.compile({ ...bodies[kind], components: doc['components'] });
    validators[kind] = (body) => validate(body) as boolean;
  }
});

const propertiesOf = (kind: GenerationRequestKind) => bodies[kind]['properties'] as Record<string, JsonSchema>;

describe('the generation bodies of the OpenAPI document', () => {
  it('declare template_format_names on the asynchronous body: a non-empty list of names, NUL-free, described', () => {
    const names = propertiesOf('async')['template_format_names']!;
    const list = (names['anyOf'] as JsonSchema[])[0]!;
    expect(names['anyOf']).toContainEqual({ type: 'null' });
    expect(list).toMatchObject({ type: 'array', minItems: 1, items: { type: 'string', minLength: 1, pattern: STORABLE_TEXT_PATTERN } });
    expect(list['description']).toMatch(/at least one/);
    expect(propertiesOf('sync')['template_format_name']!['anyOf']).toContainEqual(
      expect.objectContaining({ type: 'string', minLength: 1, pattern: STORABLE_TEXT_PATTERN }),
    );
  });

  it("declare each endpoint's refused fields as null only, saying where they belong", () => {
    const refused = (kind: GenerationRequestKind) =>
      Object.entries(propertiesOf(kind))
        .filter(([, schema]) => schema['type'] === 'null')
        .map(([field]) => field)
        .sort();
    expect(refused('sync')).toEqual(['callback_url', 'gif', 'html5', 'pages', 'print', 'template_format_names', 'video']);
    expect(refused('async')).toEqual(['pages', 'template_format_name']);
    expect(refused('multipage')).toEqual(['elements', 'file_compression_level', 'template_format_name', 'template_format_names']);
    expect(propertiesOf('sync')['template_format_names']!['description']).toMatch(/asynchronous endpoint/);
    expect(propertiesOf('multipage')['elements']!['description']).toMatch(/pages\.page_N/);
  });

  it('a request built from the document’s own example is valid for the document and the parser', () => {
    const names = propertiesOf('async')['template_format_names']!;
    const examples = (names['anyOf'] as JsonSchema[])[0]!['examples'] as string[][];
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const body = { template_format_names: example };
      expect(validators.async(body)).toBe(true);
      const parsed = parseGenerationRequest('async', body, { designType: 'static' });
      expect(parsed.ok && parsed.value.formatNames).toEqual(example);
    }
  });

  it('refuse what the parser refuses, and take what it takes, in the fields of every endpoint', () => {
    const KINDS = Object.keys(OPERATIONS) as GenerationRequestKind[];
    // The fields some endpoint takes and another refuses (the vendor options a sync render refuses
    // are taken on the asynchronous endpoint by some design types only: tried on sync alone).
    const SHARED = ['template_format_name', 'template_format_names', 'callback_url', 'pages', 'elements'];
    const FIELDS = [...new Set([...SHARED, ...KINDS.flatMap((kind) => Object.keys(generationFieldsJsonSchema(kind)))])];
    const value = fc.constantFrom<unknown>(
      null,
      'square',
      '',
      [],
      ['square'],
      ['square', 'square'],
      [''],
      [1],
      'https://example.com/hook',
      'http://example.com/hook',
      {},
      { page_1: {} },
      { page_0: {} },
      5,
      0,
      true,
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 3 }),
        fc.nat(),
        (kind, body, pick) => {
          const own = generationFieldsJsonSchema(kind);
          const tried = Object.fromEntries(Object.entries(body).filter(([field]) => field in own || SHARED.includes(field)));
          const designs = DESIGNS[kind];
          const designType = designs[pick % designs.length]!;
          const documented = validators[kind](tried);
          const parsed = parseGenerationRequest(kind, tried, { designType });
          expect(documented, `${kind} ${designType} ${JSON.stringify(tried)}: ${JSON.stringify(parsed.ok || parsed.error.issues)}`).toBe(
            parsed.ok,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
