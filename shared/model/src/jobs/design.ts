import { z } from 'zod';

/**
 * The design jobs (version 1): an import of a design payload and a duplication, each reading
 * everything else from its row. Contracts change only by adding optional fields.
 */
export const DESIGN_IMPORT_TASK = 'design_import';
export const DESIGN_DUPLICATE_TASK = 'design_duplicate';

export const designImportPayload = z.looseObject({ v: z.literal(1), import_id: z.uuid() });
export const designDuplicatePayload = z.looseObject({ v: z.literal(1), duplication_request_id: z.uuid() });

export type DesignImportPayload = z.output<typeof designImportPayload>;
export type DesignDuplicatePayload = z.output<typeof designDuplicatePayload>;
