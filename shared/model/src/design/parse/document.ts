import { z } from 'zod';
import type { FieldIssue } from '../../errors/app-error.js';
import { colorSchema, contextFor } from '../../properties/design-schema.js';
import type { PropContext } from '../../properties/layer-types.js';
import { DESIGN_TYPES, type DesignType } from '../../properties/layer-types.js';
import { FRAME_SIZE, frameSizeProblem } from '../frame-size.js';
import type {
  Asset,
  Design,
  DesignAnimation,
  DesignElement,
  DesignFormat,
  DesignPage,
  DesignWarning,
  FontFace,
  PageElement,
  PrintSettings,
} from '../types.js';
import { latestTime } from './animation.js';
import { parseElement, type RawElementResult } from './element.js';
import { IssueCollector, type Path } from './issues.js';
import { checkLayers, collectVariables } from './layers.js';
import { convertColor } from './properties.js';

export type ParseDesignResult =
  | { ok: true; design: Design; warnings: DesignWarning[] }
  | { ok: false; issues: FieldIssue[]; warnings: DesignWarning[] };

/** Properties that hold a media source and may say `asset:<name>`. */
export const SOURCE_PROPS = ['image_url', 'icon_url', 'illustration_file', 'video_url', 'audio_url'] as const;

const MAX_BLEED = { mm: 50, in: 2 } as const;
/** A multipage design's page width or height: any number of its unit within the frame bounds. */
const pageSide = z.number().min(FRAME_SIZE.min).max(FRAME_SIZE.max);

const top = z.strictObject({
  name: z.string().min(1).max(200),
  type: z.enum(DESIGN_TYPES),
  formats: z.unknown().optional(),
  print: z.unknown().optional(),
  page_size: z.unknown().optional(),
  pages: z.unknown().optional(),
  elements: z.unknown().optional(),
  animation: z.unknown().optional(),
  variables: z.record(z.string().regex(/^[A-Za-z_][\w-]*$/), z.string()).default({}),
  assets: z
    .record(
      z.string().regex(/^[\w.-]{1,100}$/),
      z.strictObject({
        src: z.string().regex(/^(https?:\/\/\S+|data:\S+|file:[^\s]+|storage:\S+)$/, 'must be http(s)://, data:, file: or storage:'),
        content_type: z.string().max(200).optional(),
      }),
    )
    .default({}),
  fonts: z.unknown().optional(),
});

const fontFace = z.strictObject({
  family: z.string().min(1).max(200),
  weight: z.number().int().min(100).max(900).default(400),
  style: z.enum(['normal', 'italic']).default('normal'),
  src: z.string().regex(/^(asset:[\w.-]+|https?:\/\/\S+|data:\S+)$/, 'must be asset:<name>, an http(s) URL or a data: URL'),
});

/**
 * Parses an import payload / stored document into a `Design`. Never throws: on failure it returns
 * every field issue found, with envelope paths (`formats[0].width`) and import codes. With
 * `stored`, the document is one Pressroom already took, parsed again: the rules applied only on
 * a write (IssueCollector.writeError) are skipped.
 */
export function parseDesignDocument(json: unknown, opts: { stored?: boolean } = {}): ParseDesignResult {
  const col = new IssueCollector(opts.stored ?? false);
  const design = parseInto(json, col);
  if (!design || col.issues.length > 0) return { ok: false, issues: col.issues, warnings: col.warnings };
  return { ok: true, design, warnings: col.warnings };
}

function parseInto(json: unknown, col: IssueCollector): Design | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    col.error(['body'], 'invalid_payload', 'the design document must be a JSON object');
    return undefined;
  }
  const doc = col.parse(top, json, []);
  if (!doc) return undefined;
  // A name of spaces shows as none (a rename refuses it too); a design stored with one still parses.
  if (doc.name.trim() === '')
    col.writeError(['name'], 'out_of_range', 'must hold a character other than spaces', { expected: { min: 1 }, received: 0 });
  const type: DesignType = doc.type;
  const ctx = contextFor(type);
  const fonts = doc.fonts === undefined ? [] : (col.parse(z.array(fontFace).max(100), doc.fonts, ['fonts']) ?? []);
  const print = ctx.print ? parsePrint(doc.print, doc.formats, col) : undefined;
  if (!ctx.print && doc.print !== undefined)
    col.warn(['print'], 'property_dropped_for_type', `print settings do not apply to ${type} designs and were dropped`);
  if (type !== 'animated' && doc.animation !== undefined)
    col.warn(['animation'], 'property_dropped_for_type', `animation applies to animated designs only and was dropped`);

  const common = { name: doc.name, assets: doc.assets as Record<string, Asset>, fonts: fonts as FontFace[] };
  let design: Design | undefined;
  if (type === 'printer_multipage') {
    for (const key of ['formats', 'elements'] as const) {
      if (doc[key] !== undefined) col.error([key], 'unsupported_for_type', `a printer_multipage design has pages, not ${key}`);
    }
    const page_size = col.parse(z.strictObject({ width: pageSide, height: pageSide }), doc.page_size, ['page_size']);
    const pages = parsePages(doc.pages, ctx, col);
    if (!page_size || !pages || !print) return undefined;
    const payloads = pages.flatMap((p) => p.elements.flatMap(payloadOf));
    design = { ...common, type, print, page_size, pages, variables: collectVariables(payloads, doc.variables) };
  } else {
    for (const key of ['pages', 'page_size'] as const) {
      if (doc[key] !== undefined) col.error([key], 'unsupported_for_type', `only printer_multipage designs have ${key}`);
    }
    const formats = parseFormats(doc.formats, ctx, print, col);
    // Elements are still checked against the names given when a format is invalid, so one
    // answer lists every problem.
    const names = formats?.map((f) => f.name) ?? rawFormatNames(doc.formats);
    const elements = parseElements(doc.elements, ctx, names, ['elements'], col) as DesignElement[] | undefined;
    if (!elements || !formats) return undefined;
    const variables = collectVariables(elements.flatMap(payloadOf), doc.variables);
    const base = { ...common, formats, elements, variables };
    if (type === 'animated') design = { ...base, type, animation: parseAnimation(doc.animation, elements, col) };
    else if (type === 'printer') design = print ? { ...base, type, print } : undefined;
    else design = { ...base, type };
  }
  if (design) checkAssets(design, col);
  return design;
}

function rawFormatNames(raw: unknown): string[] {
  return Array.isArray(raw)
    ? raw.flatMap((f) => (typeof (f as { name?: unknown })?.name === 'string' ? [(f as { name: string }).name] : []))
    : [];
}

function payloadOf(e: { type: string; properties: unknown }): string[] {
  const p = (e.properties as { payload?: unknown }).payload;
  return (e.type === 'text' || e.type === 'button') && typeof p === 'string' ? [p] : [];
}

function parsePrint(raw: unknown, formats: unknown, col: IssueCollector): PrintSettings | undefined {
  if (raw === undefined) {
    // A payload without print settings still imports; say so, because DPI and zones are guesses.
    const firstUnit = Array.isArray(formats) ? (formats[0] as { unit?: unknown } | undefined)?.unit : undefined;
    const unit = firstUnit === 'in' ? 'in' : 'mm';
    col.warn(['print'], 'print_settings_not_recoverable', `no print settings: using ${unit}, 300 dpi, no bleed and no safe zone`);
    return { unit, dpi: 300, bleed: 0, safe: 0 };
  }
  const unit = (raw as { unit?: unknown } | null)?.unit === 'in' ? 'in' : 'mm';
  const zone = z.number().min(0).max(MAX_BLEED[unit]);
  return col.parse(
    z.strictObject({
      unit: z.enum(['mm', 'in']),
      dpi: z.number().int().min(1).max(300).default(300),
      bleed: zone.default(0),
      safe: zone.default(0),
    }),
    raw,
    ['print'],
  );
}

const formatSchemas = new Map<string, ReturnType<typeof formatsSchema>>();

function formatsSchema(ctx: PropContext, print: PrintSettings | undefined) {
  const dim = z.number().superRefine((v, c) => {
    const problem = frameSizeProblem(v, !ctx.print);
    if (problem)
      c.addIssue({
        code: 'custom',
        message: problem.message,
        params: { code: problem.code, ...(problem.code === 'out_of_range' ? { expected: { ...FRAME_SIZE } } : {}), received: v },
      });
  });
  const zone = z
    .number()
    .min(0)
    .max(MAX_BLEED[print?.unit ?? 'mm']);
  return z
    .array(
      z.strictObject({
        name: z.string().regex(/^[\w.-]{1,100}$/, 'format names are 1-100 letters, digits, _ . -'),
        width: dim,
        height: dim,
        unit: z.enum(['px', 'mm', 'in']).optional(),
        background_color: colorSchema('rgb-fill', ctx).nullable().default(null),
        bleed: zone.nullable().default(null),
        safe: zone.nullable().default(null),
      }),
    )
    .min(1)
    .max(100);
}

function parseFormats(raw: unknown, ctx: PropContext, print: PrintSettings | undefined, col: IssueCollector): DesignFormat[] | undefined {
  const key = `${ctx.designType}/${print?.unit ?? 'px'}`;
  let schema = formatSchemas.get(key);
  if (!schema) {
    schema = formatsSchema(ctx, print);
    formatSchemas.set(key, schema);
  }
  const formats = col.parse(schema, raw, ['formats']);
  if (!formats) return undefined;
  const seen = new Set<string>();
  const expectedUnit = print?.unit ?? 'px';
  return formats.map((f, i) => {
    if (seen.has(f.name))
      col.error(['formats', i, 'name'], 'duplicate_format_name', `format name ${f.name} is used twice`, { received: f.name });
    seen.add(f.name);
    if (f.unit !== undefined && f.unit !== expectedUnit) {
      col.error(['formats', i, 'unit'], 'unsupported_for_type', `formats of this design are in ${expectedUnit}`, {
        expected: [expectedUnit],
        received: f.unit,
      });
    }
    if (!ctx.print && (f.bleed !== null || f.safe !== null)) {
      col.warn(['formats', i], 'property_dropped_for_type', 'bleed and safe apply to printer designs only and were dropped');
    }
    const background_color =
      f.background_color === null ? null : convertColor(f.background_color, ctx, ['formats', i, 'background_color'], col);
    return {
      name: f.name,
      width: f.width,
      height: f.height,
      unit: expectedUnit,
      background_color,
      bleed: ctx.print ? f.bleed : null,
      safe: ctx.print ? f.safe : null,
    };
  });
}

function parseElements(
  raw: unknown,
  ctx: PropContext,
  formats: string[] | null,
  path: Path,
  col: IssueCollector,
): (DesignElement | PageElement)[] | undefined {
  const list = col.parse(z.array(z.unknown()).max(1000).default([]), raw, path);
  if (!list) return undefined;
  const parsed = list.map((e, i) => parseElement(e, ctx, formats, [...path, i], col));
  const ok = parsed.filter((e): e is RawElementResult => e !== undefined);
  checkLayers(ok, path, col);
  if (ok.length !== list.length) return undefined;
  return ok.map((e) => {
    const members = e.layer_ids === undefined ? {} : { layer_ids: e.layer_ids };
    const out =
      formats === null
        ? { name: e.name, type: e.type, properties: e.properties, ...members, layout: e.layout }
        : {
            name: e.name,
            type: e.type,
            properties: e.properties,
            overrides: e.overrides,
            ...members,
            layout: e.layout,
            animation: e.animation,
          };
    return out as unknown as DesignElement | PageElement;
  });
}

function parsePages(raw: unknown, ctx: PropContext, col: IssueCollector): DesignPage[] | undefined {
  const list = col.parse(z.array(z.unknown()).min(1).max(500), raw, ['pages']);
  if (!list) return undefined;
  const pages = list.map((p, i): DesignPage | undefined => {
    const page = col.parse(
      z.strictObject({
        id: z.string().optional(),
        background_color: colorSchema('rgb-fill', ctx).nullable().default(null),
        elements: z.unknown().optional(),
      }),
      p,
      ['pages', i],
    );
    if (!page) return undefined;
    const id = `page_${i + 1}`;
    if (page.id !== undefined && page.id !== id)
      col.error(['pages', i, 'id'], 'invalid_payload', `pages are numbered in order: expected ${id}`, {
        expected: [id],
        received: page.id,
      });
    const background_color =
      page.background_color === null ? null : convertColor(page.background_color, ctx, ['pages', i, 'background_color'], col);
    const elements = parseElements(page.elements, ctx, null, ['pages', i, 'elements'], col) as PageElement[] | undefined;
    return elements ? { id, background_color, elements } : undefined;
  });
  return pages.every((p) => p !== undefined) ? pages : undefined;
}

function parseAnimation(raw: unknown, elements: DesignElement[], col: IssueCollector): DesignAnimation {
  const parsed = col.parse(
    z.strictObject({ duration: z.number().gt(0).max(600).optional(), screenshot_at_s: z.number().min(0).max(600).optional() }),
    raw ?? {},
    ['animation'],
  );
  const latest = latestTime(elements.map((e) => e.animation));
  let duration = parsed?.duration;
  if (duration === undefined) {
    duration = latest > 0 ? latest : 5;
    col.warn(['animation', 'duration'], 'animation_duration_derived', `no duration given: the timeline lasts ${duration} s`);
  } else if (latest > duration) {
    col.error(['animation', 'duration'], 'out_of_range', `layers are animated until ${latest} s, after the end of the timeline`, {
      expected: { min: latest },
      received: duration,
    });
  }
  const screenshot_at_s = parsed?.screenshot_at_s ?? duration;
  if (screenshot_at_s > duration) {
    col.error(['animation', 'screenshot_at_s'], 'out_of_range', 'the screenshot is taken within the timeline', {
      expected: { min: 0, max: duration },
      received: screenshot_at_s,
    });
  }
  return { duration, screenshot_at_s };
}

function checkAssets(design: Design, col: IssueCollector): void {
  const check = (value: unknown, path: Path) => {
    if (typeof value === 'string' && value.startsWith('asset:') && !Object.hasOwn(design.assets, value.slice(6))) {
      col.error(path, 'unreachable_src', `no asset is named ${value.slice(6)}`, { received: value });
    }
  };
  const walk = (elements: readonly (DesignElement | PageElement)[], path: Path) =>
    elements.forEach((e, i) => {
      const bags: [Path, Record<string, unknown>][] = [[[...path, i, 'properties'], e.properties]];
      if ('overrides' in e)
        for (const [f, o] of Object.entries(e.overrides)) bags.push([[...path, i, 'overrides', f], o as Record<string, unknown>]);
      for (const [at, bag] of bags) for (const key of SOURCE_PROPS) check(bag[key], [...at, key]);
    });
  if (design.type === 'printer_multipage') {
    for (const [i, p] of design.pages.entries()) walk(p.elements, ['pages', i, 'elements']);
  } else walk(design.elements, ['elements']);
  for (const [i, f] of design.fonts.entries()) check(f.src, ['fonts', i, 'src']);
}
