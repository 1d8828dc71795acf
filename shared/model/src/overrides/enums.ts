/**
 * Value sets of the request-only override properties (docs/overrides.md, docs/ai.md). The value
 * sets of layer properties are the catalogue's (shared/model/src/properties/values.ts).
 */

export const AUTO_FOCUS_MODELS = ['generic', 'people', 'face'] as const;
export const FOCUS_FRAMINGS = ['face', 'head', 'shoulders', 'full_body'] as const;
/** Nested spelling; the top-level `focus_zoom` says `false` for `off`. */
export const FOCUS_ZOOMS = ['off', 'low', 'medium', 'max'] as const;
export const FOCUS_TARGETS = ['largest', 'left', 'middle', 'right', 'all'] as const;

export const REMOVE_BG_MODELS = ['bria-rmbg-2-0', 'birefnet', 'pixelcut', 'imageUtils', 'ideogram', 'leonardo-remove-bg'] as const;
export const EXPAND_MODELS = ['image-outpaint', 'flux-2-pro-outpaint', 'bria-expand'] as const;

/** Every `upscale_factor` a request may send; each model takes all or some of them. */
export const UPSCALE_FACTORS = [1, 2, 3, 4] as const;
/** Upscale models and the factors each accepts. */
export const UPSCALE_FACTORS_BY_MODEL = {
  'seedvr-upscale': UPSCALE_FACTORS,
  'topaz-precision': UPSCALE_FACTORS,
  'crystal-upscaler': UPSCALE_FACTORS,
  'bria-increase-resolution': [2, 4],
} as const;
export type UpscaleModel = keyof typeof UPSCALE_FACTORS_BY_MODEL;
export const UPSCALE_MODELS = Object.keys(UPSCALE_FACTORS_BY_MODEL) as UpscaleModel[];
export const DEFAULT_UPSCALE_MODEL = 'seedvr-upscale';
/** `upscale_factor` when a request sends none. */
export const DEFAULT_UPSCALE_FACTOR = 2;

/** Text-to-image models and the most inpaint_images each takes (between 3 and 16; docs/ai.md). */
export const INPAINT_MAX_BY_MODEL = {
  'gpt-image-2': 16,
  'gpt-image-2.5-flare': 16,
  'gpt-image-2.5-sunburst': 16,
  'gemini-3-pro': 14,
  'gemini-3.1-flash': 14,
  'nano-banana-2': 14,
  'nano-banana-pro': 14,
  'gpt-image-1.5': 10,
  'flux-2-pro': 8,
  'kling-image-o3': 7,
  'seedream-4.5': 7,
  'seedream-5-pro': 7,
  'qwen-2511': 6,
  'ideogram-4.5': 5,
  'flux-2-klein-9b': 4,
  'wan-2.7': 4,
  'gemini-2.5-flash': 3,
  'grok-imagine': 3,
  'nano-banana': 3,
} as const;
export type TextToImageModel = keyof typeof INPAINT_MAX_BY_MODEL;
export const TEXT_TO_IMAGE_MODELS = Object.keys(INPAINT_MAX_BY_MODEL) as TextToImageModel[];
export const DEFAULT_TEXT_TO_IMAGE_MODEL: TextToImageModel = 'nano-banana-2';
