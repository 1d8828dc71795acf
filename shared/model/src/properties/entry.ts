/**
 * The shape of one entry of the layer-property catalogue (catalogue.ts), and the builders the
 * catalogue is written with. An entry states a property once: its kind, its value set or range
 * in the design model, what a request may send (or `override: null`), its default, its colour
 * kind and its help text. The design tables, the override validator, the OpenAPI body,
 * `describeLayerProperties`, the renderer input and the docs are derived from the entries.
 */
import type { z } from 'zod';
import type { Color } from '../color/types.js';
import type { PropContext } from './layer-types.js';
import { type DesignRange, NUMERIC_PROPERTIES, type NumericPropertyName } from './numeric.js';
import type { ColorText } from './values.js';

export type PropertyKind = 'number' | 'integer' | 'boolean' | 'enum' | 'text' | 'color' | 'font' | 'url' | 'object';

/**
 * How a color property may be filled: `solid` never takes a gradient; `fill` takes one on every
 * design (the shape/button background rule); `rgb-fill` takes one on RGB designs only.
 */
export type ColorKind = 'solid' | 'fill' | 'rgb-fill';

/** What a request may send for a property, where it differs from the design model. */
export interface OverrideRule {
  /** `enum` and `font_weight`: the values a request may send; absent: the design's values. */
  values?: readonly (string | number)[];
  /** `text`: the length a request may send; absent: the design's length. */
  length?: { min: number; max: number };
  /**
   * A rule the kind does not say (objects, padding, a boolean that also takes a level), by name:
   * the override validator holds the rule of each name (overrides/object-rules.ts), the renderer
   * input its normalisation (input.ts).
   */
  rule?: ObjectRuleName;
  /** `color`: where a request may send a gradient, when narrower than the design (rating colours). */
  color?: ColorKind;
}

/** The override rules an entry may name instead of its kind's (overrides/object-rules.ts). */
export const OBJECT_RULE_NAMES = ['padding', 'mask_properties', 'filter_properties', 'illustration_properties', 'muted'] as const;
export type ObjectRuleName = (typeof OBJECT_RULE_NAMES)[number];

/**
 * One property, stated once. `D`, `O` and `I` type the three views of its value, inferred by
 * `StoredProperties`, `LayerOverrideValues` and `LayerInput` (types.ts, input.ts): `D` as the
 * stored document holds it, `O` as a request's normalised override carries it (a colour parsed),
 * `I` as the renderer reads it once resolved (a colour parsed, padding normalised).
 */
export interface PropertyEntry<D = unknown, O = D, I = O> {
  kind: PropertyKind;
  help: string;
  /** What a layer that does not set the property is drawn with; absent: optional, "feature off". */
  default?: D;
  /** Must be given in the design (there is no sensible default). */
  required?: true;
  /** `color`: where a gradient is accepted. */
  color?: ColorKind;
  /** `enum`: the values the design model takes. */
  values?: readonly (string | number)[];
  /** `number`/`integer`: the entry of the numeric catalogue (numeric.ts) that holds its ranges. */
  numeric?: NumericPropertyName;
  /** `integer`/`number` outside the numeric catalogue (font_weight): the design range. */
  range?: DesignRange;
  /** `text`/`font`: the length the design model takes. */
  length?: { min: number; max: number };
  /** A design schema the kind alone does not say (radius, padding, a group mask). */
  design?: (ctx: PropContext) => z.ZodType;
  /** `object`: its fields, each an entry (`mask_properties.skew_y`); the design schema is built from them. */
  fields?: Readonly<Record<string, PropertyEntry>>;
  /** `null`: a request cannot set the property. */
  override: OverrideRule | null;
  /**
   * Its spelling in an import payload (Abyssale's format, design/import-format/) where it differs
   * from the property name: a dotted name sits in a nested object (`shadow.blur`). Absent: the
   * same name. See also `onLayer`.
   */
  import?: string;
  /** The import sets it on the layer itself, beside `name` and `type` (`hidden`, `locked`). */
  onLayer?: true;
  /** Type only: the stored document's value. */
  readonly stored?: D;
  /** Type only: a request's normalised value. */
  readonly sent?: O;
  /** Type only: the value the renderer reads, once resolved. */
  readonly input?: I;
}

/** Options every builder takes; their literal presence types the renderer input (defaulted = required). */
export interface Options<T> {
  default?: T;
  required?: true;
  override?: OverrideRule | null;
  import?: string;
  onLayer?: true;
}

/**
 * An entry as built: its options' literal presence kept for the types (`default`, `required`,
 * and `override: null` when a request cannot set it). `Ov`: whether the builder makes it
 * overridable when the options do not say.
 */
type Built<D, O, I, Opt, Ov extends boolean = true> = PropertyEntry<D, O, I> &
  Omit<Opt, 'override'> &
  (Opt extends { override: null }
    ? { override: null }
    : Opt extends { override: OverrideRule }
      ? { override: OverrideRule }
      : Ov extends true
        ? { override: OverrideRule }
        : { override: null });

function build<D, O, I, Opt extends Options<D>, Ov extends boolean = true>(
  base: Omit<PropertyEntry<D, O, I>, 'override' | 'help'>,
  help: string,
  o: Opt | undefined,
  overridable = true,
): Built<D, O, I, Opt, Ov> {
  const { override, ...rest } = (o ?? {}) as Options<D>;
  return { ...base, ...rest, help, override: override === undefined ? (overridable ? {} : null) : override } as Built<D, O, I, Opt, Ov>;
}

type Numeric = typeof NUMERIC_PROPERTIES;

/** A number whose ranges the numeric catalogue holds; overridable when it gives an override range. */
export function numberProp<const N extends NumericPropertyName, const O extends Options<number>>(
  name: N,
  help: string,
  o?: O,
): Built<number, number, number, O, Numeric[N]['override'] extends null ? false : true> {
  const entry = NUMERIC_PROPERTIES[name];
  const kind = (entry.design as DesignRange).unit === 'integer' ? 'integer' : 'number';
  return build({ kind, numeric: name }, help, o, entry.override !== null);
}

/** A request sends one of `override.values` where the options list them (font_weight). */
export function integerProp<const O extends Options<number>>(
  range: DesignRange,
  help: string,
  o?: O,
): Built<number, O extends { override: { values: readonly (infer V)[] } } ? V : number, number, O> {
  return build({ kind: 'integer', range }, help, o);
}

export function enumProp<const V extends readonly (string | number)[], const O extends Options<V[number]>>(
  values: V,
  help: string,
  o?: O,
): Built<V[number], V[number], V[number], O> {
  return build({ kind: 'enum', values }, help, o);
}

export function boolProp<const O extends Options<boolean>>(help: string, o?: O): Built<boolean, boolean, boolean, O> {
  return build({ kind: 'boolean' }, help, o);
}

/** A mute flag: a boolean in the design, a 0–1 level from a request; a level (true = 1) to the renderer. */
export function mutedProp<const O extends Options<boolean>>(help: string, o?: O): Built<boolean, number, number, O> {
  return build({ kind: 'boolean' }, help, { ...o, override: { rule: 'muted' } } as O);
}

/** A colour: the stored string in the design; parsed (`Color`) in a request and to the renderer. */
export function colorProp<const O extends Options<ColorText>>(color: ColorKind, help: string, o?: O): Built<ColorText, Color, Color, O> {
  return build({ kind: 'color', color }, help, o);
}

export function textProp<const O extends Options<string>>(
  length: { min: number; max: number },
  help: string,
  o?: O,
): Built<string, string, string, O> {
  return build({ kind: 'text', length }, help, o);
}

/** A font family name or font id in the design; a font id (UUID) in a request. */
export function fontProp<const O extends Options<string>>(
  length: { min: number; max: number },
  help: string,
  o?: O,
): Built<string, string, string, O> {
  return build({ kind: 'font', length }, help, o);
}

/** A media source: `asset:<name>`, an http(s) URL or a data URL in the design; an http(s) URL in a request. */
export function urlProp<const O extends Options<string>>(help: string, o?: O): Built<string, string, string, O> {
  return build({ kind: 'url' }, help, o);
}

/**
 * A value the kind does not describe: its design schema, or the fields it is built from (all
 * optional), and its override rule if it has one (else a request cannot set it). `D`, `O`, `I`:
 * its stored, sent and resolved values; curried so the options keep their literal types
 * (`objectProp<Radius>()(schema, help, { default: 0 })`).
 */
export function objectProp<D, O = D, I = O>() {
  return <const Opt extends Options<D>>(
    design: ((ctx: PropContext) => z.ZodType) | Readonly<Record<string, PropertyEntry>>,
    help: string,
    o?: Opt,
  ): Built<D, O, I, Opt, false> =>
    build(typeof design === 'function' ? { kind: 'object', design } : { kind: 'object', fields: design }, help, o, false);
}
