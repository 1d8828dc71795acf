/**
 * The stored design document: what `parseDesignDocument` returns, what the `designs.document`
 * column holds, what `POST /designs/import/json` accepts and what `GET /designs/<id>/as-import`
 * returns. One shape for all four, so an export re-imports to the same design.
 *
 * Conventions (see docs/design-format.md):
 * - Property names are the public attribute ids (`payload`, `font_size`, `image_url`...), so a
 *   design read and a generation override speak the same vocabulary as the stored document.
 * - A layer's `properties` hold its values for every format; `overrides[formatId]` replaces some
 *   of them in one format. Properties with a documented default are always present after
 *   parsing; the others are optional and absent means "feature off".
 * - Geometry is integer pixels on static/animated designs and float physical units (mm or in,
 *   `print.unit`) on printer designs. Colors are hex/gradients on RGB designs and CMYK (or hex)
 *   on print designs.
 */

import type {
  BUTTON_TEXT_ALIGNS,
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
  SHAPE_TYPES,
  SIDE_BORDERS,
  TEXT_TRANSFORMS,
} from '../properties/values.js';

export const DESIGN_TYPES = ['static', 'animated', 'printer', 'printer_multipage'] as const;
export type DesignType = (typeof DESIGN_TYPES)[number];

/** Authorable layer types. `container` is the implicit root wrapper and never authored. */
export const LAYER_TYPES = [
  'text',
  'button',
  'image',
  'logo',
  'shape',
  'illustration',
  'rating',
  'qrcode',
  'video',
  'audio',
  'group',
  'code',
] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** Every layer type a read can report, including the implicit wrapper. */
export type ElementType = LayerType | 'container';

export type FormatUnit = 'px' | 'mm' | 'in';
export type PrintUnit = 'mm' | 'in';

/** A layer's box in one format. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DesignFormat {
  /** The format id used in generation (`template_format_name`); `id` in reads. Unique. */
  name: string;
  width: number;
  height: number;
  unit: FormatUnit;
  /** Background of the whole canvas (the `root` element). Null = transparent/white by output. */
  background_color: string | null;
  /** Printer only: overrides `print.bleed` for this format. Null = use the document value. */
  bleed: number | null;
  /** Printer only: overrides `print.safe` for this format. Null = use the document value. */
  safe: number | null;
}

export interface PrintSettings {
  unit: PrintUnit;
  /** Requested render DPI, 1–300. The effective DPI may be lower, see `renderDpi`. */
  dpi: number;
  /** Bleed in `unit`; 0 = no bleed zone. */
  bleed: number;
  /** Safe zone in `unit`; 0 = off. */
  safe: number;
}

export interface DesignAnimation {
  /** Timeline length in seconds. */
  duration: number;
  /** Moment of the HTML5 backup screenshot, seconds (always set on parsed designs). */
  screenshot_at_s: number;
}

export const TWEEN_TYPES = ['slide', 'fade', 'scale', 'rotate', 'audioFade', 'textEffect'] as const;
export type TweenType = (typeof TWEEN_TYPES)[number];
export const EASINGS = ['linear', 'ease-in', 'ease-out', 'ease-in-out'] as const;
export type Easing = (typeof EASINGS)[number];

export interface Keyframe {
  /** Absolute timeline time in seconds. */
  time: number;
  /**
   * Values this keyframe sets: fade `{opacity}` (0–1), slide `{left, top}` (px offset from
   * the layer's box in the rendered format, both keys, so one tween works in every format),
   * scale `{scale}` (percent), rotate `{angle}` (degrees), audioFade `{volumeEffect}` (0–1),
   * textEffect `{typewriting, textEffectType, textEffectSplit, textEffectTiming}`.
   */
  attr: Record<string, number | string>;
  /** Easing from this keyframe to the next. */
  easing: Easing;
}

export interface Tween {
  id: string;
  type: TweenType;
  /** Sorted by time, at least 2. */
  keyframes: Keyframe[];
}

export interface ElementAnimation {
  /** When the layer appears; null = from the start. */
  start_at_s: number | null;
  /** When the layer disappears; null = until the end. */
  end_at_s: number | null;
  tweens: Tween[];
}

/** Solid colors (hex or cmyk) or gradient strings, validated against the color grammar. */
export type ColorText = string;
/**
 * A media reference: `asset:<name>` (an entry of `assets`), `https://…`/`http://…`, or a
 * `data:` URL. Resolve with `resolveSource`.
 */
export type Source = string;
/** A single radius or one per corner. */
export type Radius = number | { tl: number; tr: number; br: number; bl: number };

/** Accepted by every layer type. */
export interface SharedProperties {
  hidden: boolean;
  /** 0–100. */
  opacity: number;
  /** Degrees, clockwise, around the box centre. */
  rotation: number;
  /** Absent = no shadow. Solid only. */
  shadow_color?: ColorText;
  shadow_blur: number;
  shadow_offset_x: number;
  shadow_offset_y: number;
}

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
/** Justified alignments (the SDK's TextAlignment): text layers only. */
export const JUSTIFIED_ALIGNMENTS = [
  'justify',
  'justify-left',
  'justify-center',
  'justify-right',
  'top justify',
  'top justify-left',
  'top justify-center',
  'top justify-right',
  'middle justify',
  'middle justify-left',
  'middle justify-center',
  'middle justify-right',
  'bottom justify',
  'bottom justify-left',
  'bottom justify-center',
  'bottom justify-right',
] as const;
export const TEXT_ALIGNMENTS = [...BOX_ALIGNMENTS, ...JUSTIFIED_ALIGNMENTS] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];
export type TextTransform = (typeof TEXT_TRANSFORMS)[number];
export type SideBorder = (typeof SIDE_BORDERS)[number];

/** Typography shared by text and button labels. Sizes: px (int) on RGB designs, pt on print. */
export interface TypographyProperties {
  payload: string;
  /** Font family name from the font catalogue (e.g. `Montserrat`) or a font id (uuid); absent: Inter. */
  font?: string;
  font_size: number;
  /** 100…900 in steps of 100. */
  font_weight: number;
  font_style: (typeof FONT_STYLES)[number];
  color: ColorText;
  /** Percent of the font size. */
  line_height: number;
  /** Extra spacing between characters, px (pt on print). */
  letter_spacing: number;
  text_transform: TextTransform;
  stroke_width: number;
  stroke_color?: ColorText;
  auto_resize: boolean;
  /** Required when `auto_resize` is true. */
  min_font_size?: number;
}

export interface TextProperties extends SharedProperties, TypographyProperties {
  /** On a text layer the alignment is the position of the text in its box. */
  alignment: TextAlignment;
  background_color?: ColorText;
  /** `"<vertical> <horizontal>"` or one number, px. Only used with `background_color`. */
  background_padding?: string | number;
  skew_y: number;
  max_lines?: number;
  text_harmony: boolean;
  text_truncation: boolean;
  side_border: SideBorder;
  side_border_thickness: number;
  side_border_color?: ColorText;
  side_border_rounded: boolean;
  side_border_padding: number;
  side_border_offset: number;
  side_border_spread: number;
}

export interface ButtonProperties extends SharedProperties, TypographyProperties {
  /** Position of the button box when the label does not fill its design box. */
  alignment: BoxAlignment;
  /** Label alignment inside the box. */
  text_align: (typeof BUTTON_TEXT_ALIGNS)[number];
  /** Fill of the box; gradients allowed (also on print). */
  background_color?: ColorText;
  /** `"<vertical> <horizontal>"` or one number. */
  background_padding?: string | number;
  border_radius: Radius;
  text_shadow_color?: ColorText;
  text_shadow_blur: number;
  text_shadow_offset_x: number;
  text_shadow_offset_y: number;
  icon_url?: Source;
  /** Recolours an SVG icon. */
  icon_color?: ColorText;
  /** Icon edge length; absent = the label's font size. */
  icon_size?: number;
  icon_gap: number;
  icon_position: (typeof ICON_POSITIONS)[number];
}

export type MaskName = (typeof MASK_NAMES)[number];

export interface ImageProperties extends SharedProperties {
  /** Absent: an empty slot a generation fills; drawn as nothing. */
  image_url?: Source;
  /** cover: fill the box and crop; fill: the whole image inside the box (CSS contain). */
  fitting_type: (typeof FITTING_TYPES)[number];
  alignment: BoxAlignment;
  position_offset_x: number;
  position_offset_y: number;
  /** Percent, around the alignment anchor. */
  zoom: number;
  stroke_width: number;
  stroke_color?: ColorText;
  mask_name?: MaskName;
  mask_properties?: { radius?: Radius; skew_y?: number };
  filter_name?: (typeof FILTER_NAMES)[number];
  filter_properties?: { name?: (typeof DUOTONE_NAMES)[number] };
  overlay_direction?: (typeof OVERLAY_DIRECTIONS)[number];
  overlay_color_1?: ColorText;
  overlay_color_2?: ColorText;
}

export interface LogoProperties extends SharedProperties {
  /** Absent: an empty slot a generation fills; drawn as nothing. */
  image_url?: Source;
  /** A logo is always contained; alignment places it in its box. */
  alignment: BoxAlignment;
  position_offset_x: number;
  position_offset_y: number;
  zoom: number;
}

export interface ShapeProperties extends SharedProperties {
  shape_type: (typeof SHAPE_TYPES)[number];
  /** Fill; gradients allowed (also on print). Absent = no fill. */
  background_color?: ColorText;
  border_radius: Radius;
  stroke_width: number;
  stroke_color?: ColorText;
  pattern_name?: (typeof PATTERN_NAMES)[number];
  pattern_color?: ColorText;
}

export interface IllustrationProperties extends SharedProperties {
  /** Library name; `custom` means `illustration_file` is an SVG source. */
  illustration_type: (typeof ILLUSTRATION_TYPES)[number];
  /** SVG source (asset/url/data) for `custom`, else the illustration's name in its library. */
  illustration_file: string;
  /** `primary_color` recolours every painted SVG fill/stroke. */
  illustration_properties: { primary_color?: ColorText };
  alignment: BoxAlignment;
}

export interface RatingProperties extends SharedProperties {
  /** Score out of 100 (50 = 2.5 of 5 stars). */
  rating_score: number;
  star_count: number;
  /** Edge of one star, px. */
  star_dimension: number;
  star_margin: number;
  star_color: ColorText;
  /** Color of the unfilled part of the stars. */
  background_color: ColorText;
  alignment: BoxAlignment;
}

export interface QrcodeProperties extends SharedProperties {
  payload: string;
  foreground_color: ColorText;
  background_color: ColorText;
  /** Absent: M, or H when an icon is drawn. */
  error_correction?: (typeof ERROR_CORRECTION_LEVELS)[number];
  /** Quiet zone in modules, 0–100. */
  margin: number;
  /** Icon in the middle. */
  image_url?: Source;
  hide_icon: boolean;
}

export interface VideoProperties extends SharedProperties {
  video_url: Source;
  /** Seconds of the source to play; absent = probe the file. */
  video_duration?: number;
  video_muted: boolean;
  /** 0–1. */
  max_volume: number;
  fitting_type: (typeof FITTING_TYPES)[number];
}

export interface AudioProperties extends SharedProperties {
  audio_url: Source;
  audio_muted: boolean;
  max_volume: number;
  /** 0.25–2. */
  speed: number;
}

/** Read-only custom HTML layer of animated designs. */
export interface CodeProperties extends SharedProperties {
  html: string;
}

export interface GroupMask {
  shape: (typeof MASK_SHAPES)[number];
  width?: number;
  height?: number;
  center_x?: number;
  center_y?: number;
  rx?: number;
  ry?: number;
  rotation?: number;
  radius?: Radius;
}

export interface GroupProperties extends SharedProperties {
  locked: boolean;
  /** Not stored on animated designs (the read's `group` is empty there). */
  auto_layout: boolean;
  direction?: (typeof GROUP_DIRECTIONS)[number];
  placement?: (typeof GROUP_PLACEMENTS)[number];
  /** Where the auto-layout run sits in the group box (9 cells). */
  alignment?: BoxAlignment;
  gap?: number;
  /** Present in every format or none; clips the children. */
  mask?: GroupMask;
}

export interface PropertiesByType {
  text: TextProperties;
  button: ButtonProperties;
  image: ImageProperties;
  logo: LogoProperties;
  shape: ShapeProperties;
  illustration: IllustrationProperties;
  rating: RatingProperties;
  qrcode: QrcodeProperties;
  video: VideoProperties;
  audio: AudioProperties;
  group: GroupProperties;
  code: CodeProperties;
}

interface ElementBase<T extends LayerType> {
  /** Layer name, unique in the design (or page); the override key. `root`/`vars` are reserved. */
  name: string;
  type: T;
  properties: PropertiesByType[T];
  /** Per-format replacements, keyed by format id. */
  overrides: Record<string, Partial<PropertiesByType[T]>>;
  /** Animated designs only; null when the layer has no timing or tweens. */
  animation: ElementAnimation | null;
}

/**
 * One layer of a static/animated/printer design. Elements are in stacking order (first = bottom).
 * A layer exists in exactly the formats its `layout` has a key for.
 */
export type DesignElement = {
  [T in LayerType]: ElementBase<T> & { layout: Record<string, Box> } & Members<T>;
}[LayerType];

/** Group layers only: names of the contained layers (bottom first), one list for all formats. */
type Members<T extends LayerType> = T extends 'group' ? { layer_ids: string[] } : { layer_ids?: undefined };

/** One layer of a multipage page: a single box, no overrides, no animation. */
export type PageElement = {
  [T in LayerType]: Omit<ElementBase<T>, 'overrides' | 'animation'> & { layout: Box } & Members<T>;
}[LayerType];

export interface DesignPage {
  /** `page_1` … `page_N`, in document order. */
  id: string;
  background_color: string | null;
  elements: PageElement[];
}

/** A font face the design brings with it (a custom upload), referenced by family name. */
export interface FontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  src: Source;
}

export interface Asset {
  /**
   * Where the bytes are: `https://…`, a `data:` URL, `file:<relative path>` (to be uploaded by
   * the importer; examples resolve it next to the design file) or `storage:<key>` (in
   * Pressroom's object storage, set by the importer once uploaded).
   */
  src: string;
  content_type?: string;
}

interface DesignCommon {
  name: string;
  /** Keys: variable names without braces; values: the placeholder, e.g. `{first_name}`. */
  variables: Record<string, string>;
  /** Named media referenced as `asset:<name>`. */
  assets: Record<string, Asset>;
  fonts: FontFace[];
}

export interface StaticDesign extends DesignCommon {
  type: 'static';
  formats: DesignFormat[];
  elements: DesignElement[];
}
export interface AnimatedDesign extends DesignCommon {
  type: 'animated';
  formats: DesignFormat[];
  elements: DesignElement[];
  animation: DesignAnimation;
}
export interface PrinterDesign extends DesignCommon {
  type: 'printer';
  formats: DesignFormat[];
  elements: DesignElement[];
  print: PrintSettings;
}
export interface MultipageDesign extends DesignCommon {
  type: 'printer_multipage';
  print: PrintSettings;
  /** Every page shares one size, in `print.unit`. */
  page_size: { width: number; height: number };
  pages: DesignPage[];
}

export type Design = StaticDesign | AnimatedDesign | PrinterDesign | MultipageDesign;
export type FormatDesign = StaticDesign | AnimatedDesign | PrinterDesign;

/** A non-fatal note of the import contract (`Warning` in the spec). */
export interface DesignWarning {
  code: string;
  message: string;
  path?: string;
  layer?: string;
}
