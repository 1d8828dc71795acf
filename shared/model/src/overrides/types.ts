import type { Color } from '../color/types.js';
import type { FONT_WEIGHTS } from '../fonts/types.js';
import type {
  BUTTON_TEXT_ALIGNS,
  DUOTONE_NAMES,
  FILTER_NAMES,
  FITTING_TYPES,
  MASK_NAMES,
  OVERLAY_DIRECTIONS,
  PATTERN_NAMES,
  SIDE_BORDERS,
  TEXT_TRANSFORMS,
} from '../properties/values.js';
import type { EncodedImage } from './encoded.js';
import type {
  ALIGNMENTS,
  AUTO_FOCUS_MODELS,
  EXPAND_MODELS,
  FOCUS_FRAMINGS,
  FOCUS_TARGETS,
  FOCUS_ZOOMS,
  REMOVE_BG_MODELS,
  TEXT_ONLY_ALIGNMENTS,
  TextToImageModel,
  UPSCALE_FACTORS_BY_MODEL,
} from './enums.js';

export type { EncodedImage };

/**
 * The validated, normalised overrides of one request (or one page of a multipage request).
 * Records are null-prototype objects: a layer may be named `__proto__` or `constructor`.
 */
export interface NormalisedOverrides {
  /** Keyed by layer name, `root` included. Unknown names are kept until checkAgainstDesign drops them. */
  layers: Record<string, LayerOverride>;
  /** Design-wide text variables (`vars`), name → value. Empty when not sent. */
  vars: Record<string, string>;
}

export interface Padding {
  vertical: number;
  horizontal: number;
}

export interface AutoFocusSettings {
  model?: (typeof AUTO_FOCUS_MODELS)[number];
  focus_objects?: string[];
  focus_framing?: (typeof FOCUS_FRAMINGS)[number];
  /** Top-level `false` arrives here as 'off'. */
  focus_zoom?: (typeof FOCUS_ZOOMS)[number];
  focus_target?: (typeof FOCUS_TARGETS)[number];
}

export interface TextToImageProperties {
  prompt: string;
  model?: TextToImageModel;
  ratio?: string;
  quality?: string;
  inpaint_images?: string[];
}

export interface UpscaleProperties {
  model?: keyof typeof UPSCALE_FACTORS_BY_MODEL;
  upscale_factor?: 1 | 2 | 3 | 4;
}

/**
 * Every property a layer override may carry, by its wire name. Only the properties that were
 * sent are present. Colors are parsed (`Color`), already in RGB on static/animated designs
 * and in the notation written on print designs.
 */
export interface LayerOverride {
  // Every layer.
  hidden?: boolean;
  shadow_color?: Color;
  shadow_blur?: number;
  shadow_offset_x?: number;
  shadow_offset_y?: number;

  // Text and button.
  payload?: string;
  color?: Color;
  background_color?: Color;
  background_padding?: Padding;
  font_size?: number;
  font?: string;
  font_weight?: (typeof FONT_WEIGHTS)[number];
  line_height?: number;
  skew_y?: number;
  alignment?: (typeof ALIGNMENTS)[number] | (typeof TEXT_ONLY_ALIGNMENTS)[number];
  stroke_width?: number;
  stroke_color?: Color;
  text_transform?: (typeof TEXT_TRANSFORMS)[number];
  auto_resize?: boolean;
  min_font_size?: number;
  max_lines?: number;
  text_harmony?: boolean;
  text_truncation?: boolean;
  side_border?: (typeof SIDE_BORDERS)[number];
  side_border_thickness?: number;
  side_border_color?: Color;
  side_border_rounded?: boolean;
  side_border_padding?: number;
  side_border_offset?: number;
  side_border_spread?: number;

  // Button.
  text_align?: (typeof BUTTON_TEXT_ALIGNS)[number];
  text_shadow_color?: Color;
  text_shadow_blur?: number;
  text_shadow_offset_x?: number;
  text_shadow_offset_y?: number;
  icon_url?: string;
  icon_color?: Color;
  /** Dropped when icon_url is also sent (icon_url wins). */
  icon_encoded?: EncodedImage;

  // Image and logo (image_url also on qrcode: the centre icon).
  image_url?: string;
  /** Dropped when image_url is also sent (image_url wins). */
  image_encoded?: EncodedImage;
  opacity?: number;
  fitting_type?: (typeof FITTING_TYPES)[number];
  mask_name?: (typeof MASK_NAMES)[number];
  mask_properties?: { radius?: number | { tl?: number; tr?: number; br?: number; bl?: number }; skew_y?: number };
  filter_name?: (typeof FILTER_NAMES)[number];
  filter_properties?: { name?: (typeof DUOTONE_NAMES)[number] };
  overlay_direction?: (typeof OVERLAY_DIRECTIONS)[number];
  overlay_color_1?: Color;
  overlay_color_2?: Color;
  remove_bg?: boolean;
  remove_bg_properties?: { remove_bg_crop?: boolean; model?: (typeof REMOVE_BG_MODELS)[number] };
  auto_focus?: boolean;
  /** The five top-level auto-focus settings merged in; the nested value wins per field. */
  auto_focus_properties?: AutoFocusSettings;
  /** Async only. The string shorthand arrives as `true` with text_to_image_properties filled in. */
  text_to_image?: boolean;
  text_to_image_properties?: TextToImageProperties;
  expand?: boolean;
  expand_properties?: { model?: (typeof EXPAND_MODELS)[number] };
  upscale?: boolean;
  upscale_properties?: UpscaleProperties;

  // Shape.
  pattern_name?: (typeof PATTERN_NAMES)[number];
  pattern_color?: Color;

  // Rating.
  rating_score?: number;
  star_dimension?: number;
  star_margin?: number;
  star_color?: Color;

  // Illustration.
  illustration_type?: string;
  illustration_file?: string;
  illustration_properties?: { primary_color?: Color };

  // QR code.
  foreground_color?: Color;
  hide_icon?: boolean;

  // Video and audio.
  video_url?: string;
  audio_url?: string;
  audio_encoded?: string;
  /** Boolean (as the design read reports it) or 0–1; normalised to a number (true → 1). */
  audio_muted?: number;
  /** Boolean or 0–1; normalised to a number (true → 1). */
  video_muted?: number;
  max_volume?: number;
  speed?: number;
}
