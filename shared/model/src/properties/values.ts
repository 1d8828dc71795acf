/**
 * The value sets of the enumerated layer properties: one list each, read by the property
 * catalogue (catalogue.ts), and through it by the design parser, the override validator, the
 * OpenAPI document, `describeLayerProperties` and the docs, with the value types the catalogue
 * names. Pure data.
 */

/** Solid colors (hex or cmyk) or gradient strings, validated against the color grammar. */
export type ColorText = string;
/**
 * A media reference: `asset:<name>` (an entry of `assets`), `https://…`/`http://…`, or a
 * `data:` URL. Resolve with `resolveSource`.
 */
export type Source = string;
/** A single radius or one per corner. */
export type Radius = number | { tl: number; tr: number; br: number; bl: number };
/** `background_padding` normalised: a request's value, and the renderer's. */
export interface Padding {
  vertical: number;
  horizontal: number;
}

export const TEXT_TRANSFORMS = ['none', 'uppercase', 'lowercase', 'titlecase', 'capitalize'] as const;
export const SIDE_BORDERS = ['left', 'right', 'top', 'bottom', 'none'] as const;
export const BUTTON_TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export const ICON_POSITIONS = ['left', 'right'] as const;
export const FONT_STYLES = ['normal', 'italic'] as const;
export const FITTING_TYPES = ['cover', 'fill'] as const;
export const MASK_NAMES = ['circle', 'rounded_corners', 'blob', 'squircle', 'pentagon', 'hexagon', 'parallelogram', 'window'] as const;
export const FILTER_NAMES = ['grayscale', 'duotone'] as const;
export const DUOTONE_NAMES = [
  'blue_green',
  'blue_orange',
  'deep_green_light_green',
  'BrightRed_light_yellow',
  'brown_pale_green',
  'brown_beige',
  'deep_blue_green',
  'deep_blue_red',
  'deep_purple_orange',
  'deep_purple_beige',
  'deep_purple_pale_green',
  'deep_blue_pale_green',
] as const;
export const OVERLAY_DIRECTIONS = ['horizontal', 'vertical', 'diagonal'] as const;
/**
 * The shape geometries (docs/design-format.md, "Shape geometries"), drawn by the renderer's
 * geometry module. Every one stretches with the layer's box.
 */
export const SHAPE_TYPES = [
  'rectangle',
  'ellipse',
  'triangle',
  'right_triangle',
  'diamond',
  'parallelogram',
  'trapezoid',
  'pentagon',
  'hexagon',
  'heptagon',
  'octagon',
  'decagon',
  'star',
  'star_4',
  'star_6',
  'burst',
  'cross',
  'arrow_right',
  'arrow_left',
  'arrow_up',
  'arrow_down',
  'chevron',
  'speech_bubble',
  'heart',
] as const;
export type ShapeType = (typeof SHAPE_TYPES)[number];
/** The geometries without a corner: `border_radius` is refused on them (nothing to round). */
export const CURVED_SHAPE_TYPES = ['ellipse', 'heart'] as const satisfies readonly ShapeType[];
/**
 * The illustration libraries (docs/renderer.md, "Named illustrations"): `custom` takes a source in
 * `illustration_file`; every other names a drawing of a library shipped in an npm package
 * (design/illustrations.ts). `undraw` is Abyssale's fourth library: its licence does not let us
 * ship it, so it is refused by name at validation (`ILLUSTRATION_REFUSED`).
 */
export const ILLUSTRATION_TYPES = ['custom', 'lucide', 'feather', 'material_icons', 'twemoji'] as const;
export type IllustrationType = (typeof ILLUSTRATION_TYPES)[number];
/** QR quiet zone in modules (`margin`): Abyssale's default. */
export const DEFAULT_QRCODE_MARGIN = 2;
export const PATTERN_NAMES = [
  'bubbles',
  'cage',
  'cross',
  'doubleCircle',
  'drops',
  'parkay',
  'pills',
  'plus',
  'star',
  'ticTac',
  'ticTacFilled',
  'triangle',
  'wiggle',
] as const;
export const ERROR_CORRECTION_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export const GROUP_DIRECTIONS = ['horizontal', 'vertical'] as const;
export const GROUP_PLACEMENTS = ['start', 'center', 'end', 'space-between'] as const;
/** The shape of a group mask (`mask.shape`). */
export const MASK_SHAPES = ['rectangle', 'ellipse'] as const;

export const BOX_ALIGNMENTS = [
  'top',
  'middle',
  'bottom',
  'left',
  'center',
  'right',
  'top left',
  'top center',
  'top right',
  'middle left',
  'middle center',
  'middle right',
  'bottom left',
  'bottom right',
  'bottom center',
  'top custom',
  'middle custom',
  'bottom custom',
  'custom left',
  'custom center',
  'custom right',
  'custom custom',
] as const;
export type BoxAlignment = (typeof BOX_ALIGNMENTS)[number];
/**
 * Justified alignments (the SDK's TextAlignment): text layers only. Each is a vertical position
 * (or none) before one of the four justifications, listed vertical first.
 */
const JUSTIFIED_VERTICALS = ['', 'top ', 'middle ', 'bottom '] as const;
const JUSTIFICATIONS = ['justify', 'justify-left', 'justify-center', 'justify-right'] as const;
export const JUSTIFIED_ALIGNMENTS = JUSTIFIED_VERTICALS.flatMap((vertical) =>
  JUSTIFICATIONS.map((justification) => `${vertical}${justification}` as const),
);
export const TEXT_ALIGNMENTS = [...BOX_ALIGNMENTS, ...JUSTIFIED_ALIGNMENTS] as const;

const VERTICAL_WORDS: readonly string[] = ['top', 'middle', 'bottom'];

/**
 * The two-token form Abyssale's design export writes for an alignment that names one axis: the
 * other axis is centred (`top` is `top center`, `left` is `middle left`, `justify` is
 * `middle justify`), as the renderer reads it (docs/design-format.md, "Layer types"). A value
 * that already names both axes is returned as it is.
 */
export function twoTokenAlignment(value: string): string {
  const words = value.trim().split(/\s+/);
  if (words.length !== 1 || words[0] === '' || words[0] === 'custom') return value;
  const word = words[0] as string;
  return VERTICAL_WORDS.includes(word) ? `${word} center` : `middle ${word}`;
}
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];
export type TextTransform = (typeof TEXT_TRANSFORMS)[number];
export type SideBorder = (typeof SIDE_BORDERS)[number];
