import { z } from 'zod';
import { isPlainObject } from '../plain-object.js';
import { FIT_FLOOR, missesFitFloor } from '../properties/fit.js';
import { expandTextToImageShorthand, stripUndefined } from './ai.js';
import type { OverrideContext } from './context.js';
import { asyncAiShape, propertyShape, SYNC_REFUSED_PROPERTIES } from './properties.js';
import type { AutoFocusSettings, LayerOverride } from './types.js';

const AUTO_FOCUS_TOP_LEVEL = {
  auto_focus_model: 'model',
  focus_objects: 'focus_objects',
  focus_framing: 'focus_framing',
  focus_zoom: 'focus_zoom',
  focus_target: 'focus_target',
} as const;

/**
 * One layer's override object. Unknown property names are stripped (they change nothing);
 * known names are checked by their rule whatever the layer turns out to be.
 */
export function layerSchema(context: OverrideContext, options: { root: boolean }): z.ZodType<LayerOverride> {
  const shape = { ...propertyShape(context, options), ...(context.mode === 'async' ? asyncAiShape() : {}) };
  const object = z.object(shape);
  return z.unknown().transform((input, ctx) => {
    const raw = expandShorthand(input as Record<string, unknown>, context);
    crossFieldRules(raw, context, ctx);
    const result = object.safeParse(raw, { reportInput: true });
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    return normalise(result.data as Record<string, unknown>);
  }) as z.ZodType<LayerOverride>;
}

/** `text_to_image: "prompt,url"` becomes `true` plus text_to_image_properties, before validation. */
function expandShorthand(raw: Record<string, unknown>, context: OverrideContext): Record<string, unknown> {
  if (context.mode !== 'async' || typeof raw.text_to_image !== 'string' || raw.text_to_image.trim() === '') return raw;
  const existing = raw.text_to_image_properties;
  const base = isPlainObject(existing) ? existing : {};
  return { ...raw, text_to_image: true, text_to_image_properties: { ...base, ...expandTextToImageShorthand(raw.text_to_image) } };
}

function present(raw: Record<string, unknown>, key: string): boolean {
  return raw[key] !== undefined && raw[key] !== null;
}

function crossFieldRules(raw: Record<string, unknown>, context: OverrideContext, ctx: z.core.$RefinementCtx): void {
  if (missesFitFloor(raw)) {
    ctx.addIssue({
      code: 'custom',
      path: [FIT_FLOOR],
      message: 'is required when auto_resize is true',
      params: { code: 'missing_required' },
    });
  }
  if (context.mode === 'sync') {
    for (const key of SYNC_REFUSED_PROPERTIES) {
      if (present(raw, key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is only available with asynchronous generation`,
          params: { code: 'invalid_payload' },
        });
      }
    }
  } else if (
    raw.text_to_image === true &&
    !present(raw, 'text_to_image_properties') &&
    !present(raw, 'image_url') &&
    !present(raw, 'image_encoded')
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['text_to_image_properties', 'prompt'],
      message: 'is required when text_to_image is true',
      params: { code: 'missing_required' },
    });
  }
}

function normalise(parsed: Record<string, unknown>): LayerOverride {
  const out = stripUndefined(parsed);
  // The five auto-focus settings may come at the top level; the nested object is the more specific and wins.
  const merged: Record<string, unknown> = {};
  for (const [top, nested] of Object.entries(AUTO_FOCUS_TOP_LEVEL)) {
    if (out[top] !== undefined) merged[nested] = out[top];
    delete out[top];
  }
  const nested = out.auto_focus_properties as AutoFocusSettings | undefined;
  if (nested !== undefined || Object.keys(merged).length > 0) out.auto_focus_properties = { ...merged, ...nested };
  // The URL wins over the encoded form (docs/overrides.md).
  if (out.icon_url !== undefined) delete out.icon_encoded;
  if (out.image_url !== undefined) delete out.image_encoded;
  return out as LayerOverride;
}
