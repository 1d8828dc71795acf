import { z } from 'zod';
import { parsedColorSchema } from '../color/schema.js';
import {
  AUTO_FOCUS_MODELS,
  EXPAND_MODELS,
  FOCUS_FRAMINGS,
  FOCUS_TARGETS,
  FOCUS_ZOOMS,
  REMOVE_BG_MODELS,
  TEXT_TO_IMAGE_MODELS,
  UPSCALE_FACTORS,
  UPSCALE_MODELS,
} from '../overrides/enums.js';
import type { LayerOverride, NormalisedOverrides } from '../overrides/types.js';
import { isPlainObject } from '../plain-object.js';
import type { ObjectRuleName } from '../properties/entry.js';
import { OVERRIDABLE_NAMES, type OverrideFacts, widestOverride } from '../properties/overridable.js';
import { DUOTONE_NAMES } from '../properties/values.js';

/**
 * Normalised overrides as a job payload carries them: what the control plane's override parser
 * produced (colours parsed, padding split, mute levels as numbers), checked again at the job
 * boundary property by property. The shape of a layer property follows from its catalogue
 * entry's kind (shared/model/src/properties/catalogue.ts); the properties whose override rule
 * normalises to another shape, and the request-only ones, state theirs below, each typed by the
 * override type it fills, so the two cannot drift apart. Parsing yields `NormalisedOverrides`,
 * with null-prototype records as the parser made them (a layer may be called `__proto__`).
 */

type Stored<K extends keyof LayerOverride> = z.ZodType<NonNullable<LayerOverride[K]>>;

const corners = z.object({ tl: z.number().optional(), tr: z.number().optional(), br: z.number().optional(), bl: z.number().optional() });
const storedPadding: Stored<'background_padding'> = z.object({ vertical: z.number(), horizontal: z.number() });
const storedMask: Stored<'mask_properties'> = z.looseObject({
  radius: z.union([z.number(), corners]).optional(),
  skew_y: z.number().optional(),
});
const storedFilter: Stored<'filter_properties'> = z.looseObject({ name: z.enum(DUOTONE_NAMES).optional() });
const storedIllustration: Stored<'illustration_properties'> = z.looseObject({ primary_color: parsedColorSchema.optional() });
const storedLevel: Stored<'audio_muted'> = z.number().min(0).max(1);

/** By override rule (catalogue.ts names the rule in the entry): the shape that rule normalises to. */
const BY_RULE: Record<ObjectRuleName, z.ZodType> = {
  padding: storedPadding,
  mask_properties: storedMask,
  filter_properties: storedFilter,
  illustration_properties: storedIllustration,
  muted: storedLevel,
};

const encoded: Stored<'image_encoded'> = z.object({ mime: z.string().min(1), base64: z.string().min(1) });

/** The properties a request may send that are no layer property (docs/overrides.md, docs/ai.md). */
const REQUEST_ONLY = {
  icon_encoded: encoded,
  image_encoded: encoded,
  audio_encoded: z.string() satisfies Stored<'audio_encoded'>,
  remove_bg: z.boolean() satisfies Stored<'remove_bg'>,
  remove_bg_properties: z.looseObject({
    remove_bg_crop: z.boolean().optional(),
    model: z.enum(REMOVE_BG_MODELS).optional(),
  }) satisfies Stored<'remove_bg_properties'>,
  auto_focus: z.boolean() satisfies Stored<'auto_focus'>,
  auto_focus_properties: z.looseObject({
    model: z.enum(AUTO_FOCUS_MODELS).optional(),
    focus_objects: z.array(z.string()).optional(),
    focus_framing: z.enum(FOCUS_FRAMINGS).optional(),
    focus_zoom: z.enum(FOCUS_ZOOMS).optional(),
    focus_target: z.enum(FOCUS_TARGETS).optional(),
  }) satisfies Stored<'auto_focus_properties'>,
  text_to_image: z.boolean() satisfies Stored<'text_to_image'>,
  text_to_image_properties: z.looseObject({
    prompt: z.string(),
    model: z.enum(TEXT_TO_IMAGE_MODELS).optional(),
    ratio: z.string().optional(),
    quality: z.string().optional(),
    inpaint_images: z.array(z.string()).optional(),
  }) satisfies Stored<'text_to_image_properties'>,
  expand: z.boolean() satisfies Stored<'expand'>,
  expand_properties: z.looseObject({ model: z.enum(EXPAND_MODELS).optional() }) satisfies Stored<'expand_properties'>,
  upscale: z.boolean() satisfies Stored<'upscale'>,
  upscale_properties: z.looseObject({
    model: z.enum(UPSCALE_MODELS).optional(),
    upscale_factor: z.literal(UPSCALE_FACTORS).optional(),
  }) satisfies Stored<'upscale_properties'>,
};

/** The stored shape of a layer property, from its catalogue kind (or the rule that normalises it). */
export function storedValueSchema(name: string, facts: OverrideFacts): z.ZodType {
  if (facts.rule !== undefined) {
    return BY_RULE[facts.rule];
  }
  switch (facts.kind) {
    case 'number':
    case 'integer':
    case 'enum':
      return facts.values !== undefined ? z.literal([...facts.values]) : z.number();
    case 'boolean':
      return z.boolean();
    case 'text':
    case 'font':
    case 'url':
      return z.string();
    case 'color':
      return parsedColorSchema;
    case 'object':
      throw new Error(`${name}: an object property states its own override rule`);
  }
}

const storedLayer = z.looseObject({
  ...Object.fromEntries(OVERRIDABLE_NAMES.map((name) => [name, storedValueSchema(name, widestOverride(name)!).optional()])),
  ...Object.fromEntries(Object.entries(REQUEST_ONLY).map(([name, schema]) => [name, schema.optional()])),
});

/** One layer's override as stored: each property it carries checked, typed as the override type. */
export const storedLayerOverrideSchema: z.ZodType<LayerOverride> = z.custom<LayerOverride>().superRefine((value, ctx) => {
  const checked = storedLayer.safeParse(value);
  if (!checked.success)
    for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

/** A record of `value`, into a null-prototype object (zod's records drop a `__proto__` key). */
function nullPrototypeRecord<T>(value: z.ZodType<T>): z.ZodType<Record<string, T>> {
  return z.custom<Record<string, unknown>>(isPlainObject, 'must be an object').transform((input, ctx) => {
    const out: Record<string, T> = Object.create(null);
    for (const [key, v] of Object.entries(input)) {
      const checked = value.safeParse(v);
      if (checked.success) out[key] = checked.data;
      else for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: [key, ...issue.path], message: issue.message });
    }
    return out;
  });
}

export const normalisedOverridesSchema: z.ZodType<NormalisedOverrides> = z.object({
  layers: nullPrototypeRecord(storedLayerOverrideSchema),
  vars: nullPrototypeRecord(z.string()),
});
