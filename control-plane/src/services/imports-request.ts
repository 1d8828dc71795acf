import {
  type Design,
  type DesignWarning,
  type FieldIssue,
  formatPath,
  parseDesignDocument,
  zodIssuesToFieldIssues,
} from '@pressroom/model';
import { z } from 'zod';

/** Keys of the request body that are not part of the design document. `warnings` and `version`
 * come with an as-import export, so its body can be posted back unchanged. */
const ENVELOPE_KEYS = ['target', 'uploads', 'warnings', 'version'] as const;

export const importTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('design'), project_id: z.uuid() }),
  z.strictObject({ kind: z.literal('workspace_template'), category_id: z.uuid().nullable().optional() }),
]);
export type ImportTarget = z.output<typeof importTarget>;

const uploadsSchema = z
  .array(z.strictObject({ name: z.string().min(1).max(100), content_type: z.string().min(1).max(200).optional() }))
  .max(200);

/** Media the import accepts as uploads: images, fonts, videos and audio tracks. */
export const UPLOAD_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/svg+xml',
  'image/avif',
  'image/tiff',
  'font/woff',
  'font/woff2',
  'font/ttf',
  'font/otf',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/mp4',
  'audio/wav',
  'audio/ogg',
  'audio/aac',
] as const;

export interface PlannedUpload {
  /** The asset name in the document (`asset:<name>`): the upload slot's `name`. */
  asset: string;
  content_type: string;
  /** The page of the layer that waits for it (`page_N`); default `page_1`. */
  page?: string | undefined;
}

export type ImportPlan =
  | { ok: true; design: Design; target: ImportTarget; uploads: PlannedUpload[]; warnings: DesignWarning[] }
  | { ok: false; issues: FieldIssue[] };

/**
 * Checks a `POST /designs/import/json` body without touching storage or the database: the
 * document (field issues with payload paths), the target (default: design, which then needs a
 * project), and the uploads. Every asset whose src is `file:` must be uploaded; the `uploads`
 * list may name them with their content type, otherwise the asset's own content_type is used.
 * A `storage:` src is accepted only inside this workspace's own objects.
 */
export function planImport(body: unknown, workspaceId: string): ImportPlan {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, issues: [{ path: 'body', code: 'invalid_payload', message: 'the body must be a JSON object' }] };
  }
  const raw = body as Record<string, unknown>;
  const doc: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!(ENVELOPE_KEYS as readonly string[]).includes(k)) doc[k] = v;

  const issues: FieldIssue[] = [];
  const target = importTarget.safeParse(raw.target ?? { kind: 'design' }, { reportInput: true });
  if (!target.success) issues.push(...zodIssuesToFieldIssues(target.error.issues, ['target']));
  const uploadList = uploadsSchema.safeParse(raw.uploads ?? [], { reportInput: true });
  if (!uploadList.success) issues.push(...zodIssuesToFieldIssues(uploadList.error.issues, ['uploads']));

  const parsed = parseDesignDocument(doc);
  if (!parsed.ok) issues.push(...parsed.issues);
  if (!parsed.ok || !target.success || !uploadList.success) return { ok: false, issues };

  const design = parsed.design;
  const declared = new Map(uploadList.data.map((u, i) => [u.name, { ...u, index: i }]));
  const uploads: PlannedUpload[] = [];
  for (const [name, asset] of Object.entries(design.assets)) {
    const at = ['assets', name, 'src'];
    if (asset.src.startsWith('storage:') && !asset.src.startsWith(`storage:workspaces/${workspaceId}/`)) {
      issues.push({
        path: formatPath(at),
        code: 'unreachable_src',
        message: 'storage: sources must be objects of this workspace',
        received: asset.src,
      });
    }
    if (!asset.src.startsWith('file:')) continue;
    const contentType = (declared.get(name)?.content_type ?? asset.content_type)?.toLowerCase();
    if (contentType === undefined) {
      issues.push({
        path: formatPath(['assets', name, 'content_type']),
        code: 'missing_required',
        message: 'an uploaded asset needs its content type',
      });
    } else if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) {
      issues.push({
        path: formatPath(['assets', name, 'content_type']),
        code: 'unknown_enum_value',
        message: 'images, fonts, videos and audio only',
        expected: UPLOAD_CONTENT_TYPES,
        received: contentType,
      });
    } else uploads.push({ asset: name, content_type: contentType });
  }
  for (const [name, u] of declared) {
    const asset = design.assets[name];
    if (!asset?.src.startsWith('file:')) {
      issues.push({
        path: formatPath(['uploads', u.index, 'name']),
        code: 'unreachable_src',
        message: `no asset named ${name} waits for an upload (src file:...)`,
        received: name,
      });
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, design, target: target.data, uploads, warnings: parsed.warnings };
}
