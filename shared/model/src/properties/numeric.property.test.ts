import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAgainstDesign } from '../overrides/check-against-design.js';
import type { GenerationMode } from '../overrides/context.js';
import { parseOverrides } from '../overrides/parse.js';
import { contextFor } from './design-schema.js';
import { layerTypesFor, PROPERTY_TABLES } from './design-tables.js';
import type { DesignType, LayerType } from './layer-types.js';
import { inDesignRange, inRange, NUMERIC_PROPERTIES, type NumericPropertyName, overrideRange } from './numeric.js';

/** Every (property, layer type) pair that both the design model and a request can set. */
const PAIRS: { name: NumericPropertyName; type: LayerType; designTypes: DesignType[] }[] = [];
for (const name of Object.keys(NUMERIC_PROPERTIES) as NumericPropertyName[]) {
  if (NUMERIC_PROPERTIES[name].override === null) continue;
  const [top] = name.split('.') as [string];
  for (const type of Object.keys(PROPERTY_TABLES) as LayerType[]) {
    if (type === 'code' || !Object.hasOwn(PROPERTY_TABLES[type], top)) continue;
    const designTypes = (['static', 'animated', 'printer', 'printer_multipage'] as const).filter((d) => layerTypesFor(d).includes(type));
    PAIRS.push({ name, type, designTypes });
  }
}

function designAccepts(name: NumericPropertyName, type: LayerType, designType: DesignType, value: number): boolean {
  const [top, sub] = name.split('.') as [string, string | undefined];
  const schema = PROPERTY_TABLES[type][top]!.schema(contextFor(designType));
  return schema.safeParse(sub === undefined ? value : { [sub]: value }).success;
}

function overrideAccepts(name: NumericPropertyName, type: LayerType, designType: DesignType, mode: GenerationMode, value: number): boolean {
  const [top, sub] = name.split('.') as [string, string | undefined];
  const context = { designType, mode };
  const parsed = parseOverrides({ layer: { [top]: sub === undefined ? value : { [sub]: value } } }, context);
  return parsed.ok && checkAgainstDesign(parsed.value, { layer: type }, context).ok;
}

const pair = fc.constantFrom(...PAIRS).chain((p) =>
  fc.record({
    p: fc.constant(p),
    designType: fc.constantFrom(...p.designTypes),
    mode: fc.constantFrom<GenerationMode>('sync', 'async'),
  }),
);
const value = fc.oneof(
  fc.integer({ min: -5000, max: 5000 }),
  fc.double({ min: -5000, max: 5000, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-200, -22, -20, 0, 0.25, 0.5, 1, 4, 40, 40.5, 60, 61, 100, 400, 900, 1000, 2000, 3600),
);

describe('the numeric property catalogue', () => {
  it('is what the design parser and the override validator accept, in every context', () => {
    fc.assert(
      fc.property(pair, value, ({ p, designType, mode }, v) => {
        const print = contextFor(designType).print;
        const range = overrideRange(p.name, p.type)!;
        expect(designAccepts(p.name, p.type, designType, v)).toBe(inDesignRange(v, NUMERIC_PROPERTIES[p.name].design, print));
        expect(overrideAccepts(p.name, p.type, designType, mode, v)).toBe(inRange(v, range));
      }),
      { numRuns: 600 },
    );
  });

  it('accepts as an override every design value the override range allows, and the reverse', () => {
    fc.assert(
      fc.property(pair, value, ({ p, designType, mode }, v) => {
        const print = contextFor(designType).print;
        const inDesign = designAccepts(p.name, p.type, designType, v);
        const asOverride = overrideAccepts(p.name, p.type, designType, mode, v);
        if (inDesign && inRange(v, overrideRange(p.name, p.type)!)) expect(asOverride).toBe(true);
        if (asOverride && inDesignRange(v, NUMERIC_PROPERTIES[p.name].design, print)) expect(inDesign).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('narrows stroke_width to 40 on text and button, 60 elsewhere, and keeps 1000 in the design model', () => {
    expect(overrideRange('stroke_width', 'text')).toEqual({ min: 0, max: 40 });
    expect(overrideRange('stroke_width', 'button')).toEqual({ min: 0, max: 40 });
    expect(overrideRange('stroke_width', 'shape')).toEqual({ min: 0, max: 60 });
    expect(overrideAccepts('stroke_width', 'text', 'static', 'sync', 41)).toBe(false);
    expect(overrideAccepts('stroke_width', 'shape', 'static', 'sync', 60)).toBe(true);
    expect(designAccepts('stroke_width', 'shape', 'static', 1000)).toBe(true);
  });
});
