import {
  type Design,
  type DesignWarning,
  type FieldIssue,
  formatPath,
  type ImportTarget,
  importSources,
  parseImportPayload,
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
