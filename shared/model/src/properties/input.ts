/**
 * The renderer's input per layer type, typed from the catalogue and fully resolved, the way
 * Remotion's internal options are: `LayerInput<'text'>` has every property of a text layer, each
 * the request's override, else the layer's own value (a format's replacements applied), else the
 * catalogue's default, else an explicit `null`. Values arrive read once, here: colours parsed
 * (`Color`), padding as `{vertical, horizontal}`, a mute flag as a 0–1 level. The planners read
 * it as it is; a misspelt property is a type error.
 */
import { parseColor } from '../color/parse.js';
import type { Color } from '../color/types.js';
import { LAYER_PROPERTIES, type LayerProperties } from './catalogue.js';
import type { PropertyEntry } from './entry.js';
import { LAYER_TYPES, type LayerType } from './layer-types.js';
import { muteLevel, readPadding } from './normalise.js';
import type { Present } from './types.js';
import type { ColorText } from './values.js';

type Entries<L extends LayerType> = LayerProperties[L];
type InputValue<E> = E extends { readonly input?: infer I } ? I : never;

export type LayerInput<L extends LayerType> = {
  -readonly [K in keyof Entries<L>]: Present<Entries<L>[K]> extends true ? InputValue<Entries<L>[K]> : InputValue<Entries<L>[K]> | null;
};

/** A stored or sent value as the renderer reads it; null when it cannot be read. */
type Reading = (value: unknown) => unknown;

/** A design holds a colour as text; a request's colour was parsed at its boundary. */
function readColor(value: unknown): Color | null {
  if (typeof value !== 'string') return value as Color;
  const parsed = parseColor(value);
  return parsed.ok ? parsed.color : null;
}

const READINGS: Partial<Record<string, Reading>> = {
  padding: (value) => (typeof value === 'object' ? value : readPadding(value as string | number)),
  muted: (value) => (typeof value === 'boolean' ? muteLevel(value) : value),
  illustration_properties: (value) => ({ primary_color: readColor((value as { primary_color?: unknown }).primary_color ?? null) }),
};

/** A layer's input with its type beside it: a switch on `type` narrows `props`. */
export type TypedLayerInput = { [L in LayerType]: { type: L; props: LayerInput<L> } }[LayerType];

/** `layerInput` for a layer whose type is known only at run time. */
export function typedLayerInput(type: LayerType, properties: object, override: object): TypedLayerInput {
  return { type, props: layerInput(type, properties, override) } as TypedLayerInput;
}

/** The format's background: a request's (parsed at its boundary) over the design's. */
export function formatBackground(stored: ColorText | null, sent: Color | undefined): Color | null {
  return sent ?? (stored === null ? null : readColor(stored));
}

function readingOf(entry: PropertyEntry): Reading | null {
  if (entry.kind === 'color') return readColor;
  const rule = entry.override?.rule;
  return (rule === undefined ? undefined : READINGS[rule]) ?? null;
}

interface Slot {
  name: string;
  reading: Reading | null;
  /** The default, read; null when the property has none. */
  fallback: unknown;
}

function slotsOf(entries: Readonly<Record<string, PropertyEntry>>): readonly Slot[] {
  return Object.entries(entries).map(([name, entry]) => {
    const reading = readingOf(entry);
    const fallback = entry.default === undefined ? null : reading === null ? entry.default : reading(entry.default);
    return { name, reading, fallback: Object.freeze(fallback) };
  });
}

/** Per layer type, each property with its reading and its read default: computed once. */
const SLOTS = Object.fromEntries(LAYER_TYPES.map((type) => [type, slotsOf(LAYER_PROPERTIES[type])])) as Record<LayerType, readonly Slot[]>;

/**
 * A layer's input: the request's override (absent values skipped) over the layer's properties
 * (a format's replacements already applied) over the catalogue's defaults, every property
 * present, `null` where none of them gives a value.
 */
export function layerInput<L extends LayerType>(type: L, properties: object, override: object): LayerInput<L> {
  const stored = properties as Readonly<Record<string, unknown>>;
  const sent = override as Readonly<Record<string, unknown>>;
  const input: Record<string, unknown> = {};
  for (const { name, reading, fallback } of SLOTS[type]) {
    const given = sent[name] !== undefined ? sent[name] : stored[name];
    input[name] = given === undefined ? fallback : reading === null ? given : (reading(given) ?? fallback);
  }
  return input as LayerInput<L>;
}
