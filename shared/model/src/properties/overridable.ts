/**
 * What a request may send for each layer property, derived from the catalogue: on one layer
 * type (`overrideOn`), and by name alone (`widestOverride`), the rule the override parser
 * applies before the layer types are known. Where layer types state one name differently,
 * the widest rule wins there and checkAgainstDesign narrows it once the type is known. Pure.
 */
import { isTargetable, LAYER_PROPERTIES, propertyEntry } from './catalogue.js';
import type { ColorKind, ObjectRuleName, PropertyEntry, PropertyKind } from './entry.js';
import { LAYER_TYPES, type LayerType } from './layer-types.js';
import { NUMERIC_PROPERTIES, type NumericRange, overrideRange } from './numeric.js';

export interface OverrideFacts {
  kind: PropertyKind;
  /** `enum` (and `font_weight`): the values a request may send. */
  values?: readonly (string | number)[];
  /** `text`: the length a request may send. */
  length?: { min: number; max: number };
  /** `number`/`integer` from the numeric catalogue: the range a request may send. */
  range?: NumericRange;
  /** `color`: where a gradient is accepted. */
  color?: ColorKind;
  /** A rule the kind does not say, by name (overrides/object-rules.ts). */
  rule?: ObjectRuleName;
}

/** Layer types a request can target. */
export const TARGETABLE_LAYER_TYPES: readonly LayerType[] = LAYER_TYPES.filter(isTargetable);

const ON = new Map<string, OverrideFacts | null>();

/** What a request may send for `name` on a layer of `type`; null when it cannot set it there. */
export function overrideOn(type: LayerType, name: string): OverrideFacts | null {
  // Read for each property of each overridden layer of a request: computed once per pair.
  const key = `${type}\u0000${name}`;
  let facts = ON.get(key);
  if (facts === undefined) {
    const entry = propertyEntry(type, name);
    facts = entry === undefined || entry.override === null || !isTargetable(type) ? null : factsOf(entry, type);
    // Only names some layer type knows are kept, so a request's unknown names cannot grow the map.
    if (facts !== null || OVERRIDABLE_SET.has(name)) ON.set(key, facts);
  }
  return facts;
}

function factsOf(entry: PropertyEntry, type: LayerType | undefined): OverrideFacts {
  const o = entry.override!;
  const facts: OverrideFacts = { kind: entry.kind };
  if (o.rule !== undefined) facts.rule = o.rule;
  const values = o.values ?? entry.values;
  if (values !== undefined) facts.values = values;
  const length = o.length ?? entry.length;
  if (length !== undefined) facts.length = length;
  if (entry.numeric !== undefined)
    facts.range = (type === undefined ? NUMERIC_PROPERTIES[entry.numeric].override : overrideRange(entry.numeric, type))!;
  if (entry.color !== undefined) facts.color = o.color ?? entry.color;
  return facts;
}

const COLOR_WIDTH: Record<ColorKind, number> = { solid: 0, 'rgb-fill': 1, fill: 2 };

function widen(name: string): OverrideFacts | null {
  const all = TARGETABLE_LAYER_TYPES.map((t) => propertyEntry(t, name)).filter(
    (e): e is PropertyEntry => e !== undefined && e.override !== null,
  );
  if (all.length === 0) return null;
  const facts = factsOf(all[0]!, undefined);
  for (const entry of all.slice(1)) {
    const next = factsOf(entry, undefined);
    if (next.kind !== facts.kind || next.rule !== facts.rule) throw new Error(`${name}: layer types state different kinds of override`);
    if (next.values !== undefined) facts.values = [...new Set([...(facts.values ?? []), ...next.values])];
    if (next.length !== undefined && facts.length !== undefined)
      facts.length = { min: Math.min(facts.length.min, next.length.min), max: Math.max(facts.length.max, next.length.max) };
    if (next.color !== undefined && facts.color !== undefined && COLOR_WIDTH[next.color] > COLOR_WIDTH[facts.color])
      facts.color = next.color;
  }
  return facts;
}

/** Every property name some targetable layer type lets a request set, in catalogue order. */
export const OVERRIDABLE_NAMES: readonly string[] = [
  ...new Set(
    TARGETABLE_LAYER_TYPES.flatMap((t) =>
      Object.entries(LAYER_PROPERTIES[t] as Record<string, PropertyEntry>)
        .filter(([, e]) => e.override !== null)
        .map(([n]) => n),
    ),
  ),
];

const OVERRIDABLE_SET: ReadonlySet<string> = new Set(OVERRIDABLE_NAMES);
const WIDEST: ReadonlyMap<string, OverrideFacts> = new Map(OVERRIDABLE_NAMES.map((n) => [n, widen(n)!]));

/** The rule a request's value for `name` meets before its layer type is known: the widest of the types. */
export function widestOverride(name: string): OverrideFacts | null {
  return WIDEST.get(name) ?? null;
}

/**
 * The values of an enumerated property a layer type takes. A type without the property takes
 * the values every type that has it shares (a justified alignment is refused on a shape).
 */
export function valuesOn(type: LayerType, name: string): readonly (string | number)[] | undefined {
  const own = overrideOn(type, name);
  if (own !== null) return own.values;
  const sets = TARGETABLE_LAYER_TYPES.map((t) => overrideOn(t, name)?.values).filter((v) => v !== undefined);
  if (sets.length === 0) return undefined;
  return sets.reduce((a, b) => a.filter((v) => b.includes(v)));
}

/** Why a gradient is refused on a colour: never taken there, or not on a print design. */
export type GradientRefusal = 'gradient_not_allowed' | 'gradient_not_allowed_on_print';

/**
 * The gradient rule, stated once: a `fill` colour takes a gradient everywhere, a `solid` one
 * never, an `rgb-fill` one on RGB (static and animated) designs only. A layer type without the
 * property follows the grammar's general rule, as `rgb-fill` does (docs/overrides.md). Null when
 * the gradient is accepted.
 */
export function gradientRefusal(kind: ColorKind | undefined, print: boolean): GradientRefusal | null {
  if (kind === 'fill') return null;
  if (kind === 'solid') return 'gradient_not_allowed';
  return print ? 'gradient_not_allowed_on_print' : null;
}

/** Whether a gradient is accepted on a colour of this kind (`gradientRefusal` finds none). */
export function gradientAllowed(kind: ColorKind | undefined, print: boolean): boolean {
  return gradientRefusal(kind, print) === null;
}

/** The layer types whose `name` takes a gradient on print, for a message: "a shape or button". */
export function gradientOnPrintTypes(name: string): string {
  const types = TARGETABLE_LAYER_TYPES.filter((t) => overrideOn(t, name)?.color === 'fill');
  return `a ${types.join(' or ')}`;
}
