import { z } from 'zod';

/**
 * The JSON columns of `design_imports`, as written and read back. Stated once: the control
 * plane writes the request's warnings, uploads and target; the render worker appends warnings
 * and writes the result or the error; the platform's `sql/imports.ts` parses them on read.
 */

/** The stored status of an import; one still waiting after its upload window reads as FAILED. */
export const IMPORT_STATUSES = ['WAITING_FOR_VALIDATION', 'QUEUED', 'PROCESSING', 'DONE', 'FAILED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import Warning object (docs/design-format.md, Import errors and warnings); `warnings` is append-only. */
export const importWarningSchema = z.object({
  code: z.string(),
  message: z.string(),
  path: z.string().optional(),
  layer: z.string().optional(),
  reason: z.enum(['render_failed', 'preview_not_stored']).optional(),
});
export type ImportWarning = z.infer<typeof importWarningSchema>;

/** The import's failure (`error`): where, which id, what happened. */
export const importErrorSchema = z.object({ path: z.string(), code: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

/** What a DONE import made (`result`). */
export const importResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('workspace_template'), uuid: z.string() }),
  z.object({ kind: z.literal('design'), uuid: z.string(), project_uuid: z.string() }),
]);
export type ImportResult = z.infer<typeof importResultSchema>;

/** An upload the import waits for (`uploads_expected`), as the create call stores it. */
export const expectedUploadSchema = z.object({
  asset: z.string(),
  key: z.string(),
  content_type: z.string(),
  max_bytes: z.number(),
  target: z.literal('layer'),
  name: z.string(),
  page: z.string(),
});
export type ExpectedUpload = z.infer<typeof expectedUploadSchema>;

/** An expected upload as read back: rows stored before the slot fields were added carry only these. */
export const storedUploadSchema = expectedUploadSchema.partial().required({ asset: true, key: true, content_type: true });
export type StoredUpload = z.infer<typeof storedUploadSchema>;
