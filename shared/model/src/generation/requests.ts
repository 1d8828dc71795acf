import { z } from 'zod';
import { type AnimatedDelivery, DELIVERY_OPTIONS } from '../animation/delivery.js';
import { AppError, type FieldIssue } from '../errors/app-error.js';
import { zodIssuesToFieldIssues } from '../errors/zod-issues.js';
import type { PrintOptions } from '../jobs/render-print.js';
import { FILE_TYPES_BY_DESIGN } from '../output-formats/index.js';
import { isPrintDesign } from '../overrides/context.js';
import { elementsSchema, MAX_LAYER_KEYS } from '../overrides/elements.js';
import { boolean, fail, httpsUrl, httpUrl, number, oneOf, prop, string, uuid } from '../overrides/rules.js';
import type { NormalisedOverrides } from '../overrides/types.js';
import { isPlainObject } from '../plain-object.js';
import type { DesignType } from '../properties/layer-types.js';
import {
  AD_NETWORKS,
  checkColorProfile,
  loopCountOfRepeat,
  NO_OUTPUT_OPTIONS,
  OUTPUT_OPTION_BOUNDS,
  type OutputOptions,
} from './vendor-options.js';

/**
 * Request bodies of the three generation endpoints (docs/generation.md). Parsing yields internal
 * requests whose optional fields are explicit nulls; `elements` is validated by the overrides
 * module in the endpoint's mode, and per-layer-type rules wait for checkAgainstDesign.
 */

export type GenerationRequestKind = 'sync' | 'async' | 'multipage';

export interface RequestContext {
  designType: DesignType;
}

export interface SyncGenerationRequest {
  kind: 'sync';
  /** null: the design's first format. */
  formatName: string | null;
  overrides: NormalisedOverrides;
  /** null: the design's configured default. */
  fileType: string | null;
  /** The vendor's `file_compression_level` (the other output options belong to other design types). */
  output: OutputOptions;
  /** `original_visual_id`: the file is the next version of that visual, as on the async endpoint. */
  originalVisualId: string | null;
}

export interface AsyncGenerationRequest {
  kind: 'async';
  /** null: every format of the design. */
  formatNames: string[] | null;
  callbackUrl: string | null;
  overrides: NormalisedOverrides;
  fileType: string | null;
  originalVisualId: string | null;
  /** Animated delivery options (`click_url`, `loop_count`, `gif_max_width`); checked against the file type by the service. */
  delivery: AnimatedDelivery;
  /** `print_options` with its defaults, the vendor's `print` object mapped onto it; read on print designs only. */
  printOptions: PrintOptions;
  /** The vendor's output options (docs/generation.md); checked against the file type by the service. */
  output: OutputOptions;
}

export interface MultipageGenerationRequest {
  kind: 'multipage';
  /** Keyed page_1 … page_N, as sent; whether page N exists is the design's to say. */
  pages: Record<string, NormalisedOverrides>;
  callbackUrl: string | null;
  printOptions: PrintOptions;
}

export type GenerationRequest = SyncGenerationRequest | AsyncGenerationRequest | MultipageGenerationRequest;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: AppError };

const EMPTY_OVERRIDES = (): NormalisedOverrides => ({ layers: Object.create(null), vars: Object.create(null) });

/** `image_file_type` against the design type's row (docs/generation.md). `jpg` reads as jpeg. */
export function checkFileType(designType: DesignType, fileType: unknown): ParseResult<string> {
  const allowed: readonly string[] = FILE_TYPES_BY_DESIGN[designType];
  const value = typeof fileType === 'string' ? fileType.toLowerCase().replace(/^jpg$/, 'jpeg') : undefined;
  if (value !== undefined && allowed.includes(value)) return { ok: true, value };
  const issue: FieldIssue = {
    path: 'image_file_type',
    code: 'invalid_filetype',
    message: `a ${designType} design produces ${allowed.join(', ')}`,
    expected: [...allowed],
    received: fileType,
  };
  return { ok: false, error: AppError.fromIssues([issue]) };
}

function fileTypeField(context: RequestContext) {
  return z.unknown().transform((value, ctx) => {
    const checked = checkFileType(context.designType, value);
    if (!checked.ok) return fail(ctx, 'invalid_filetype', checked.error.issues?.[0]?.message ?? 'invalid file type', { received: value });
    return checked.value;
  });
}

function body<T extends z.ZodRawShape>(shape: T) {
  // No body at all renders the saved content (docs/generation.md); a JSON `null` is a body, and not an object.
  return z.preprocess((value) => (value === undefined ? {} : value), z.object(shape));
}

export function syncRequestSchema(context: RequestContext): z.ZodType<SyncGenerationRequest> {
  return body({
    template_format_name: prop(string({ min: 1 })),
    elements: prop(elementsSchema({ designType: context.designType, mode: 'sync' })),
    image_file_type: prop(fileTypeField(context)),
    file_compression_level: prop(wholeNumber(OUTPUT_OPTION_BOUNDS.file_compression_level)),
    // The vendor's animated and print options: a synchronous render is a static image.
    ...refusedOn('a static image', ['video', 'gif', 'html5', 'print']),
    original_visual_id: prop(uuid()),
  }).transform(
    (b): SyncGenerationRequest => ({
      kind: 'sync',
      formatName: b.template_format_name ?? null,
      overrides: b.elements ?? EMPTY_OVERRIDES(),
      fileType: b.image_file_type ?? null,
      output: { ...NO_OUTPUT_OPTIONS, quality: b.file_compression_level ?? null },
      originalVisualId: b.original_visual_id ?? null,
    }),
  );
}

/** Fields that cannot act on this endpoint: refused when sent (null or absent passes). */
function refusedOn(what: string, fields: string[]) {
  return Object.fromEntries(
    fields.map((field) => [
      field,
      z
        .unknown()
        .transform((value, ctx) =>
          value === undefined || value === null ? undefined : fail(ctx, 'invalid_payload', `does not apply to ${what}`),
        )
        .optional(),
    ]),
  ) as Record<string, z.ZodOptional<z.ZodType<undefined>>>;
}

/** The vendor's `video` object (animated designs, mp4). */
const videoField = z.strictObject({ fps: prop(number(OUTPUT_OPTION_BOUNDS['video.fps'])) });
/** The vendor's `gif` object. */
const gifField = z.strictObject({
  max_fps: prop(number(OUTPUT_OPTION_BOUNDS['gif.max_fps'])),
  repeat: prop(wholeNumber(OUTPUT_OPTION_BOUNDS['gif.repeat'])),
});
/** The vendor's `html5` object. `repeat` -1 (forever) cannot be: an HTML5 ad stops within 3 plays and 30 s. */
const html5Field = z.strictObject({
  page_title: prop(string(OUTPUT_OPTION_BOUNDS['html5.page_title'])),
  click_tag: prop(httpUrl()),
  ad_network: prop(oneOf(AD_NETWORKS)),
  include_backup_image: prop(boolean()),
  repeat: prop(
    z.unknown().transform((value, ctx) =>
      value === -1
        ? fail(ctx, 'out_of_range', 'an HTML5 banner cannot loop forever: ad servers stop it within 3 plays and 30 s (repeat 0–2)', {
            expected: OUTPUT_OPTION_BOUNDS['html5.repeat'],
            received: value,
          })
        : (wholeNumber(OUTPUT_OPTION_BOUNDS['html5.repeat']).safeParse(value).data ??
          fail(ctx, 'out_of_range', 'must be a whole number from 0 to 2 (repetitions after the first play)', {
            expected: OUTPUT_OPTION_BOUNDS['html5.repeat'],
            received: value,
          })),
    ),
  ),
});
/** The vendor's `print` object. */
const printField = z.strictObject({
  color_profile: prop(
    uuid().transform((id, ctx) => {
      const issue = checkColorProfile(id);
      return issue === null ? id : fail(ctx, issue.code, issue.message, { expected: issue.expected, received: id });
    }),
  ),
  display_crop_marks: prop(boolean()),
});

const PRINT_OPTIONS_OFF: PrintOptions = { crop_marks: false, safe_zone: false };
const printOptionsObject = z.object({ crop_marks: z.boolean().optional(), safe_zone: z.boolean().optional() }).optional();

/**
 * Pressroom extensions of the print endpoints, both off by default: `print_options.crop_marks`
 * (marks in a slug outside the bleed) and `print_options.safe_zone` (the safe margin outlined).
 * Parsed on print designs only; another design type ignores the field, as it always has.
 */
function printOptionsField(context: RequestContext) {
  return z.unknown().transform((value, ctx): PrintOptions => {
    if (!isPrintDesign(context.designType)) return PRINT_OPTIONS_OFF;
    const parsed = printOptionsObject.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: { code: 'invalid_payload' } });
      return z.NEVER;
    }
    return { crop_marks: parsed.data?.crop_marks ?? false, safe_zone: parsed.data?.safe_zone ?? false };
  });
}

/** A whole number within an option's bounds. */
function wholeNumber(bounds: { min: number; max: number }) {
  return number(bounds).transform((value, ctx) =>
    Number.isInteger(value) ? value : fail(ctx, 'invalid_payload', 'must be a whole number', { received: value }),
  );
}

/** Parsed on every design type, so that one sent where it cannot act is refused rather than ignored. */
function deliveryFields() {
  return {
    click_url: prop(httpUrl()),
    loop_count: prop(wholeNumber(DELIVERY_OPTIONS.loop_count)),
    gif_max_width: prop(wholeNumber(DELIVERY_OPTIONS.gif_max_width)),
  };
}

export function asyncRequestSchema(context: RequestContext): z.ZodType<AsyncGenerationRequest> {
  return body({
    template_format_names: prop(z.array(string({ min: 1 }))),
    callback_url: prop(httpsUrl()),
    elements: prop(elementsSchema({ designType: context.designType, mode: 'async' })),
    image_file_type: prop(fileTypeField(context)),
    original_visual_id: prop(uuid()),
    ...deliveryFields(),
    print_options: printOptionsField(context).optional(),
    file_compression_level: prop(wholeNumber(OUTPUT_OPTION_BOUNDS.file_compression_level)),
    video: prop(videoField),
    gif: prop(gifField),
    html5: prop(html5Field),
    print: prop(printField),
  })
    .superRefine((b, ctx) => {
      const refuse = (path: string[], message: string) =>
        ctx.addIssue({ code: 'custom', path, message, params: { code: 'invalid_payload' } });
      if (context.designType !== 'animated') {
        for (const field of ['video', 'gif', 'html5'] as const) {
          if (b[field] !== undefined) refuse([field], `applies to animated designs only; this is a ${context.designType} design`);
        }
      }
      if (b.print !== undefined && !isPrintDesign(context.designType)) {
        refuse(['print'], `applies to print designs only; this is a ${context.designType} design`);
      }
      // A vendor option and Pressroom's own name for it, both sent: one value, or a refusal.
      const clash = (path: string[], ours: string, a: unknown, b2: unknown) => {
        if (a !== undefined && b2 !== undefined && a !== b2) refuse(path, `says otherwise than ${ours}; send one of them`);
      };
      clash(['html5', 'click_tag'], 'click_url', b.html5?.click_tag, b.click_url);
      clash(['html5', 'repeat'], 'loop_count', b.html5?.repeat === undefined ? undefined : loopCountOfRepeat(b.html5.repeat), b.loop_count);
      clash(['print', 'display_crop_marks'], 'print_options.crop_marks', b.print?.display_crop_marks, b.print_options?.crop_marks);
      if (context.designType !== 'animated') {
        for (const field of Object.keys(DELIVERY_OPTIONS) as (keyof typeof DELIVERY_OPTIONS)[]) {
          if (b[field] === undefined) continue;
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: `applies to animated designs only; this is a ${context.designType} design`,
            params: { code: 'invalid_payload' },
          });
        }
      }
      if (b.print_options !== undefined && context.designType !== 'printer' && context.designType !== 'printer_multipage') {
        ctx.addIssue({
          code: 'custom',
          path: ['print_options'],
          message: `applies to print designs only; this is a ${context.designType} design`,
          params: { code: 'invalid_payload' },
        });
      }
      // Known here only when the formats are listed; with none listed the design's format count decides.
      if (b.original_visual_id !== undefined && b.template_format_names !== undefined && b.template_format_names.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['original_visual_id'],
          message: 'original_visual_id needs exactly one format in template_format_names',
          params: { code: 'more_than_one_format' },
        });
      }
    })
    .transform(
      (b): AsyncGenerationRequest => ({
        kind: 'async',
        formatNames: b.template_format_names ?? null,
        callbackUrl: b.callback_url ?? null,
        overrides: b.elements ?? EMPTY_OVERRIDES(),
        fileType: b.image_file_type ?? null,
        originalVisualId: b.original_visual_id ?? null,
        delivery: {
          clickUrl: b.click_url ?? b.html5?.click_tag ?? null,
          loopCount: b.loop_count ?? (b.html5?.repeat === undefined ? null : loopCountOfRepeat(b.html5.repeat)),
          gifMaxWidth: b.gif_max_width ?? null,
        },
        printOptions: withVendorPrint(b.print_options ?? PRINT_OPTIONS_OFF, b.print),
        output: {
          quality: b.file_compression_level ?? null,
          videoFps: b.video?.fps ?? null,
          gifMaxFps: b.gif?.max_fps ?? null,
          gifRepeat: b.gif?.repeat ?? null,
          html5Title: b.html5?.page_title ?? null,
          html5Backup: b.html5?.include_backup_image ?? null,
          adNetwork: b.html5?.ad_network ?? null,
        },
      }),
    );
}

/** The vendor's `print` object onto Pressroom's print options. */
function withVendorPrint(
  options: PrintOptions,
  print: { color_profile?: string | undefined; display_crop_marks?: boolean | undefined } | undefined,
): PrintOptions {
  if (print === undefined) return options;
  return {
    ...options,
    crop_marks: print.display_crop_marks ?? options.crop_marks,
    ...(print.color_profile === undefined ? {} : { color_profile: print.color_profile }),
  };
}

/** The keys of a multipage request's `pages` (a JSON Schema pattern too: the OpenAPI document states it). */
export const PAGE_KEY_PATTERN = '^page_[1-9]\\d*$';
const PAGE_KEY = new RegExp(PAGE_KEY_PATTERN);

export function multipageRequestSchema(context: RequestContext): z.ZodType<MultipageGenerationRequest> {
  const page = elementsSchema({ designType: context.designType, mode: 'async' });
  const pages = z.unknown().transform((value, ctx) => {
    if (value === undefined) return fail(ctx, 'missing_required', 'is required');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return fail(ctx, 'invalid_payload', 'must be an object keyed page_1 … page_N');
    }
    const out = Object.create(null) as Record<string, NormalisedOverrides>;
    let failed = false;
    for (const [key, overrides] of Object.entries(value)) {
      if (!PAGE_KEY.test(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'page keys are page_1 … page_N', params: { code: 'invalid_payload' } });
        failed = true;
        continue;
      }
      const result = page.safeParse(overrides ?? {}, { reportInput: true });
      if (result.success) out[key] = result.data;
      else {
        for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: [key, ...issue.path] } as z.core.$ZodRawIssue);
        failed = true;
      }
    }
    return failed ? z.NEVER : out;
  });
  return body({
    pages,
    callback_url: prop(httpsUrl()),
    print_options: printOptionsField(context).optional(),
    print: prop(printField),
    // A print PDF keeps its images lossless at the format's DPI: no compression level to set.
    file_compression_level: z
      .unknown()
      .transform((value, ctx) =>
        value === undefined || value === null
          ? undefined
          : fail(ctx, 'invalid_payload', 'a print PDF keeps its images lossless at the format’s DPI: it has no compression level'),
      )
      .optional(),
  })
    .superRefine((b, ctx) => {
      const a = b.print?.display_crop_marks;
      const c = b.print_options?.crop_marks;
      if (a !== undefined && c !== undefined && a !== c) {
        ctx.addIssue({
          code: 'custom',
          path: ['print', 'display_crop_marks'],
          message: 'says otherwise than print_options.crop_marks; send one of them',
          params: { code: 'invalid_payload' },
        });
      }
    })
    .transform(
      (b): MultipageGenerationRequest => ({
        kind: 'multipage',
        pages: b.pages,
        callbackUrl: b.callback_url ?? null,
        printOptions: withVendorPrint(b.print_options ?? PRINT_OPTIONS_OFF, b.print),
      }),
    );
}

type RequestOf<K extends GenerationRequestKind> = Extract<GenerationRequest, { kind: K }>;

/**
 * Validates a generation body for its endpoint. Endpoint-level refusals come first (sync on a
 * non-static design: template_not_static; multipage on another type: invalid_design_type), then
 * every field issue at once: one shared code is the envelope id, several codes give invalid_payload.
 */
export function parseGenerationRequest<K extends GenerationRequestKind>(
  kind: K,
  input: unknown,
  context: RequestContext,
): ParseResult<RequestOf<K>> {
  if (kind === 'sync' && context.designType !== 'static') {
    return { ok: false, error: new AppError('template_not_static', 'Synchronous generation renders static designs only.') };
  }
  if (kind === 'multipage' && context.designType !== 'printer_multipage') {
    return { ok: false, error: new AppError('invalid_design_type', 'Multi-page PDF generation needs a printer_multipage design.') };
  }
  const excess = layerKeyExcess(kind, input);
  if (excess) return { ok: false, error: AppError.fromIssues([excess]) };
  const schema = requestSchema(kind, context);
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data as RequestOf<K> };
  if (input !== undefined && !isPlainObject(input)) {
    const issue: FieldIssue = { path: 'body', code: 'invalid_payload', message: 'the request body must be a JSON object' };
    return { ok: false, error: AppError.fromIssues([issue]) };
  }
  return { ok: false, error: AppError.fromIssues(zodIssuesToFieldIssues(result.error.issues)) };
}

/** Counted before validation, so the work a request causes stays bounded whatever it names. */
function layerKeyExcess(kind: GenerationRequestKind, input: unknown): FieldIssue | null {
  if (!isPlainObject(input)) return null;
  const field = kind === 'multipage' ? 'pages' : 'elements';
  const value = input[field];
  if (!isPlainObject(value)) return null;
  const count =
    kind === 'multipage'
      ? Object.values(value).reduce((sum: number, page) => sum + (isPlainObject(page) ? Object.keys(page).length : 0), 0)
      : Object.keys(value).length;
  if (count <= MAX_LAYER_KEYS) return null;
  return {
    path: field,
    code: 'out_of_range',
    message: `names ${count} layers; a request may name at most ${MAX_LAYER_KEYS}`,
    expected: { max: MAX_LAYER_KEYS },
    received: count,
  };
}

const schemas = new Map<string, z.ZodType<GenerationRequest>>();

/** Schemas are built once per (kind, design type): building one costs milliseconds, parsing far less. */
function requestSchema(kind: GenerationRequestKind, context: RequestContext): z.ZodType<GenerationRequest> {
  const key = `${kind}:${context.designType}`;
  let schema = schemas.get(key);
  if (schema === undefined) {
    schema =
      kind === 'sync' ? syncRequestSchema(context) : kind === 'async' ? asyncRequestSchema(context) : multipageRequestSchema(context);
    schemas.set(key, schema);
  }
  return schema;
}
