/**
 * The shape of one entry of the layer-property catalogue (catalogue.ts), and the builders the
 * catalogue is written with. An entry states a property once: its kind, its value set or range
 * in the design model, what a request may send (or `override: null`), its default, its colour
 * kind and its help text. The design tables, the override validator, the OpenAPI body,
 * `describeLayerProperties`, the renderer input and the docs are derived from the entries.
 */
import type { z } from 'zod';
import type { OverrideContext } from '../overrides/context.js';
import type { PropContext } from './context.js';
import { type DesignRange, NUMERIC_PROPERTIES, type NumericPropertyName } from './numeric.js';

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
  /** A rule the kind does not say (objects, padding, a boolean that also takes a level). */
  rule?: (context: OverrideContext) => z.ZodType;
  /** `color`: where a request may send a gradient, when narrower than the design (rating colours). */
  color?: ColorKind;
}

export interface PropertyEntry<T = unknown> {
  kind: PropertyKind;
  help: string;
  /** What a layer that does not set the property is drawn with; absent: optional, "feature off". */
  default?: T;
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
  /** Type only: the value the renderer reads (the design's value or a parsed override). */
  readonly input?: T;
}

/** Options every builder takes; their literal presence types the renderer input (defaulted = required). */
export interface Options<T> {
  default?: T;
  required?: true;
  override?: OverrideRule | null;
  import?: string;
  onLayer?: true;
}

type Built<T, O> = PropertyEntry<T> & Omit<O, 'override'>;

function build<T, O extends Options<T>>(
  base: Omit<PropertyEntry<T>, 'override' | 'help'>,
  help: string,
  o: O | undefined,
  overridable = true,
): Built<T, O> {
  const { override, ...rest } = (o ?? {}) as Options<T>;
  return { ...base, ...rest, help, override: override === undefined ? (overridable ? {} : null) : override } as Built<T, O>;
}

/** A number whose ranges the numeric catalogue holds; overridable when it gives an override range. */
export function numberProp<const O extends Options<number>>(name: NumericPropertyName, help: string, o?: O): Built<number, O> {
  const entry = NUMERIC_PROPERTIES[name];
  const kind = (entry.design as DesignRange).unit === 'integer' ? 'integer' : 'number';
  return build({ kind, numeric: name }, help, o, entry.override !== null);
}

export function integerProp<const O extends Options<number>>(range: DesignRange, help: string, o?: O): Built<number, O> {
  return build({ kind: 'integer', range }, help, o);
}

export function enumProp<const V extends readonly (string | number)[], const O extends Options<V[number]>>(
  values: V,
  help: string,
  o?: O,
): Built<V[number], O> {
  return build({ kind: 'enum', values }, help, o);
}

/** `T`: the renderer's view; a mute flag may arrive from a request as a 0–1 level. */
export function boolProp<T = boolean, const O extends Options<T> = Options<T>>(help: string, o?: O): Built<T, O> {
  return build({ kind: 'boolean' }, help, o);
}

/** `T`: the renderer's view, the stored string or an override's parsed colour. */
export function colorProp<T, const O extends Options<T> = Options<T>>(color: ColorKind, help: string, o?: O): Built<T, O> {
  return build({ kind: 'color', color }, help, o);
}

export function textProp<const O extends Options<string>>(length: { min: number; max: number }, help: string, o?: O): Built<string, O> {
  return build({ kind: 'text', length }, help, o);
}

/** A font family name or font id in the design; a font id (UUID) in a request. */
export function fontProp<const O extends Options<string>>(length: { min: number; max: number }, help: string, o?: O): Built<string, O> {
  return build({ kind: 'font', length }, help, o);
}

/** A media source: `asset:<name>`, an http(s) URL or a data URL in the design; an http(s) URL in a request. */
export function urlProp<const O extends Options<string>>(help: string, o?: O): Built<string, O> {
  return build({ kind: 'url' }, help, o);
}

/**
 * A value the kind does not describe: its design schema, or the fields it is built from (all
 * optional), and its override rule if it has one.
 */
export function objectProp<T, const O extends Options<T> = Options<T>>(
  design: ((ctx: PropContext) => z.ZodType) | Readonly<Record<string, PropertyEntry>>,
  help: string,
  o?: O,
): Built<T, O> {
  return build(typeof design === 'function' ? { kind: 'object', design } : { kind: 'object', fields: design }, help, o, false);
}
