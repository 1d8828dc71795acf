import type { LayerOverrideValues } from '../properties/types.js';
import type { EncodedImage } from './encoded.js';
import type {
  AUTO_FOCUS_MODELS,
  EXPAND_MODELS,
  FOCUS_FRAMINGS,
  FOCUS_TARGETS,
  FOCUS_ZOOMS,
  REMOVE_BG_MODELS,
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
 * sent are present. The catalogue's properties are typed from the catalogue
 * (`LayerOverrideValues`, colours parsed: RGB on static/animated designs, the notation written
 * on print designs); the request-only operations, which are not layer properties, follow.
 */
export type LayerOverride = LayerOverrideValues & RequestOnlyOverride;

/** The operations a request may ask of a layer that no design stores (docs/overrides.md, docs/ai.md). */
export interface RequestOnlyOverride {
  /** Dropped when icon_url is also sent (icon_url wins). */
  icon_encoded?: EncodedImage;
  /** Dropped when image_url is also sent (image_url wins). */
  image_encoded?: EncodedImage;
  audio_encoded?: string;
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
}
