import {
  DESIGN_TYPES,
  elementsJsonSchema,
  LAYER_PROPERTIES,
  OVERRIDABLE_NAMES,
  type PropertyEntry,
  parseOverrides,
} from '@pressroom/model';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// What a contract tester relies on: a body the document refuses, the API refuses too (and the
// document's `elements` is derived from the property catalogue, not restated).
const ajv = new Ajv({ strict: false, allErrors: false });
const validate = { sync: ajv.compile(elementsJsonSchema('sync')), async: ajv.compile(elementsJsonSchema('async')) };

const CATALOGUE_VALUES = [
  ...new Set(
    Object.values(LAYER_PROPERTIES).flatMap((t) =>
      Object.values(t as Record<string, PropertyEntry>).flatMap((e) => [...(e.values ?? []), ...(e.override?.values ?? [])]),
    ),
  ),
];
const scalar = fc.oneof(
  fc.constantFrom(...CATALOGUE_VALUES),
  fc.constantFrom(-201, -22.5, -1, -0, 0, 0.2, 1, 1.5, 40, 41, 60, 61, 100, 101, 400, 401, 2001, 10001),
  fc.double({ min: -3000, max: 3000, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    '',
    '#fff',
    'linear-gradient(0% 0% 100% 0%,0% #000 1,100% #fff 1)',
    'https://example.com/a.png',
    '1 2',
    '-1',
    'x'.repeat(2049),
  ),
  fc.constantFrom('0b4e5c06-2d0f-4a6b-9b41-8e0f5f6b8a11', 'not-a-uuid'),
  fc.string({ maxLength: 6 }),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 2 }) },
  {
    weight: 2,
    arbitrary: fc.dictionary(
      fc.constantFrom('radius', 'skew_y', 'name', 'primary_color', 'tl', 'other'),
      fc.oneof(scalar, fc.dictionary(fc.constantFrom('tl', 'br'), scalar)),
      {
        maxKeys: 3,
      },
    ),
  },
);
const layer = fc.dictionary(fc.oneof(fc.constantFrom(...OVERRIDABLE_NAMES), fc.string({ maxLength: 5 })), value, { maxKeys: 4 });
const elements = fc.dictionary(
  fc.oneof(fc.constantFrom('root', 'vars', 'title'), fc.string({ maxLength: 5 })),
  fc.oneof(
    { weight: 6, arbitrary: layer },
    { weight: 1, arbitrary: scalar },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), scalar) },
  ),
  { maxKeys: 3 },
);

describe('the elements schema of the generation bodies', () => {
  it('refuses nothing the override parser accepts, in every mode and design type', () => {
    fc.assert(
      fc.property(
        elements,
        fc.constantFrom(...DESIGN_TYPES),
        fc.constantFrom('sync' as const, 'async' as const),
        (input, designType, mode) => {
          if (!validate[mode](input))
            expect(parseOverrides(input, { designType, mode }).ok, JSON.stringify(validate[mode].errors)).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('states the widest bound and the narrowing of a layer type in words', () => {
    const stroke = (
      elementsJsonSchema('sync').additionalProperties as {
        anyOf: { properties?: Record<string, { anyOf: unknown[]; description?: string }> }[];
      }
    ).anyOf[0]!.properties!.stroke_width!;
    expect(stroke.anyOf[0]).toEqual({ type: 'number', minimum: 0, maximum: 60 });
    expect(stroke.description).toContain('at most 40 on a text layer');
    expect(stroke.description).toContain('at most 40 on a button layer');
    expect(validate.sync({ title: { stroke_width: 61 } })).toBe(false);
    expect(validate.sync({ title: { stroke_width: 60, text_transform: 'uppercase' } })).toBe(true);
    expect(validate.sync({ title: 'Hello' })).toBe(false);
    expect(validate.async({ title: 'Hello' })).toBe(true);
  });
});
