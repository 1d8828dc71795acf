import { z } from 'zod';
import { OVERRIDABLE_NAMES, type OverrideFacts, widestOverride } from '../properties/overridable.js';
import {
  autoFocusFields,
  autoFocusProperties,
  expandProperties,
  removeBgProperties,
  textToImageProperties,
  upscaleProperties,
} from './ai.js';
import { colorField } from './color-field.js';
import type { OverrideContext } from './context.js';
import { base64Image } from './encoded.js';
import { AUTO_FOCUS_MODELS } from './enums.js';
import { OBJECT_RULES } from './object-rules.js';
import { boolean, fail, httpUrl, number, oneOf, prop, string, uuid } from './rules.js';

/**
 * One rule per property name, wherever it appears: an override carries no layer type, so the
 * same name is checked the same way on every layer (docs/overrides.md). The rules of the layer
 * properties are derived from the catalogue (shared/model/src/properties/catalogue.ts), each the
 * widest its layer types state; checkAgainstDesign narrows them once the type is known. The
 * request-only properties (encoded images and audio, background removal, auto-focus) follow.
 */
export function propertyShape(context: OverrideContext, options: { root: boolean }) {
  const shape: Record<string, z.ZodType> = {};
  for (const name of OVERRIDABLE_NAMES) {
    const facts = widestOverride(name)!;
    // The format background takes a gradient where a text colour does: on RGB designs only.
    const rooted = options.root && name === 'background_color' ? { ...facts, color: 'rgb-fill' as const } : facts;
    shape[name] = prop(ruleOf(rooted, context));
  }
  return {
    ...shape,
    icon_encoded: prop(base64Image()),
    image_encoded: prop(base64Image()),
    remove_bg: prop(boolean()),
    remove_bg_properties: prop(removeBgProperties()),
    auto_focus: prop(boolean()),
    auto_focus_model: prop(oneOf(AUTO_FOCUS_MODELS)),
    ...autoFocusFields(),
    auto_focus_properties: prop(autoFocusProperties()),
    audio_encoded: prop(string({ min: 1 })),
  };
}

/** The zod rule of an override, from what the catalogue says a request may send. */
export function ruleOf(facts: OverrideFacts, context: OverrideContext): z.ZodType {
  if (facts.rule !== undefined) return OBJECT_RULES[facts.rule](context);
  switch (facts.kind) {
    case 'number':
    case 'integer':
      return facts.values !== undefined ? oneOf(facts.values) : number(facts.range ?? {});
    case 'enum':
      return oneOf(facts.values ?? []);
    case 'boolean':
      return boolean();
    case 'text':
      return string(facts.length ?? {});
    case 'color':
      return colorField(facts.color ?? 'solid', context);
    case 'font':
      return uuid();
    case 'url':
      return httpUrl();
    case 'object':
      throw new Error('an object property states its own override rule');
  }
}

/** AI properties that only asynchronous generation takes (docs/ai.md). */
export function asyncAiShape() {
  return {
    text_to_image: prop(booleanOrPrompt()),
    text_to_image_properties: prop(textToImageProperties()),
    expand: prop(boolean()),
    expand_properties: prop(expandProperties()),
    upscale: prop(boolean()),
    upscale_properties: prop(upscaleProperties()),
  };
}

export const SYNC_REFUSED_PROPERTIES = ['text_to_image', 'expand', 'upscale'] as const;

/** `text_to_image`: true/false, or the prompt shorthand as a non-empty string. */
function booleanOrPrompt(): z.ZodType<boolean | string> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string' && value.trim() !== '') return value;
    return fail(ctx, 'invalid_payload', 'must be true, false or a prompt string', { received: value });
  }) as z.ZodType<boolean | string>;
}
