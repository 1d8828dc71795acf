import type { AutoFocusSettings, IllustrationType } from '@pressroom/model';
/**
 * The render tree of one format: every value resolved (pixels, CSS colors, final text), so the
 * HTML builder only draws and the in-page script only measures. Absent features are explicit
 * `null`s rather than optional fields, so a builder cannot forget one.
 */

export interface PxBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `box`: a box-shadow on the layer's box (shapes, buttons); `drop`: follows the painted pixels. */
export interface PlanShadow {
  mode: 'box' | 'drop';
  color: string;
  blur: number;
  x: number;
  y: number;
}

export interface PlanStroke {
  width: number;
  color: string;
}

/** Where an external resource comes from; the caller fetches `url` through the guarded client. */
export type AssetSource =
  | { kind: 'url'; url: string }
  | { kind: 'base64'; data: string; contentType: string | null }
  | { kind: 'design_asset'; name: string }
  /** Nothing to fetch: text_to_image draws the layer's image (docs/ai.md). */
  | { kind: 'generated' }
  /** A drawing of the bundled illustration set, by name (read from the installed package). */
  | { kind: 'library'; library: Exclude<IllustrationType, 'custom'>; name: string };

export type AssetPurpose = 'image' | 'icon' | 'illustration' | 'font';

export interface AssetRef {
  /** Stable key of the resource within the plan (`<layer>:<purpose>`). */
  ref: string;
  source: AssetSource;
  purpose: AssetPurpose;
}

/** Fitting instructions the in-page script carries out (they need layout). */
export interface TextFit {
  /** Shrink from the font size down to this until the text fits; null = no auto_resize. */
  minFontSize: number | null;
  maxLines: number | null;
  harmony: boolean;
  truncate: boolean;
}

export type VerticalAlign = 'start' | 'center' | 'end';
export type HorizontalAlign = 'left' | 'center' | 'right' | 'justify';

export interface TextAlign {
  vertical: VerticalAlign;
  horizontal: HorizontalAlign;
  /** Alignment of the last line of justified text. */
  lastLine: 'left' | 'center' | 'right';
}

export interface PlanFont {
  /** Catalogue font id, or null for a design font (then `family` is the design's family name). */
  fontId: string | null;
  family: string;
  weight: number;
  style: 'normal' | 'italic';
}

export interface PlanTypography {
  text: string;
  font: PlanFont;
  fontSize: number;
  /** Multiple of the font size. */
  lineHeight: number;
  letterSpacing: number;
  /** Solid CSS color, or a gradient painted through `background-clip: text`. */
  color: string;
  colorIsGradient: boolean;
  stroke: PlanStroke | null;
}

export interface SideBorder {
  side: 'left' | 'right' | 'top' | 'bottom';
  thickness: number;
  color: string;
  rounded: boolean;
  padding: number;
  offset: number;
  spread: number;
}

interface NodeBase {
  name: string;
  box: PxBox;
  /** The layer's own box, where `box` was extended into the print bleed (plan/bleed.ts); absent otherwise. */
  layoutBox?: PxBox;
  /** 0–1. */
  opacity: number;
  rotation: number;
  shadow: PlanShadow | null;
}

export interface TextNode extends NodeBase, PlanTypography {
  kind: 'text';
  align: TextAlign;
  skewY: number;
  background: { color: string; paddingV: number; paddingH: number } | null;
  sideBorder: SideBorder | null;
  fit: TextFit;
}

export interface ButtonNode extends NodeBase, PlanTypography {
  kind: 'button';
  /** Placement of the button box in the design box when it hugs its label. */
  align: { vertical: VerticalAlign; horizontal: 'left' | 'center' | 'right' };
  textAlign: 'left' | 'center' | 'right';
  /** Padding given: the box hugs label + padding; null: the box fills the design box. */
  padding: { vertical: number; horizontal: number } | null;
  background: string | null;
  radius: string;
  textShadow: PlanShadow | null;
  icon: { ref: string; size: number; gap: number; position: 'left' | 'right'; color: string | null } | null;
  autoFit: boolean;
  minFontSize: number | null;
}

export interface ImageNode extends NodeBase {
  kind: 'image' | 'logo';
  ref: string | null;
  fit: 'cover' | 'contain';
  /** CSS object-position. */
  position: string;
  /** `position_offset_x/y` in pixels: the picture moves inside its box (clipped by it). */
  offset: { x: number; y: number };
  /** `zoom` as a factor (1 = as fitted), around the `position` anchor. */
  zoom: number;
  stroke: PlanStroke | null;
  /** CSS border-radius or clip-path of the mask; null = none. */
  clip: { radius: string | null; path: string | null };
  /** grayscale, or duotone: luminance mapped from `dark` (black) to `light` (white); CSS colors. */
  filter: { kind: 'grayscale' } | { kind: 'duotone'; dark: string; light: string } | null;
  /** `mask_properties.skew_y` in degrees: the mask outline slants, the picture stays upright. */
  maskSkewY: number;
  overlay: string | null;
  /**
   * auto_focus: the bytes are cropped to the box around the subject before drawing, with these
   * settings (docs/ai.md); null when auto_focus is off.
   */
  focus: AutoFocusSettings | null;
  /** AI operations run on the image's bytes before it is drawn (docs/ai.md); null when none. */
  ai: ImageAiOps | null;
}

/**
 * text_to_image, expand, remove_bg, then upscale, as the request asked for them on this image
 * layer (docs/ai.md). Each step takes the previous one's result.
 */
export interface ImageAiOps {
  /** The generated image replaces the layer's own. `ratio` is width / height. */
  textToImage: { prompt: string; model: string; ratio: number; quality: string | null; inpaintImages: string[] } | null;
  /** Outpainting to the layer box's aspect (width / height). */
  expand: { model: string | null; aspect: number } | null;
  removeBg: { crop: boolean } | null;
  upscale: { factor: number } | null;
}

export interface ShapeNode extends NodeBase {
  kind: 'shape';
  ellipse: boolean;
  /** The geometry's outline as an SVG path in box pixels (plan/geometry.ts); null: a CSS box (rectangle, ellipse). */
  outline: string | null;
  radius: string;
  fill: string | null;
  stroke: PlanStroke | null;
  /** A repeated tile drawn over the fill, inside the shape's outline; null = none. */
  pattern: { name: string; color: string; tile: number } | null;
}

export interface IllustrationNode extends NodeBase {
  kind: 'illustration';
  ref: string | null;
  /** Every painted pixel takes this color (a CSS mask); null = drawn as authored. */
  recolor: string | null;
  position: string;
}

export interface RatingNode extends NodeBase {
  kind: 'rating';
  /** 0 to starCount, fractional. */
  value: number;
  starCount: number;
  starSize: number;
  starMargin: number;
  /** CSS backgrounds (a colour or a gradient over the row of stars). */
  starColor: string;
  emptyColor: string;
  align: { vertical: VerticalAlign; horizontal: 'left' | 'center' | 'right' };
}

export interface QrcodeNode extends NodeBase {
  kind: 'qrcode';
  /** Module grid edge (without the quiet zone) and one path of the dark modules in module units; 0 and '' for a blank payload. */
  size: number;
  path: string;
  /** Quiet zone around the grid, in modules. */
  margin: number;
  foreground: string;
  background: string;
  iconRef: string | null;
}

export interface GroupNode extends NodeBase {
  kind: 'group';
  children: PlanNode[];
  /** Clip of the children, in canvas pixels; `rotation` turns the clip (not the children) around its centre. */
  mask: { shape: 'rectangle' | 'ellipse'; box: PxBox; radius: string; rotation: number } | null;
  /** Auto-layout that placed the children (their boxes are already moved); null = stored boxes. */
  layout: {
    direction: 'horizontal' | 'vertical';
    placement: 'start' | 'center' | 'end' | 'space-between';
    /** Where members sit across the direction; null: at their stored positions. */
    cross: 'start' | 'center' | 'end' | null;
    gap: number;
  } | null;
}

export type PlanNode = TextNode | ButtonNode | ImageNode | ShapeNode | IllustrationNode | RatingNode | QrcodeNode | GroupNode;

export interface RenderPlan {
  format: string;
  width: number;
  height: number;
  /** CSS background of the canvas; null = transparent (white in JPEG). */
  background: string | null;
  nodes: PlanNode[];
  /** Every external resource, keyed by `ref`. */
  assets: AssetRef[];
  /** Every font face the texts use (without fallbacks). */
  fonts: PlanFont[];
}
