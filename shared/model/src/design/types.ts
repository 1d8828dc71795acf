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

import type { LayerType } from '../properties/layer-types.js';
import type { StoredProperties } from '../properties/types.js';
import type { Source } from '../properties/values.js';

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
/**
 * The choices a textEffect keyframe may carry besides `typewriting`, each with the values Pressroom
 * draws (Abyssale's exports carry all three; `classic`, `letter` and `in` are the defaults). A
 * tween makes each choice once: keyframes that set it agree.
 */
export const TEXT_EFFECT_CHOICES = {
  /** `classic`: typewriting, units shown in reading order. */
  textEffectType: ['classic'],
  /** The unit typewriting shows: a character or a word. */
  textEffectSplit: ['letter', 'word'],
  /** `in`: `typewriting` is the share of units shown (0 = none, 100 = all). */
  textEffectTiming: ['in'],
} as const;
export type TextSplit = (typeof TEXT_EFFECT_CHOICES.textEffectSplit)[number];

export interface Keyframe {
  /** Absolute timeline time in seconds. */
  time: number;
  /**
   * Values this keyframe sets: fade `{opacity}` (0–1), slide `{left, top}` (px offset from
   * the layer's box in the rendered format, both keys, so one tween works in every format),
   * scale `{scale}` (percent), rotate `{angle}` (degrees), audioFade `{volumeEffect}` (0–1),
   * textEffect `{typewriting}` 0–100 and optionally the TEXT_EFFECT_CHOICES. No other key.
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

/**
 * Each layer type's `properties`, inferred from the property catalogue
 * (shared/model/src/properties/catalogue.ts): required where it gives a default or requires the
 * property, optional ("feature off") otherwise.
 */
export type PropertiesByType = { [T in LayerType]: StoredProperties<T> };

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
