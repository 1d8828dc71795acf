import {
  type Asset,
  type Design,
  type DesignType,
  type DesignWarning,
  type FieldIssue,
  formatPath,
  type ImportTarget,
  importPathOfAsset,
  importSources,
  isPlainObject,
  parseImportPayload,
  replaceImportSources,
} from '@pressroom/model';

export interface PlannedUpload {
  /** The asset name in the document (`asset:<name>`): the file name the payload gave, the upload slot's `name`. */
  asset: string;
  content_type: string;
  /** The page of the layer that waits for it (`page_N`); default `page_1`. */
  page?: string | undefined;
}

export type ImportPlan =
  | { ok: true; design: Design; target: ImportTarget; uploads: PlannedUpload[]; warnings: DesignWarning[] }
  | { ok: false; issues: FieldIssue[] };

/**
 * Checks a `POST /designs/import/json` body (Abyssale's import format, docs/design-format.md)
 * without touching storage or the database: the document and its target (default kind: design,
 * which then needs a project). Every bare file name the payload gives as a `src` is one expected
 * upload, its content type named by its extension. With `knownFont`, a font it does not know is
 * `unknown_font`.
 */
export function planImport(body: unknown, fonts: { knownFont?: (name: string) => boolean } = {}): ImportPlan {
  const parsed = parseImportPayload(body, fonts);
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  const { design, target } = parsed;
  if (target === null) {
    return { ok: false, issues: [{ path: formatPath(['target']), code: 'missing_required', message: 'is required' }] };
  }
  const pages = new Map<string, string>();
  for (const s of importSources(design))
    if (s.page !== undefined && s.value.startsWith('asset:') && !pages.has(s.value.slice(6))) pages.set(s.value.slice(6), s.page);
  const uploads: PlannedUpload[] = [];
  for (const [name, asset] of Object.entries(design.assets)) {
    if (asset.src.startsWith('file:') && asset.content_type !== undefined)
      uploads.push({ asset: name, content_type: asset.content_type, page: pages.get(name) });
  }
  return { ok: true, design, target, uploads, warnings: parsed.warnings };
}

export type DocumentPlan = { ok: true; design: Design; warnings: DesignWarning[] } | { ok: false; issues: FieldIssue[] };

/** What a document PUT needs to know about the design it replaces. */
export interface DocumentPlanContext {
  /** The design's type: a PUT cannot change it. */
  type: DesignType;
  /** The stored document: its own font files (`fonts`), which the import format cannot carry, stay. */
  current: Design;
  /** Assets the design stores in Pressroom (any version), by name. */
  stored: Readonly<Record<string, Asset>>;
  /** The hosting URL of each stored asset (as `as-import` writes it), by name. */
  storedUrls: Readonly<Record<string, string>>;
  knownFont?: (name: string) => boolean;
}

/**
 * Checks a `PUT /designs/<id>/document` body without touching storage or the database. It is the
 * import format without `target`, checked by the import's own parser, so the ids, paths and
 * warnings are the import's. A PUT takes no uploads: a bare file name must name a file the design
 * already stores (else `missing_assets` at the property naming it), and a stored file's hosting
 * URL (what `as-import` wrote) is taken back as that stored file, not fetched as a remote image.
 */
export function planDocumentPut(body: unknown, ctx: DocumentPlanContext): DocumentPlan {
  const issues: FieldIssue[] = [];
  let payload = body;
  if (isPlainObject(body) && 'target' in body) {
    const { target: _target, ...rest } = body;
    payload = rest;
    issues.push({
      path: formatPath(['target']),
      code: 'unknown_field',
      message: 'a document PUT replaces this design in place: it has no target (PUT /designs/<id>/project moves it)',
    });
  }
  const knownFont = (name: string) =>
    ctx.current.fonts.some((f) => f.family.toLowerCase() === name.toLowerCase()) || (ctx.knownFont?.(name) ?? true);
  const parsed = parseImportPayload(payload, { requireTarget: false, knownFont });
  if (!parsed.ok) return { ok: false, issues: [...issues, ...parsed.issues] };
  const { design } = parsed;
  if (design.type !== ctx.type) {
    issues.push({
      path: formatPath(['type']),
      code: 'invalid_design_type',
      message: `a document PUT keeps the design's type (${ctx.type}); import a new design to change it`,
      expected: [ctx.type],
      received: design.type,
    });
  }
  const byUrl = new Map(Object.entries(ctx.storedUrls).map(([name, url]) => [withoutQuery(url), name]));
  replaceImportSources(design, ({ value }) => {
    const name = /^https?:/.test(value) ? byUrl.get(withoutQuery(value)) : undefined;
    if (name === undefined || !ctx.stored[name]) return undefined;
    design.assets[name] = { ...ctx.stored[name] };
    return `asset:${name}`;
  });
  for (const [name, asset] of Object.entries(design.assets)) {
    if (!asset.src.startsWith('file:')) continue;
    const stored = ctx.stored[name];
    if (stored) design.assets[name] = { ...stored };
    else
      issues.push({
        path: importPathOfAsset(design, name),
        code: 'missing_assets',
        message: `a document PUT takes no uploads and this design stores no file named ${name}: give an https URL or a data: URI, or import the design`,
        received: name,
      });
  }
  // The design's own font files ride along: the import format cannot say them.
  design.fonts = ctx.current.fonts.map((f) => ({ ...f }));
  for (const f of design.fonts) {
    const name = f.src.startsWith('asset:') ? f.src.slice(6) : undefined;
    const asset = name === undefined ? undefined : ctx.current.assets[name];
    if (name !== undefined && asset) design.assets[name] = { ...asset };
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, design, warnings: parsed.warnings };
}

function withoutQuery(url: string): string {
  const at = url.search(/[?#]/);
  return at === -1 ? url : url.slice(0, at);
}
