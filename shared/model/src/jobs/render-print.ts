import { z } from 'zod';
import { CMYK_COLOR_PROFILES } from '../generation/vendor-options.js';
import { normalisedOverridesSchema } from './overrides.js';
import { PRIORITY_CLASSES } from './render-static.js';

/** Task identifier of one printable PDF: one job renders one file (a format, or every page of a multipage design). */
export const RENDER_PRINT = 'render_print';

/**
 * The `format_name` a multipage PDF is recorded under: one file per request, and the Banner it
 * becomes carries no `format.id` (docs/print.md).
 */
export const MULTIPAGE_OUTPUT = '';

/** Version 1; contracts change only by adding optional fields. */
export const renderPrintPayloadSchema = z.looseObject({
  v: z.literal(1),
  generation_request_id: z.uuid(),
  /** Chosen at acceptance, so a re-run overwrites the same object and inserts nothing twice. */
  banner_id: z.uuid(),
  workspace_id: z.uuid(),
  design_id: z.uuid(),
  /** The format name (printer designs) or MULTIPAGE_OUTPUT. */
  output_name: z.string(),
  /** In document order: a format name or a page id, with that page's overrides. */
  pages: z.array(z.object({ frame: z.string().min(1), overrides: normalisedOverridesSchema })).min(1),
  options: z.object({
    crop_marks: z.boolean(),
    safe_zone: z.boolean(),
    /** The vendor's `print.color_profile` (a built-in profile id): the worker prints with the ICC profile of that name it holds, or refuses the file. Absent: the worker's default profile. */
    color_profile: z.uuid().optional(),
  }),
  priority: z.enum(PRIORITY_CLASSES),
  enqueued_at: z.number().int().nonnegative(),
});

export type RenderPrintPayload = z.output<typeof renderPrintPayloadSchema>;
/** The Pressroom print options of a PDF (`print_options` of the request, defaults applied). */
export type PrintOptions = RenderPrintPayload['options'];

/**
 * The graphile-worker job flag of a print job naming built-in profile `id` (docs/print.md,
 * "Routing by profile"): every render worker forbids the flags of the built-in profiles it does
 * not hold (`forbiddenColorProfileFlags`), so only a worker holding the profile takes the job.
 */
export function colorProfileFlag(id: string): string {
  return `print-profile:${id}`;
}

/** The job flags of a print job: its profile's, or none (a job naming no profile goes to any render worker). */
export function renderPrintFlags(payload: Pick<RenderPrintPayload, 'options'>): string[] {
  const id = payload.options.color_profile;
  return id === undefined ? [] : [colorProfileFlag(id)];
}

/** What a render worker holding the built-in profiles `held` forbids: the flags of every other built-in CMYK profile. */
export function forbiddenColorProfileFlags(held: readonly string[]): string[] {
  return CMYK_COLOR_PROFILES.filter((id) => !held.includes(id)).map(colorProfileFlag);
}
