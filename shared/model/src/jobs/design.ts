import { z } from 'zod';

/**
 * The design jobs (version 1): an import of a design payload, a duplication and the previews of a new version, each reading
 * everything else from its row. Contracts change only by adding optional fields.
 */
export const DESIGN_IMPORT_TASK = 'design_import';
export const DESIGN_DUPLICATE_TASK = 'design_duplicate';
/** The previews of a design's version, after a change of its document (PUT, restore). */
export const DESIGN_PREVIEWS_TASK = 'design_previews';

export const designImportPayload = z.looseObject({ v: z.literal(1), import_id: z.uuid() });
export const designDuplicatePayload = z.looseObject({ v: z.literal(1), duplication_request_id: z.uuid() });
export const designPreviewsPayload = z.looseObject({ v: z.literal(1), design_id: z.uuid(), version: z.number().int().min(1) });

export type DesignImportPayload = z.output<typeof designImportPayload>;
export type DesignDuplicatePayload = z.output<typeof designDuplicatePayload>;
export type DesignPreviewsPayload = z.output<typeof designPreviewsPayload>;
