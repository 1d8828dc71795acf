/**
 * The numeric layer properties, each stated once with its range in every context it has:
 *
 * - `design`: the design model (import and stored document). `integer` there means integer
 *   pixels on static and animated designs; `length` properties are floats in the physical unit
 *   on print designs.
 * - `import`: where Abyssale's import format (docs/design-format.md) states a narrower bound than
 *   the design model, that bound. It is checked on write only (an import, its `validate_only`
 *   check, a document PUT: design/import-format/parse.ts), so a document stored under the wider
 *   design range still reads, renders and is edited.
 * - `override`: a generation request's `elements` (sync and async take the same ranges). `null`
 *   means the property is not overridable. Where the bound depends on the layer type (stroke
 *   width), `overrideByType` narrows it once the layer is known.
 *
 * The layer-property catalogue (catalogue.ts) names these entries for its number properties;
 * the design parser and the override validator build their number rules from them through it.
 * docs/overrides.md is checked against them by `numeric.docs.test.ts`, and docs/design-format.md
 * is generated from the catalogue. Pure data: no I/O.
 */
import type { LayerType } from './layer-types.js';

export interface NumericRange {
  min?: number;
  max?: number;
  /** Exclusive lower bound. */
  above?: number;
}

export interface DesignRange {
  min: number;
  max: number;
  /** `integer`: always an integer; `length`: integer pixels on RGB designs, a float on print; absent: any number. */
  unit?: 'integer' | 'length';
  /**
   * The range is one turn, its two ends the same value (a rotation's 0° and 360°): a step past
   * one end comes round from the other (an editor's Arrow Down at 0° gives 359°).
   */
  circular?: true;
}

export interface NumericProperty {
  design: DesignRange;
  /** Abyssale's import bound where it is narrower than `design`; checked when a document is written. */
  import?: DesignRange;
  override: NumericRange | null;
  overrideByType?: Partial<Record<LayerType, NumericRange>>;
  /** A sub-field of an object property (`mask_properties.skew_y`), not a top-level name. */
  nested?: true;
}

const SHADOW_OFFSET: NumericProperty = { design: { min: -200, max: 200 }, override: { min: -200, max: 200 } };
// Abyssale's `shadow` and `text_shadow` take a blur of 0-200.
const BLUR: NumericProperty = { design: { min: 0, max: 1000 }, import: { min: 0, max: 200 }, override: { min: 0 } };
const NON_NEGATIVE: NumericProperty = { design: { min: 0, max: 1000 }, override: { min: 0 } };

export const NUMERIC_PROPERTIES = {
  opacity: { design: { min: 0, max: 100 }, import: { min: 0, max: 100, unit: 'integer' }, override: { min: 0, max: 100 } },
  rotation: { design: { min: -360, max: 360 }, import: { min: 0, max: 360, circular: true }, override: null },
  shadow_blur: BLUR,
  shadow_offset_x: SHADOW_OFFSET,
  shadow_offset_y: SHADOW_OFFSET,

  font_size: { design: { min: 1, max: 2000, unit: 'length' }, override: { min: 1 } },
  line_height: { design: { min: 1, max: 1000 }, override: { min: 1 } },
  letter_spacing: { design: { min: -100, max: 1000 }, override: null },
  // The import keeps what an editor produced (up to 1000); a request may set at most 60, and
  // at most 40 on the layers that draw text.
  stroke_width: {
    design: { min: 0, max: 1000 },
    override: { min: 0, max: 60 },
    overrideByType: { text: { min: 0, max: 40 }, button: { min: 0, max: 40 } },
  },
  min_font_size: { design: { min: 0, max: 2000 }, override: { min: 0 } },

  skew_y: { design: { min: -20, max: 20 }, override: { min: -20, max: 20 } },
  max_lines: { design: { min: 1, max: 1000, unit: 'integer' }, override: { min: 1 } },
  side_border_thickness: NON_NEGATIVE,
  side_border_padding: NON_NEGATIVE,
  side_border_offset: { design: { min: -1000, max: 1000 }, override: {} },
  side_border_spread: NON_NEGATIVE,

  text_shadow_blur: BLUR,
  text_shadow_offset_x: SHADOW_OFFSET,
  text_shadow_offset_y: SHADOW_OFFSET,
  icon_size: { design: { min: 1, max: 2000 }, override: null },
  icon_gap: { design: { min: 0, max: 1000 }, override: null },

  rating_score: { design: { min: 0, max: 100 }, import: { min: 0, max: 100, unit: 'integer' }, override: { min: 0, max: 100 } },
  // Abyssale's ratings always have 5 stars; documents stored with another count keep it.
  star_count: { design: { min: 1, max: 10, unit: 'integer' }, import: { min: 5, max: 5, unit: 'integer' }, override: null },
  star_dimension: { design: { min: 4, max: 400 }, override: { above: 0, max: 400 } },
  star_margin: { design: { min: 0, max: 100 }, override: { min: 0, max: 100 } },

  video_duration: { design: { min: 0, max: 3600 }, override: null },
  max_volume: { design: { min: 0, max: 1 }, override: { min: 0, max: 1 } },
  speed: { design: { min: 0.25, max: 2 }, override: { min: 0.25, max: 2 } },

  gap: { design: { min: 0, max: 100000, unit: 'length' }, override: null },

  position_offset_x: { design: { min: -100000, max: 100000 }, override: null },
  position_offset_y: { design: { min: -100000, max: 100000 }, override: null },
  zoom: { design: { min: 10, max: 1000 }, override: null },

  'mask_properties.skew_y': { design: { min: -22, max: 22 }, override: { min: -22, max: 22 }, nested: true },
} as const satisfies Record<string, NumericProperty>;

export type NumericPropertyName = keyof typeof NUMERIC_PROPERTIES;

/** The override range of a property on a layer type: the type's own bound where it has one. */
export function overrideRange(name: NumericPropertyName, layerType?: string): NumericRange | null {
  const entry: NumericProperty = NUMERIC_PROPERTIES[name];
  if (entry.override === null) return null;
  const byType = entry.overrideByType as Readonly<Record<string, NumericRange>> | undefined;
  return (
    (layerType !== undefined && byType !== undefined && Object.hasOwn(byType, layerType) ? byType[layerType] : undefined) ?? entry.override
  );
}

/** The override bound of a property that every layer type shares (no `overrideByType`). */
export function overrideBounds(name: NumericPropertyName): NumericRange {
  const range = NUMERIC_PROPERTIES[name].override;
  if (range === null) throw new Error(`${name} is not overridable`);
  return range;
}

/** Whether a value lies in a range (an exclusive `above` included). */
export function inRange(value: number, range: NumericRange): boolean {
  return (
    (range.min === undefined || value >= range.min) &&
    (range.max === undefined || value <= range.max) &&
    (range.above === undefined || value > range.above)
  );
}

/** Whether the design model takes a value, on a print design or not. */
export function inDesignRange(value: number, range: DesignRange, print: boolean): boolean {
  if (!Number.isFinite(value) || value < range.min || value > range.max) return false;
  if (range.unit === 'integer' || (range.unit === 'length' && !print)) return Number.isInteger(value);
  return true;
}

/** How a number misses an import bound (`NumericProperty.import`): past its range, a fraction where it takes whole numbers, or null. */
export function missesBound(bound: DesignRange, value: number): 'range' | 'integer' | null {
  if (value < bound.min || value > bound.max) return 'range';
  return bound.unit === 'integer' && !Number.isInteger(value) ? 'integer' : null;
}

/**
 * A `rotation` as the import takes it (0 to 360): the same turn, so a layer turned −12° is written
 * 348°. A value already in the bound is kept as it is (360 stays 360).
 */
export function importTurn(deg: number): number {
  const { min, max } = NUMERIC_PROPERTIES.rotation.import;
  if (!Number.isFinite(deg) || (deg >= min && deg <= max)) return deg;
  // Rounded to a millionth of a degree, so that −12.3 is written 347.7, not 347.70000000000005.
  return Math.round((((deg % 360) + 360) % 360) * 1e6) / 1e6;
}
