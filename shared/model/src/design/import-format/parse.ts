/**
 * `POST /designs/import/json`: Abyssale's import format (docs/design-format.md) parsed into the
 * stored document (design/types.ts). The structure (top level, target, formats, layers, nested
 * property objects, sources) is checked here; the values are then checked by the stored
 * document's parser, and its paths are written back in the import's terms, so one answer lists
 * every problem with paths such as `pages[2].layers[7].layout.x`.
 */
import { z } from 'zod';
import type { FieldIssue } from '../../errors/app-error.js';
import { formatPath } from '../../errors/zod-issues.js';
import { isPlainObject } from '../../plain-object.js';
import { DESIGN_TYPES, type DesignType, LAYER_TYPES, type LayerType } from '../../properties/layer-types.js';
import { missesBound } from '../../properties/numeric.js';
import { parseDesignDocument, SOURCE_PROPS } from '../parse/document.js';
import { IssueCollector, type Path } from '../parse/issues.js';
import type { Design, DesignElement, DesignWarning, PageElement } from '../types.js';
import { ALL_IMPORT_KEYS, IMPORT_SPELLINGS, LAYER_LEVEL_FIELDS, type Spelling } from './names.js';
import { type LayerShape, toImportPath } from './paths.js';
import { classifySource, dataUriProblem, uploadContentTypeOf } from './sources.js';

/** Format names that would make a flat `layout` or `properties` ambiguous. */
export const RESERVED_FORMAT_NAMES = ['default', 'x', 'y', 'width', 'height'] as const;

/** Where an import lands: a project's design, or a workspace template (no project). */
export const importTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('design'), project_uuid: z.uuid() }),
  z.strictObject({ kind: z.literal('workspace_template'), category_id: z.uuid().nullable().optional() }),
]);
export type ImportTarget = z.output<typeof importTarget>;

export type ParseImportResult =
  | { ok: true; design: Design; target: ImportTarget | null; warnings: DesignWarning[] }
  | { ok: false; issues: FieldIssue[]; warnings: DesignWarning[] };

export interface ParseImportOptions {
  /** false: a payload without `target` is valid (an as-import export); the target is then null. */
  requireTarget?: boolean;
  /** Whether a text or button may name this font (`isCatalogueFont`); absent: any name is taken. */
  knownFont?: (name: string) => boolean;
  /** The payload is a stored design read back (the editor draws it): the rules applied only on a write are skipped (parseDesignDocument). */
  stored?: boolean;
}

const top = z.strictObject({
  name: z.string().min(1).max(200),
  type: z.enum(DESIGN_TYPES),
  target: z.unknown().optional(),
  formats: z.unknown().optional(),
  layers: z.unknown().optional(),
  unit: z.unknown().optional(),
  width: z.unknown().optional(),
  height: z.unknown().optional(),
  bleed_size: z.unknown().optional(),
  safe_size: z.unknown().optional(),
  dpi: z.unknown().optional(),
  pages: z.unknown().optional(),
  animation: z.unknown().optional(),
});

const formatShape = z.strictObject({
  name: z.string(),
  width: z.unknown(),
  height: z.unknown(),
  background_color: z.unknown().optional(),
  bleed_size: z.unknown().optional(),
  safe_size: z.unknown().optional(),
  /** Read-only: computed at import from the size (docs/design-format.md). */
  dpi: z.unknown().optional(),
});

const layerShape = z.strictObject({
  name: z.unknown(),
  type: z.string(),
  layout: z.unknown().optional(),
  properties: z.unknown().optional(),
  hidden: z.unknown().optional(),
  locked: z.unknown().optional(),
  layer_ids: z.unknown().optional(),
  animation: z.unknown().optional(),
});

const animationShape = z.strictObject({
  duration: z.number().min(1).max(60),
  screenshot_at_s: z.number().min(0).max(60).optional(),
});

const pageShape = z.strictObject({ background_color: z.unknown().optional(), layers: z.unknown().optional() });

type Json = Record<string, unknown>;

interface Context {
  type: DesignType;
  col: IssueCollector;
  /** Format names, or null on a multipage page. */
  formats: string[] | null;
  assets: Record<string, { src: string; content_type: string }>;
  /** Where each upload was first named, for the paths of the stored parser's asset issues. */
  assetPaths: Map<string, Path>;
  /**
   * The import's own bounds (Spelling.bound), reported on write only (`writeError`; skipped with
   * `stored`). Apart from `col`, so that a value past one does not hide its layer's other issues.
   */
  bounds: IssueCollector;
}

export function parseImportPayload(json: unknown, opts: ParseImportOptions = {}): ParseImportResult {
  const col = new IssueCollector();
  const bounds = new IssueCollector(opts.stored ?? false);
  const built = buildDocument(json, col, bounds, opts.requireTarget ?? true);
  if (!built) return { ok: false, issues: col.issues, warnings: col.warnings };
  // The stored parser checks the values even when the structure has problems, so one answer
  // lists both; what it says inside a part whose structure is already refused is left out.
  const parsed = parseDesignDocument(built.doc, { stored: opts.stored ?? false });
  const rewrite = (path: string) => toImportPath(path, built.shapes, built.assetPaths);
  const blocked = col.issues.map((i) => blockedPrefix(i.path ?? ''));
  const inBlocked = (path: string) => blocked.some((b) => path === b || path.startsWith(`${b}.`) || path.startsWith(`${b}[`));
  // A value past an import bound and past the design range too is reported once, with the import's bound.
  const bounded = new Set(bounds.issues.map((i) => i.path));
  const stored = parsed.ok
    ? []
    : parsed.issues.map((i) => ({ ...i, path: rewrite(i.path ?? '') })).filter((i) => !inBlocked(i.path) && !bounded.has(i.path));
  const issues = [...col.issues, ...bounds.issues, ...stored];
  if (parsed.ok && opts.knownFont) {
    for (const [path, font] of fontsOf(parsed.design)) {
      if (!opts.knownFont(font)) {
        issues.push({
          path: rewrite(path),
          code: 'unknown_font',
          message: `no font is named ${font} (GET /fonts lists them)`,
          received: font,
        });
      }
    }
  }
  const warnings = [...col.warnings, ...parsed.warnings.map((w) => (w.path === undefined ? w : { ...w, path: rewrite(w.path) }))];
  if (!parsed.ok || issues.length > 0) return { ok: false, issues, warnings };
  return { ok: true, design: parsed.design, target: built.target, warnings };
}

/** Every font a text or button names, at its stored path. */
function fontsOf(design: Design): [string, string][] {
  const out: [string, string][] = [];
  const walk = (elements: readonly (DesignElement | PageElement)[], at: Path) => {
    for (const [i, e] of elements.entries()) {
      if (e.type !== 'text' && e.type !== 'button') continue;
      if (e.properties.font !== undefined) out.push([formatPath([...at, i, 'properties', 'font']), e.properties.font]);
      for (const [f, o] of Object.entries('overrides' in e ? e.overrides : {}))
        if (typeof (o as { font?: unknown }).font === 'string')
          out.push([formatPath([...at, i, 'overrides', f, 'font']), (o as { font: string }).font]);
    }
  };
  if (design.type === 'printer_multipage') for (const [p, page] of design.pages.entries()) walk(page.elements, ['pages', p, 'elements']);
  else walk(design.elements, ['elements']);
  return out;
}

function blockedPrefix(path: string): string {
  return /^(pages\[\d+\]\.)?layers\[\d+\]/.exec(path)?.[0] ?? /^(formats|pages)\[\d+\]/.exec(path)?.[0] ?? path;
}

interface Built {
  doc: Json;
  target: ImportTarget | null;
  shapes: { layers: LayerShape[]; pages: LayerShape[][] };
  assetPaths: Map<string, Path>;
}

function buildDocument(json: unknown, col: IssueCollector, bounds: IssueCollector, requireTarget: boolean): Built | undefined {
  if (!isPlainObject(json)) {
    col.error(['body'], 'wrong_type', 'the import payload must be a JSON object');
    return undefined;
  }
  for (const key of Object.keys(json)) if (!(key in top.shape)) col.error([key], 'unknown_field', `unknown field ${key}`);
  const doc = col.parse(z.object(top.shape), json, []);
  if (!doc) return undefined;
  const type = doc.type;
  const ctx: Context = { type, col, formats: null, assets: {}, assetPaths: new Map(), bounds };
  const target = parseTarget(doc.target, col, requireTarget);
  const print = type === 'printer' || type === 'printer_multipage';
  const out: Json = { name: doc.name, type, variables: {}, fonts: [] };
  const shapes: Built['shapes'] = { layers: [], pages: [] };

  const refuse = (key: keyof typeof doc, why: string) => {
    if (doc[key] !== undefined) col.error([key], 'unsupported_for_type', why);
  };
  if (print) {
    if (doc.unit === undefined) col.error(['unit'], 'missing_required', `a ${type} design declares its unit (mm or in)`);
  } else refuse('unit', `${type} designs are in pixels: unit is for printer designs`);
  if (type === 'animated') {
    if (doc.animation === undefined) col.error(['animation'], 'missing_required', 'an animated design declares its timeline');
  } else refuse('animation', 'animation is for animated designs');

  if (type === 'printer_multipage') {
    refuse('formats', 'a printer_multipage design has one page size (width, height) and pages, not formats');
    refuse('layers', 'a printer_multipage design has its layers in pages[].layers');
    for (const key of ['width', 'height'] as const)
      if (doc[key] === undefined) col.error([key], 'missing_required', 'every page shares one size, declared at the top level');
    out.print = { unit: doc.unit, dpi: doc.dpi ?? 300, bleed: doc.bleed_size ?? 0, safe: doc.safe_size ?? 0 };
    out.page_size = { width: doc.width, height: doc.height };
    const pages = col.parse(z.array(z.unknown()).min(1).max(500), doc.pages, ['pages']);
    out.pages = (pages ?? []).map((raw, p) => {
      const page = col.parse(pageShape, raw, ['pages', p]);
      const list = col.parse(z.array(z.unknown()).max(1000).default([]), page?.layers, ['pages', p, 'layers']) ?? [];
      const layerShapes: LayerShape[] = [];
      shapes.pages.push(layerShapes);
      const elements = list.map((l, i) => buildLayer(l, ['pages', p, 'layers', i], ctx, layerShapes));
      return { ...(page?.background_color === undefined ? {} : { background_color: page.background_color }), elements };
    });
  } else {
    for (const key of ['pages', 'width', 'height', 'dpi'] as const)
      refuse(key, key === 'pages' ? 'only printer_multipage designs have pages' : `${key} is declared per format`);
    for (const key of ['bleed_size', 'safe_size'] as const)
      refuse(key, type === 'printer' ? `${key} is declared per format` : `${key} is for printer designs`);
    const formats = col.parse(z.array(z.unknown()).min(1).max(100), doc.formats, ['formats']) ?? [];
    const names: string[] = [];
    out.formats = formats.map((raw, i) => {
      const f = col.parse(formatShape, raw, ['formats', i]);
      if (!f) return raw;
      names.push(f.name);
      if ((RESERVED_FORMAT_NAMES as readonly string[]).includes(f.name))
        col.error(['formats', i, 'name'], 'reserved_format_name', `${f.name} is reserved: it is a key of flat layout and properties`, {
          expected: { not: RESERVED_FORMAT_NAMES },
          received: f.name,
        });
      const format: Json = { name: f.name, width: f.width, height: f.height };
      if (f.background_color !== undefined) format.background_color = f.background_color;
      if (type === 'printer') {
        format.bleed = f.bleed_size ?? 0;
        format.safe = f.safe_size ?? 0;
      } else if (type === 'animated') {
        for (const key of ['bleed_size', 'safe_size'] as const)
          if (f[key] !== undefined) col.error(['formats', i, key], 'unsupported_for_type', `${key} is for printer designs`);
      } else {
        // A static export may carry zero zones; a non-zero one is dropped with a warning downstream.
        if (f.bleed_size !== undefined && f.bleed_size !== 0) format.bleed = f.bleed_size;
        if (f.safe_size !== undefined && f.safe_size !== 0) format.safe = f.safe_size;
      }
      return format;
    });
    ctx.formats = names;
    if (type === 'printer') out.print = { unit: doc.unit, dpi: 300, bleed: 0, safe: 0 };
    const list = col.parse(z.array(z.unknown()).max(1000).default([]), doc.layers, ['layers']) ?? [];
    out.elements = list.map((l, i) => buildLayer(l, ['layers', i], ctx, shapes.layers));
    if (type === 'animated' && doc.animation !== undefined) {
      const animation = col.parse(animationShape, doc.animation, ['animation']);
      if (animation) out.animation = animation;
    }
  }
  out.assets = ctx.assets;
  return { doc: out, target, shapes, assetPaths: ctx.assetPaths };
}

function parseTarget(raw: unknown, col: IssueCollector, required: boolean): ImportTarget | null {
  if (raw === undefined && !required) return null;
  const value = isPlainObject(raw) && raw.kind === undefined ? { ...raw, kind: 'design' } : (raw ?? { kind: 'design' });
  return col.parse(importTarget, value, ['target']) ?? null;
}

/** One layer in the stored document's terms; its shape is recorded to write paths back. */
function buildLayer(raw: unknown, path: Path, ctx: Context, shapes: LayerShape[]): Json {
  const { col } = ctx;
  const shape: LayerShape = { type: 'text', flatLayout: true, perFormat: false };
  shapes.push(shape);
  const layer = col.parse(layerShape, raw, path);
  if (!layer) return {};
  const known = (LAYER_TYPES as readonly string[]).includes(layer.type) && layer.type !== 'code';
  if (!known || ((layer.type === 'video' || layer.type === 'audio') && ctx.type !== 'animated')) {
    const allowed = LAYER_TYPES.filter((t) => t !== 'code' && (ctx.type === 'animated' || (t !== 'video' && t !== 'audio')));
    col.error([...path, 'type'], 'unknown_enum_value', `must be one of ${allowed.join(', ')}`, {
      expected: allowed,
      received: layer.type,
    });
    return {};
  }
  const type = layer.type as LayerType;
  shape.type = type;
  const name = typeof layer.name === 'string' ? layer.name : '';
  const out: Json = { name: layer.name, type };

  // Layout: one box for every format, or a box per format.
  const layout = layer.layout;
  if (layout === undefined) col.error([...path, 'layout'], 'missing_required', 'a layer needs a box');
  else if (!isPlainObject(layout)) col.error([...path, 'layout'], 'wrong_type', 'must be an object');
  else if (ctx.formats === null) {
    shape.flatLayout = false; // a page layer's stored box is already flat
    out.layout = layout;
  } else if (['x', 'y', 'width', 'height'].some((k) => k in layout)) {
    for (const key of Object.keys(layout))
      if (ctx.formats.includes(key))
        col.error([...path, 'layout', key], 'mutually_exclusive', 'a layout is one box for every format or a box per format, not both');
    out.layout = Object.fromEntries(ctx.formats.map((f) => [f, layout]));
  } else {
    shape.flatLayout = false;
    out.layout = layout;
  }

  // Properties: flat, or `default` plus per-format changes.
  const spell = IMPORT_SPELLINGS[type];
  const props = layer.properties ?? {};
  let base: Json = {};
  const overrides: Record<string, Json> = {};
  if (!isPlainObject(props)) col.error([...path, 'properties'], 'wrong_type', 'must be an object');
  else {
    const keys = Object.keys(props);
    const formats = ctx.formats ?? [];
    shape.perFormat =
      ctx.formats !== null &&
      ('default' in props || (keys.length > 0 && keys.every((k) => formats.includes(k) && !spell.byImport.has(k) && !spell.groups.has(k))));
    if (shape.perFormat) {
      for (const [key, bag] of Object.entries(props)) {
        const at = [...path, 'properties', key];
        if (key !== 'default' && !formats.includes(key)) {
          if (spell.byImport.has(key) || spell.groups.has(key))
            col.error(at, 'mutually_exclusive', `${key} sits in default or in a format: properties are flat or per format, not both`);
          else col.error(at, 'unknown_format_key', `${key} is not a format of this design`, { expected: formats });
        } else if (!isPlainObject(bag)) col.error(at, 'wrong_type', 'must be an object');
        else if (key === 'default') base = translateBag(bag, type, at, ctx);
        else overrides[key] = translateBag(bag, type, at, ctx, true);
      }
    } else base = translateBag(props, type, [...path, 'properties'], ctx);
  }

  // Abyssale's text fits from font_size down to min_font_size: a bag that gives min_font_size and
  // leaves auto_resize unsaid shrinks (docs/design-format.md, "text"); an explicit auto_resize wins.
  if (type === 'text' || type === 'button') {
    const explicit = base.auto_resize;
    for (const bag of [base, ...Object.values(overrides)])
      if (bag.min_font_size !== undefined && bag.auto_resize === undefined && explicit === undefined) bag.auto_resize = true;
  }

  for (const [field, spelling] of spell.onLayer) {
    const value = layer[field as 'hidden' | 'locked'];
    if (value !== undefined) base[spelling.internal] = value;
  }
  for (const field of LAYER_LEVEL_FIELDS) {
    const value = layer[field as 'hidden' | 'locked'];
    if (value === undefined || spell.onLayer.has(field)) continue;
    if (typeof value !== 'boolean') col.error([...path, field], 'wrong_type', 'must be a boolean', { received: value });
    else if (value)
      col.warn([...path, field], 'property_dropped_for_type', `${field} has no effect on a ${type} layer and was dropped`, name);
  }

  if (layer.layer_ids !== undefined) {
    if (type !== 'group') col.error([...path, 'layer_ids'], 'unsupported_for_type', 'only a group layer has layer_ids');
    else out.layer_ids = layer.layer_ids;
  } else if (type === 'group') col.error([...path, 'layer_ids'], 'missing_required', 'a group lists the layers it holds');

  if (layer.animation !== undefined) {
    if (ctx.type !== 'animated') col.error([...path, 'animation'], 'unsupported_for_type', 'layer timing is for animated designs');
    else out.animation = layer.animation;
  }

  const illustrationSource = (bag: Json) =>
    type !== 'illustration' || (bag.illustration_type ?? base.illustration_type ?? 'custom') === 'custom';
  for (const [bag, at] of [
    [base, shape.perFormat ? [...path, 'properties', 'default'] : [...path, 'properties']],
    ...Object.entries(overrides).map(([f, o]) => [o, [...path, 'properties', f]] as const),
  ] as [Json, Path][]) {
    for (const prop of SOURCE_PROPS) {
      const value = bag[prop];
      if (typeof value !== 'string' || (prop === 'illustration_file' && !illustrationSource(bag))) continue;
      bag[prop] = source(prop, value, [...at, ...(spell.byInternal.get(prop)?.import ?? prop).split('.')], ctx);
    }
  }
  out.properties = base;
  if (Object.keys(overrides).length > 0) out.overrides = overrides;
  return out;
}

/**
 * Import spellings → stored names; nested objects are flattened. A per-format bag may also change a
 * layer-level field (`hidden` in one format), which the layer itself sets for every format.
 */
function translateBag(bag: Json, type: LayerType, path: Path, ctx: Context, perFormat = false): Json {
  const { col } = ctx;
  const spell = IMPORT_SPELLINGS[type];
  const out: Json = {};
  for (const [key, value] of Object.entries(bag)) {
    const at = [...path, key];
    const direct = spell.byImport.get(key);
    if (direct) {
      out[direct.internal] = value;
      checkBound(direct, value, at, ctx.bounds);
    } else if (spell.groups.has(key)) {
      if (!isPlainObject(value)) {
        col.error(at, 'wrong_type', 'must be an object', { received: value });
        continue;
      }
      for (const [field, v] of Object.entries(value)) {
        const nested = spell.byImport.get(`${key}.${field}`);
        if (nested) {
          out[nested.internal] = v;
          checkBound(nested, v, [...at, field], ctx.bounds);
        } else col.error([...at, field], 'unknown_field', `unknown field ${field} of ${key}`);
      }
    } else if (perFormat && spell.onLayer.has(key)) {
      out[spell.onLayer.get(key)!.internal] = value;
    } else if (LAYER_LEVEL_FIELDS.has(key) || key === 'layer_ids') {
      col.error(at, 'unknown_field', `${key} is set on the layer itself, not in properties`);
    } else if (ALL_IMPORT_KEYS.has(key)) {
      col.error(at, 'unsupported_for_type', `${key} does not apply to a ${type} layer`);
    } else col.error(at, 'unknown_field', `unknown property ${key}`);
  }
  return out;
}

/**
 * A number past the bound Abyssale's import format states (`shadow.blur` 0-200, `star_count` 5):
 * refused on write only, so a document stored before the bound still parses (`stored`). What is
 * not a finite number is the stored parser's to report.
 */
function checkBound(spelling: Spelling, value: unknown, path: Path, bounds: IssueCollector): void {
  const bound = spelling.bound;
  if (bound === undefined || typeof value !== 'number' || !Number.isFinite(value)) return;
  const { min, max } = bound;
  const missed = missesBound(bound, value);
  if (missed === 'range') {
    const message = min === max ? `must be ${min} in the import format` : `must be between ${min} and ${max} in the import format`;
    bounds.writeError(path, 'out_of_range', message, { expected: { min, max }, received: value });
  } else if (missed === 'integer') {
    bounds.writeError(path, 'invalid_payload', 'must be an integer in the import format', { received: value });
  }
}

function source(prop: string, value: string, path: Path, ctx: Context): string {
  const kind = classifySource(value);
  if (kind.kind === 'inline') {
    const problem = value.startsWith('data:') ? dataUriProblem(prop, value) : null;
    if (problem !== null) ctx.col.error(path, 'invalid_asset', problem, { received: value.slice(0, 40) });
    return value;
  }
  if (kind.kind === 'invalid') {
    ctx.col.error(path, 'unreachable_src', 'must be an https:// URL, a data: URI or a bare file name (photo.jpg)', { received: value });
    return value;
  }
  const contentType = uploadContentTypeOf(kind.name);
  if (contentType === undefined) {
    ctx.col.error(path, 'unknown_enum_value', 'a file name ends with the extension of an image, font, video or audio file', {
      received: value,
    });
    return value;
  }
  if (!ctx.assets[kind.name]) {
    ctx.assets[kind.name] = { src: `file:${kind.name}`, content_type: contentType };
    ctx.assetPaths.set(kind.name, path);
  }
  return `asset:${kind.name}`;
}
