/**
 * The layer-property catalogue: every property of every layer type, stated once. Each entry
 * gives the property's kind, its value set or range in the design model (numbers: numeric.ts),
 * what a request may send (`override`, or `null` when a request cannot set it), its default, its
 * colour kind and its help text. Derived from it:
 *
 * - the design model's tables (`PROPERTY_TABLES`, `PROPERTY_DEFAULTS`; design-tables.ts),
 * - the stored document's and a request's value types (`StoredProperties`, `LayerOverrideValues`; types.ts),
 * - the override validator's rule for each name and its narrowing per layer type (overrides/),
 * - `describeLayerProperties` (describe.ts) and `GET /layer-properties`,
 * - the `elements` schema of the generation bodies in the OpenAPI document (openapi.ts),
 * - the renderer's typed, defaulted input (`LayerInput`, input.ts),
 * - the property tables of docs/design-format.md (markdown.ts) and the checks of docs/overrides.md.
 *
 * Request-only operations that are not layer properties (`image_encoded`, `icon_encoded`,
 * `audio_encoded`, the AI operations and the auto-focus settings) are stated by the override
 * validator alone (overrides/properties.ts, overrides/ai.ts). Pure data: no I/O.
 */
import { z } from 'zod';
import type { Color } from '../color/types.js';
import { FONT_WEIGHTS } from '../fonts/types.js';
import { length, num, radius as radiusSchema } from './design-schema.js';
import {
  boolProp,
  colorProp,
  enumProp,
  fontProp,
  integerProp,
  mutedProp,
  numberProp,
  objectProp,
  type PropertyEntry,
  textProp,
  urlProp,
} from './entry.js';
import { type LayerType, type PropContext, UNTARGETABLE_LAYER_TYPES } from './layer-types.js';
import {
  BOX_ALIGNMENTS,
  type BoxAlignment,
  BUTTON_TEXT_ALIGNS,
  type ColorText,
  CURVED_SHAPE_TYPES,
  DEFAULT_QRCODE_MARGIN,
  DUOTONE_NAMES,
  ERROR_CORRECTION_LEVELS,
  FILTER_NAMES,
  FITTING_TYPES,
  FONT_STYLES,
  GROUP_DIRECTIONS,
  GROUP_PLACEMENTS,
  ICON_POSITIONS,
  ILLUSTRATION_TYPES,
  MASK_NAMES,
  MASK_SHAPES,
  OVERLAY_DIRECTIONS,
  PATTERN_NAMES,
  type Padding,
  type Radius,
  SHAPE_TYPES,
  SIDE_BORDERS,
  TEXT_ALIGNMENTS,
  TEXT_TRANSFORMS,
  type TextAlignment,
} from './values.js';

const TEXT_PAYLOAD_MAX = 10000;
const BUTTON_PAYLOAD_MAX = 2048;
const QRCODE_PAYLOAD_MAX = 2048;

// Object-valued design schemas: stated here, next to their entries.

/** `"<vertical> <horizontal>"` or a single number (background_padding; docs/overrides.md). */
const paddingSchema = () =>
  z.union([
    z.number().min(0).max(1000),
    z.string().regex(/^\d+(\.\d+)?( \d+(\.\d+)?)?$/, 'must be "<vertical> <horizontal>" or one number'),
  ]);

const maskSchema = (ctx: PropContext) => {
  const n = num(-100000, 100000)();
  return z.strictObject({
    shape: z.enum(MASK_SHAPES),
    width: length(0, 100000)(ctx).optional(),
    height: length(0, 100000)(ctx).optional(),
    center_x: n.optional(),
    center_y: n.optional(),
    rx: num(0, 100000)().optional(),
    ry: num(0, 100000)().optional(),
    rotation: num(-360, 360)().optional(),
    radius: radiusSchema()().optional(),
  });
};

/** `illustration_type`: a library we ship; `undraw` is refused by name, with the reason. */
const illustrationTypeSchema = () =>
  z.string().superRefine((value, ctx) => {
    if (value === 'undraw') {
      ctx.addIssue({
        code: 'custom',
        message: `the undraw library is not shipped: its licence does not allow redistributing its drawings; send the SVG as a custom illustration, or use ${ILLUSTRATION_TYPES.filter((t) => t !== 'custom').join(', ')}`,
        params: { code: 'unsupported_for_type', received: value },
      });
    } else if (!(ILLUSTRATION_TYPES as readonly string[]).includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be one of ${ILLUSTRATION_TYPES.join(', ')}`,
        params: { code: 'unknown_enum_value', expected: ILLUSTRATION_TYPES, received: value },
      });
    }
  });

/** A group's `mask`, as its schema states it. */
export type GroupMask = z.output<ReturnType<typeof maskSchema>>;
/** `mask_properties` as a request sends it: a corner it leaves out is 0. */
export type MaskProperties = { radius?: number | { tl?: number; tr?: number; br?: number; bl?: number }; skew_y?: number };

const QRCODE_ICON_MAX_BYTES = 1_000_000;

const SHARED = {
  hidden: boolProp('true hides the layer', { default: false, onLayer: true }),
  opacity: numberProp('opacity', 'Opacity in percent (0-100)', { default: 100 }),
  rotation: numberProp('rotation', 'Rotation in degrees, clockwise, around the box centre', { default: 0 }),
  shadow_color: colorProp('solid', 'Shadow color (hex or cmyk); absent means no shadow', { import: 'shadow.color' }),
  shadow_blur: numberProp('shadow_blur', 'Shadow blur in pixels', { default: 0, import: 'shadow.blur' }),
  shadow_offset_x: numberProp('shadow_offset_x', 'Horizontal shadow offset in pixels (-200 to 200)', {
    default: 0,
    import: 'shadow.offset_x',
  }),
  shadow_offset_y: numberProp('shadow_offset_y', 'Vertical shadow offset in pixels (-200 to 200)', {
    default: 0,
    import: 'shadow.offset_y',
  }),
};

/** Padding reads as text to a client (`"12 24"`), though one number is taken too. */
const paddingProp = (help: string) => ({
  ...objectProp<string | number, Padding>()(paddingSchema, help, { override: { rule: 'padding' } }),
  kind: 'text' as const,
});

const typography = (maxPayload: number) => ({
  payload: textProp({ min: 1, max: maxPayload }, 'Text content (i.e. Lorem ipsum)', { required: true }),
  font: fontProp({ min: 1, max: 200 }, 'Font family name or font id; absent: the default font (Inter)'),
  font_size: numberProp('font_size', 'Font size (pixels; points on print)', { required: true }),
  // Non-hundred weights are rounded with a font_weight_adjusted warning before the design schema runs.
  font_weight: integerProp({ min: 100, max: 900, unit: 'integer' }, 'Font weight, 100 to 900', {
    default: 400,
    override: { values: FONT_WEIGHTS },
  }),
  font_style: enumProp(FONT_STYLES, 'normal or italic', { default: 'normal', override: null }),
  color: colorProp('rgb-fill', 'Text color (hex, gradient on non-print designs, cmyk on print)', { default: '#000000' }),
  line_height: numberProp('line_height', 'Line height in percent of the font size', { default: 120 }),
  letter_spacing: numberProp('letter_spacing', 'Extra spacing between characters', { default: 0 }),
  text_transform: enumProp(TEXT_TRANSFORMS, 'none, uppercase, lowercase, titlecase, capitalize', { default: 'none' }),
  stroke_width: numberProp('stroke_width', 'Width of the text stroke', { default: 0, import: 'stroke.width' }),
  stroke_color: colorProp('solid', 'Stroke color (hex or cmyk)', { import: 'stroke.color' }),
  auto_resize: boolProp('Shrink the font until the text fits (needs min_font_size)', { default: false }),
  min_font_size: numberProp('min_font_size', 'Smallest font size auto_resize may use'),
});

const TEXT = {
  ...SHARED,
  ...typography(TEXT_PAYLOAD_MAX),
  alignment: enumProp(TEXT_ALIGNMENTS, 'Position of the text inside its box', {
    default: 'top left' as TextAlignment,
    import: 'text_align',
  }),
  background_color: colorProp('rgb-fill', 'Color displayed behind the text'),
  background_padding: paddingProp('Padding of the background: "<vertical> <horizontal>" or one number'),
  skew_y: numberProp('skew_y', 'Slant on the y axis (-20 to 20)', { default: 0 }),
  max_lines: numberProp('max_lines', 'Maximum number of lines'),
  text_harmony: boolProp('Balance line lengths', { default: false }),
  text_truncation: boolProp('Truncate with an ellipsis when the text does not fit', { default: false }),
  side_border: enumProp(SIDE_BORDERS, 'Side of the side border', { default: 'none' }),
  side_border_thickness: numberProp('side_border_thickness', 'Thickness of the side border', { default: 0 }),
  side_border_color: colorProp('solid', 'Color of the side border'),
  side_border_rounded: boolProp('Rounded side border ends', { default: false }),
  side_border_padding: numberProp('side_border_padding', 'Distance between the text and the side border', { default: 0 }),
  side_border_offset: numberProp('side_border_offset', 'Shift of the side border along its axis', { default: 0 }),
  side_border_spread: numberProp('side_border_spread', 'Extension of the side border beyond the text', { default: 0 }),
};

const BUTTON = {
  ...SHARED,
  ...typography(BUTTON_PAYLOAD_MAX),
  alignment: enumProp(BOX_ALIGNMENTS, 'Placement of the button box', { default: 'middle center' as BoxAlignment }),
  text_align: enumProp(BUTTON_TEXT_ALIGNS, 'Alignment of the label in the box', { default: 'center' }),
  background_color: colorProp('fill', 'Fill of the button box (hex, cmyk or gradient)'),
  background_padding: paddingProp('Padding around the label: "<vertical> <horizontal>" or one number'),
  border_radius: objectProp<Radius>()(radiusSchema(), 'Corner radius: one number or {tl,tr,br,bl}', { default: 0, import: 'radius' }),
  text_shadow_color: colorProp('solid', 'Shadow color of the label', { import: 'text_shadow.color' }),
  text_shadow_blur: numberProp('text_shadow_blur', 'Blur of the label shadow', { default: 0, import: 'text_shadow.blur' }),
  text_shadow_offset_x: numberProp('text_shadow_offset_x', 'Horizontal offset of the label shadow', {
    default: 0,
    import: 'text_shadow.offset_x',
  }),
  text_shadow_offset_y: numberProp('text_shadow_offset_y', 'Vertical offset of the label shadow', {
    default: 0,
    import: 'text_shadow.offset_y',
  }),
  icon_url: urlProp('Icon beside the label (asset, URL or data URL)', { import: 'icon_src' }),
  icon_color: colorProp('solid', 'Recolours an SVG icon'),
  icon_size: numberProp('icon_size', 'Icon edge length; defaults to the font size'),
  icon_gap: numberProp('icon_gap', 'Gap between icon and label', { default: 0 }),
  icon_position: enumProp(ICON_POSITIONS, 'Side of the icon', { default: 'left', override: null }),
};

const IMAGE = {
  ...SHARED,
  image_url: urlProp('Image source (asset, URL or data URL); absent: an empty slot a generation fills, drawn as nothing', {
    import: 'src',
  }),
  fitting_type: enumProp(FITTING_TYPES, 'cover crops to fill the box; fill shows the whole image', { default: 'cover' }),
  alignment: enumProp(BOX_ALIGNMENTS, 'Anchor of the image in its box', { default: 'middle center' as BoxAlignment }),
  position_offset_x: numberProp('position_offset_x', 'Shift of the picture inside its box, rightwards, in the length unit', { default: 0 }),
  position_offset_y: numberProp('position_offset_y', 'Shift of the picture inside its box, downwards, in the length unit', { default: 0 }),
  zoom: numberProp('zoom', 'Scale of the picture in percent around its alignment anchor (10-1000), clipped to the box', { default: 100 }),
  stroke_width: numberProp('stroke_width', 'Width of the frame drawn outside the image', { default: 0, import: 'stroke.width' }),
  stroke_color: colorProp('solid', 'Color of the image frame', { import: 'stroke.color' }),
  mask_name: enumProp(MASK_NAMES, 'Mask shape applied to the image'),
  mask_properties: objectProp<{ radius?: Radius; skew_y?: number }, MaskProperties>()(
    {
      radius: objectProp<Radius>()(radiusSchema(), 'Corner radius of rounded_corners: one number or {tl,tr,br,bl}'),
      skew_y: numberProp('mask_properties.skew_y', 'Slant of the mask on the y axis (-22 to 22)'),
    },
    'Mask settings; radius for rounded_corners',
    { override: { rule: 'mask_properties' } },
  ),
  filter_name: enumProp(FILTER_NAMES, 'Filter applied to the image'),
  filter_properties: objectProp<{ name?: (typeof DUOTONE_NAMES)[number] }>()(
    { name: enumProp(DUOTONE_NAMES, 'Duotone palette') },
    'Duotone palette name',
    { override: { rule: 'filter_properties' } },
  ),
  overlay_direction: enumProp(OVERLAY_DIRECTIONS, 'Direction of the color overlay'),
  overlay_color_1: colorProp('solid', 'First overlay color'),
  overlay_color_2: colorProp('solid', 'Second overlay color'),
};

const LOGO = {
  ...SHARED,
  image_url: urlProp('Logo source (asset, URL or data URL); absent: an empty slot a generation fills, drawn as nothing', { import: 'src' }),
  alignment: enumProp(BOX_ALIGNMENTS, 'Anchor of the logo in its box', { default: 'middle center' as BoxAlignment }),
  position_offset_x: numberProp('position_offset_x', 'Shift of the picture inside its box, rightwards, in the length unit', { default: 0 }),
  position_offset_y: numberProp('position_offset_y', 'Shift of the picture inside its box, downwards, in the length unit', { default: 0 }),
  zoom: numberProp('zoom', 'Scale of the picture in percent around its alignment anchor (10-1000), clipped to the box', { default: 100 }),
  border_radius: objectProp<Radius>()(
    radiusSchema(),
    'Corner radius of the logo box, which clips the picture: one number or {tl,tr,br,bl}',
    {
      default: 0,
      import: 'radius',
    },
  ),
};

const SHAPE = {
  ...SHARED,
  shape_type: enumProp(SHAPE_TYPES, 'Geometry of the shape, stretched to its box', {
    default: 'rectangle',
    override: null,
    import: 'shape',
  }),
  background_color: colorProp('fill', 'Fill (hex, cmyk or gradient)'),
  border_radius: objectProp<Radius>()(
    radiusSchema(),
    'Corner radius: one number or {tl,tr,br,bl} on a rectangle, one number for every corner of the other straight-edged geometries',
    { default: 0, import: 'radius' },
  ),
  stroke_width: numberProp('stroke_width', 'Width of the stroke', { default: 0, import: 'stroke.width' }),
  stroke_color: colorProp('solid', 'Stroke color', { import: 'stroke.color' }),
  pattern_name: enumProp(PATTERN_NAMES, 'Pattern drawn over the fill'),
  pattern_color: colorProp('solid', 'Color of the pattern'),
};

const ILLUSTRATION = {
  ...SHARED,
  illustration_type: {
    ...enumProp(ILLUSTRATION_TYPES, `Illustration library: ${ILLUSTRATION_TYPES.join(', ')}; custom = SVG source in illustration_file`, {
      default: 'custom',
    }),
    design: illustrationTypeSchema,
  },
  illustration_file: textProp({ min: 1, max: 2_000_000 }, 'SVG source (custom) or illustration name', { required: true }),
  illustration_properties: objectProp<{ primary_color?: ColorText }, { primary_color?: Color }, { primary_color: Color | null }>()(
    { primary_color: colorProp('solid', 'Recolours every painted fill and stroke of the SVG') },
    'primary_color recolours the illustration',
    { default: {}, override: { rule: 'illustration_properties' } },
  ),
  alignment: enumProp(BOX_ALIGNMENTS, 'Anchor of the illustration in its box', { default: 'middle center' as BoxAlignment }),
};

const RATING = {
  ...SHARED,
  rating_score: numberProp('rating_score', 'Score out of 100 (50 = 2.5/5)', { default: 100 }),
  star_count: numberProp('star_count', 'Number of stars', { default: 5 }),
  star_dimension: numberProp('star_dimension', 'Size of one star', { default: 48 }),
  star_margin: numberProp('star_margin', 'Space between stars', { default: 8 }),
  star_color: colorProp('rgb-fill', 'Color of the filled stars (hex, cmyk, or a gradient on non-print designs)', {
    default: '#FFCD59',
    override: { color: 'solid' },
  }),
  background_color: colorProp('rgb-fill', 'Color of the empty stars (hex, cmyk, or a gradient on non-print designs)', {
    default: '#EAEAEA',
    override: { color: 'solid' },
  }),
  alignment: enumProp(BOX_ALIGNMENTS, 'Anchor of the stars in the box', { default: 'middle left' as BoxAlignment }),
};

const QRCODE = {
  ...SHARED,
  payload: textProp({ min: 0, max: QRCODE_PAYLOAD_MAX }, 'Content of the QR code; empty: a slot a generation fills, drawn as nothing', {
    default: '',
    override: { length: { min: 1, max: QRCODE_PAYLOAD_MAX } },
  }),
  foreground_color: colorProp('solid', 'Color of the modules', { default: '#000000' }),
  background_color: colorProp('solid', 'Color behind the modules', { default: '#FFFFFF' }),
  error_correction: enumProp(ERROR_CORRECTION_LEVELS, 'Error correction level; absent: M, or H when an icon is drawn', { override: null }),
  margin: integerProp({ min: 0, max: 100, unit: 'integer' }, 'Quiet zone around the code, in modules', {
    default: DEFAULT_QRCODE_MARGIN,
    override: null,
  }),
  image_url: urlProp('Icon in the middle (asset, URL or data URL; a data URL of at most 1 MB)', { import: 'icon_src' }),
  hide_icon: boolProp('Hide the icon', { default: false }),
};

const VIDEO = {
  ...SHARED,
  video_url: urlProp('Video source (mp4)', { required: true, import: 'src' }),
  video_duration: numberProp('video_duration', 'Seconds of the video to play'),
  video_muted: mutedProp('Mute the video', { default: false, import: 'muted' }),
  max_volume: numberProp('max_volume', 'Volume, 0 to 1', { default: 1 }),
  fitting_type: enumProp(FITTING_TYPES, 'cover crops to fill the box; fill shows the whole video', { default: 'cover' }),
};

const AUDIO = {
  ...SHARED,
  audio_url: urlProp('Audio source (mp3, wav)', { required: true, import: 'src' }),
  audio_muted: mutedProp('Mute the audio', { default: false, import: 'muted' }),
  max_volume: numberProp('max_volume', 'Volume, 0 to 1', { default: 1 }),
  speed: numberProp('speed', 'Playback speed', { default: 1 }),
};

const GROUP = {
  ...SHARED,
  locked: boolProp('Locked in the editor', { default: false, override: null, onLayer: true }),
  auto_layout: boolProp('Lay the children out in a row or column', { default: false, override: null }),
  direction: enumProp(GROUP_DIRECTIONS, 'Auto-layout direction', { override: null }),
  placement: enumProp(GROUP_PLACEMENTS, 'Auto-layout placement along the direction; absent: from alignment, else start', {
    override: null,
  }),
  alignment: enumProp(BOX_ALIGNMENTS, 'Auto-layout: where the run sits in the group box (9 cells)', { override: null }),
  gap: numberProp('gap', 'Auto-layout gap'),
  mask: objectProp<GroupMask>()(maskSchema, 'Mask clipping the children'),
};

const CODE = {
  ...SHARED,
  html: textProp({ min: 0, max: 200_000 }, 'Custom HTML of the layer (read-only)', { required: true, override: null }),
};

/** Every property of every layer type. */
export const LAYER_PROPERTIES = {
  text: TEXT,
  button: BUTTON,
  image: IMAGE,
  logo: LOGO,
  shape: SHAPE,
  illustration: ILLUSTRATION,
  rating: RATING,
  qrcode: QRCODE,
  video: VIDEO,
  audio: AUDIO,
  group: GROUP,
  code: CODE,
} as const satisfies Record<LayerType, Record<string, PropertyEntry>>;

export type LayerProperties = typeof LAYER_PROPERTIES;

/** A problem of a layer's properties taken together, at the path of the property it names. */
export interface ConstraintIssue {
  path: string[];
  /** An error refuses the design; `property_dropped_for_type` drops the value with a warning. */
  code: 'unsupported_for_type' | 'out_of_range' | 'property_dropped_for_type';
  message: string;
}

/** A corner radius that rounds nothing: absent, 0, or every given corner 0. */
export const radiusIsZero = (r: unknown): boolean =>
  r === undefined || r === 0 || (typeof r === 'object' && r !== null && Object.values(r).every((v) => v === undefined || v === 0));

/**
 * The rules between properties of one layer (docs/design-format.md): each refuses a value that
 * would otherwise be accepted and have no effect. Read by the design parser on every property bag.
 */
export const LAYER_CONSTRAINTS: Partial<Record<LayerType, (props: Record<string, unknown>) => ConstraintIssue[]>> = {
  shape: (p) => {
    const type = (p.shape_type ?? 'rectangle') as string;
    if (radiusIsZero(p.border_radius)) return [];
    if ((CURVED_SHAPE_TYPES as readonly string[]).includes(type))
      return [{ path: ['border_radius'], code: 'unsupported_for_type', message: `a ${type} has no corner to round` }];
    if (type !== 'rectangle' && typeof p.border_radius === 'object')
      return [
        {
          path: ['border_radius'],
          code: 'unsupported_for_type',
          message: `a ${type} takes one radius for every corner, not {tl,tr,br,bl}`,
        },
      ];
    return [];
  },
  illustration: (p) => {
    const color = (p.illustration_properties as { primary_color?: unknown } | undefined)?.primary_color;
    return p.illustration_type === 'twemoji' && color !== undefined
      ? [
          {
            path: ['illustration_properties', 'primary_color'],
            // Abyssale's import accepts it (an export may carry it): dropped with a warning, never ignored silently.
            code: 'property_dropped_for_type',
            message: 'twemoji drawings are multicoloured emoji: primary_color cannot recolour them and was dropped',
          },
        ]
      : [];
  },
  qrcode: (p) => {
    const icon = p.image_url;
    if (typeof icon !== 'string' || !icon.startsWith('data:')) return [];
    const body = icon.slice(icon.indexOf(',') + 1);
    const bytes = /;base64,/.test(icon.slice(0, icon.indexOf(',') + 1)) ? Math.floor((body.length * 3) / 4) : body.length;
    return bytes > QRCODE_ICON_MAX_BYTES
      ? [{ path: ['image_url'], code: 'out_of_range', message: `the icon is ${bytes} bytes; a data URL icon holds at most 1 MB` }]
      : [];
  },
};

/** Layer types no request can target (docs/overrides.md): overrides on them change nothing. */
export { UNTARGETABLE_LAYER_TYPES };

/** Whether a request can target a layer of this type. */
export function isTargetable(type: LayerType): boolean {
  return !(UNTARGETABLE_LAYER_TYPES as readonly LayerType[]).includes(type);
}

/** The catalogue entry of a property on a layer type, or undefined when the type does not have it. */
export function propertyEntry(type: LayerType, name: string): PropertyEntry | undefined {
  const table: Readonly<Record<string, PropertyEntry>> = LAYER_PROPERTIES[type];
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
