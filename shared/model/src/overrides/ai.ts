import { z } from 'zod';
import {
  AUTO_FOCUS_MODELS,
  DEFAULT_TEXT_TO_IMAGE_MODEL,
  DEFAULT_UPSCALE_MODEL,
  EXPAND_MODELS,
  FOCUS_FRAMINGS,
  FOCUS_TARGETS,
  FOCUS_ZOOMS,
  INPAINT_MAX_BY_MODEL,
  REMOVE_BG_MODELS,
  TEXT_TO_IMAGE_MODELS,
  UPSCALE_FACTORS,
  UPSCALE_FACTORS_BY_MODEL,
  UPSCALE_MODELS,
} from './enums.js';
import { boolean, fail, httpUrl, oneOf, prop, string } from './rules.js';
import type { AutoFocusSettings, TextToImageProperties, UpscaleProperties } from './types.js';

/** Image-layer AI properties (docs/ai.md). */

/** Top-level `focus_zoom` spells off as `false`; both spellings normalise to 'off'. */
export function focusZoom(): z.ZodType<(typeof FOCUS_ZOOMS)[number]> {
  return z.unknown().transform((value, ctx) => {
    if (value === false) return 'off' as const;
    if (!FOCUS_ZOOMS.includes(value as (typeof FOCUS_ZOOMS)[number])) {
      return fail(ctx, 'invalid_payload', 'must be one of false, "off", "low", "medium", "max"', { received: value });
    }
    return value as (typeof FOCUS_ZOOMS)[number];
  }) as z.ZodType<(typeof FOCUS_ZOOMS)[number]>;
}

export const autoFocusFields = () => ({
  focus_objects: prop(z.array(string())),
  focus_framing: prop(oneOf(FOCUS_FRAMINGS)),
  focus_zoom: prop(focusZoom()),
  focus_target: prop(oneOf(FOCUS_TARGETS)),
});

export function autoFocusProperties(): z.ZodType<AutoFocusSettings> {
  return z
    .object({ model: prop(oneOf(AUTO_FOCUS_MODELS)), ...autoFocusFields() })
    .transform(stripUndefined) as z.ZodType<AutoFocusSettings>;
}

export function removeBgProperties() {
  return z.object({ remove_bg_crop: prop(boolean()), model: prop(oneOf(REMOVE_BG_MODELS)) }).transform(stripUndefined);
}

export function expandProperties() {
  return z.object({ model: prop(oneOf(EXPAND_MODELS)) }).transform(stripUndefined);
}

export function upscaleProperties(): z.ZodType<UpscaleProperties> {
  return z
    .object({ model: prop(oneOf(UPSCALE_MODELS)), upscale_factor: prop(oneOf(UPSCALE_FACTORS)) })
    .superRefine((value, ctx) => {
      const allowed: readonly number[] = UPSCALE_FACTORS_BY_MODEL[value.model ?? DEFAULT_UPSCALE_MODEL];
      if (value.upscale_factor !== undefined && !allowed.includes(value.upscale_factor)) {
        ctx.addIssue({
          code: 'custom',
          path: ['upscale_factor'],
          message: `model ${value.model} accepts upscale_factor ${allowed.join(', ')}`,
          params: { code: 'invalid_payload', received: value.upscale_factor },
        });
      }
    })
    .transform(stripUndefined) as z.ZodType<UpscaleProperties>;
}

export function textToImageProperties(): z.ZodType<TextToImageProperties> {
  return z
    .object({
      prompt: prop(string({ min: 1 })),
      model: prop(oneOf(TEXT_TO_IMAGE_MODELS)),
      ratio: prop(string()),
      quality: prop(string()),
      inpaint_images: prop(z.array(httpUrl())),
    })
    .superRefine((value, ctx) => {
      if (value.prompt === undefined) {
        ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'is required', params: { code: 'missing_required' } });
      } else if (value.prompt.trim().split(/\s+/).length < 3) {
        ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'needs at least 3 words', params: { code: 'invalid_payload' } });
      }
      const model = value.model ?? DEFAULT_TEXT_TO_IMAGE_MODEL;
      const max = INPAINT_MAX_BY_MODEL[model];
      if (value.inpaint_images !== undefined && value.inpaint_images.length > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['inpaint_images'],
          message: `model ${model} takes at most ${max} inpaint images`,
          params: { code: 'out_of_range', expected: { min: 0, max }, received: value.inpaint_images.length },
        });
      }
    })
    .transform(stripUndefined) as z.ZodType<TextToImageProperties>;
}

/**
 * The string shorthand of `text_to_image`: `"prompt"` or `"prompt,url1[,url2]"`. Trailing
 * segments that are http(s) URLs are the inpaint sources; the rest (commas included) is the prompt.
 */
export function expandTextToImageShorthand(text: string): { prompt: string; inpaint_images?: string[] } {
  const parts = text.split(',');
  const urls: string[] = [];
  while (parts.length > 1 && /^\s*https?:\/\//i.test(parts[parts.length - 1]!)) urls.unshift(parts.pop()!.trim());
  const prompt = parts.join(',').trim();
  return urls.length > 0 ? { prompt, inpaint_images: urls } : { prompt };
}

export function stripUndefined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = v;
  return out as T;
}
