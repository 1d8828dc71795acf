import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseColor } from '../color/parse.js';
import { isGradient } from '../color/types.js';
import { checkAgainstDesign } from '../overrides/check-against-design.js';
import type { GenerationMode } from '../overrides/context.js';
import { parseOverrides } from '../overrides/parse.js';
import { LAYER_PROPERTIES } from './catalogue.js';
import { contextFor } from './design-schema.js';
import { layerTypesFor, PROPERTY_TABLES } from './design-tables.js';
import type { ColorKind, PropertyEntry } from './entry.js';
import { DESIGN_TYPES, type DesignType, type LayerType } from './layer-types.js';
import { gradientAllowed, overrideOn, TARGETABLE_LAYER_TYPES } from './overridable.js';

/** Every overridable enumerated, boolean and colour property of every layer type a request can target. */
const PAIRS: { name: string; type: LayerType; entry: PropertyEntry; designTypes: DesignType[] }[] = [];
for (const type of TARGETABLE_LAYER_TYPES) {
  for (const [name, entry] of Object.entries(LAYER_PROPERTIES[type] as Record<string, PropertyEntry>)) {
    if (entry.override === null || (entry.override.rule !== undefined && entry.kind !== 'boolean')) continue;
    const enumerated = entry.kind === 'enum' || entry.override.values !== undefined;
    if (!enumerated && entry.kind !== 'boolean' && entry.kind !== 'color') continue;
    PAIRS.push({ name, type, entry, designTypes: DESIGN_TYPES.filter((d) => layerTypesFor(d).includes(type)) });
  }
}

const ALL_VALUES = [
  ...new Set(
    Object.values(LAYER_PROPERTIES).flatMap((t) =>
      Object.values(t as Record<string, PropertyEntry>).flatMap((e) => [...(e.values ?? []), ...(e.override?.values ?? [])]),
    ),
  ),
];
const COLORS = [
  '#1A47FF',
  '#fff',
  '#1a47ff80',
  '#abcd',
  'cmyk(0,100,100,0)',
  'cmyka(10,20,30,40,50)',
  'cmyk(101,0,0,0)',
  'blue',
  '#12345',
  'linear-gradient(0% 0% 100% 0%,0% #1a47ff 1,100% #b65151 1)',
  'linear-gradient(0% 0% 100% 0%,0% #1a47ff 0.5,100% #b65151 1)',
  'radial-gradient(50% 50% 71%,0% cmyk(0,0,0,0) 1,100% cmyk(0,100,100,0) 1)',
  'linear-gradient(0% 0% 100% 0%,0% #1a47ff 1,100% cmyk(0,0,0,0) 1)',
];
const value = fc.oneof(
  fc.constantFrom(...ALL_VALUES),
  fc.constantFrom(...COLORS),
  fc.boolean(),
  fc.constantFrom(0, 0.5, 1, 2, -1, 450, 'true', ''),
  fc.integer({ min: -1000, max: 1000 }),
  fc.string({ maxLength: 12 }),
);

function colorAccepted(kind: ColorKind | undefined, v: unknown, print: boolean): boolean {
  const parsed = parseColor(v);
  if (!parsed.ok) return false;
  if (!isGradient(parsed.color)) return true;
  return gradientAllowed(kind, print) && (!print || parsed.color.stops.every((s) => s.opacity === 1));
}

/** What the catalogue says the design model takes. */
function designTakes(entry: PropertyEntry, v: unknown, print: boolean): boolean {
  if (entry.kind === 'color') return colorAccepted(entry.color, v, print);
  if (entry.kind === 'boolean') return typeof v === 'boolean';
  if (entry.range !== undefined) return typeof v === 'number' && Number.isInteger(v) && v >= entry.range.min && v <= entry.range.max;
  return entry.values!.includes(v as string);
}

/** What the catalogue says a request may send on this layer type. */
function overrideTakes(type: LayerType, name: string, v: unknown, print: boolean): boolean {
  const facts = overrideOn(type, name)!;
  if (facts.kind === 'color') return colorAccepted(facts.color, v, print);
  // A mute flag also takes a 0–1 level (the rule the catalogue names for it).
  if (facts.kind === 'boolean') return typeof v === 'boolean' || (facts.rule !== undefined && typeof v === 'number' && v >= 0 && v <= 1);
  return facts.values!.includes(v as string);
}

function designAccepts(type: LayerType, name: string, designType: DesignType, v: unknown): boolean {
  return PROPERTY_TABLES[type][name]!.schema(contextFor(designType)).safeParse(v).success;
}

function overrideAccepts(type: LayerType, name: string, designType: DesignType, mode: GenerationMode, v: unknown): boolean {
  const context = { designType, mode };
  // auto_resize: true needs min_font_size beside it (a cross-field rule of the validator).
  const companion = name === 'auto_resize' ? { min_font_size: 1 } : {};
  const parsed = parseOverrides({ layer: { [name]: v, ...companion } }, context);
  return parsed.ok && checkAgainstDesign(parsed.value, { layer: type }, context).ok;
}

const pair = fc
  .constantFrom(...PAIRS)
  .chain((p) =>
    fc.record({ p: fc.constant(p), designType: fc.constantFrom(...p.designTypes), mode: fc.constantFrom<GenerationMode>('sync', 'async') }),
  );

describe('the catalogue of enumerated, boolean and colour properties', () => {
  it('covers them: every kind is exercised', () => {
    const kinds = new Set(PAIRS.map((p) => (p.entry.override?.values !== undefined ? 'values' : p.entry.kind)));
    expect([...kinds].sort()).toEqual(['boolean', 'color', 'enum', 'values']);
    expect(PAIRS.length).toBeGreaterThan(60);
  });

  it('is what the design parser and the override validator accept, in every context', () => {
    fc.assert(
      fc.property(pair, value, ({ p, designType, mode }, v) => {
        const print = contextFor(designType).print;
        expect(designAccepts(p.type, p.name, designType, v), 'design').toBe(designTakes(p.entry, v, print));
        expect(overrideAccepts(p.type, p.name, designType, mode, v), 'override').toBe(overrideTakes(p.type, p.name, v, print));
      }),
      { numRuns: 1500 },
    );
  });

  it('accepts as an override every design value a request may send, and takes into the design every override value it allows', () => {
    fc.assert(
      fc.property(pair, value, ({ p, designType, mode }, v) => {
        const print = contextFor(designType).print;
        const inDesign = designAccepts(p.type, p.name, designType, v);
        const asOverride = overrideAccepts(p.type, p.name, designType, mode, v);
        if (inDesign && overrideTakes(p.type, p.name, v, print)) expect(asOverride).toBe(true);
        if (asOverride && designTakes(p.entry, v, print)) expect(inDesign).toBe(true);
      }),
      { numRuns: 800 },
    );
  });

  it('states one value set for a property in the design model and in a request, font_weight excepted', () => {
    for (const p of PAIRS.filter((q) => q.entry.kind === 'enum'))
      expect(overrideOn(p.type, p.name)!.values, `${p.type}.${p.name}`).toEqual(p.entry.values);
  });
});
