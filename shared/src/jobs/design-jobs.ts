import { z } from 'zod';

/**
 * Job contracts of the design jobs (version 1). The control plane enqueues them
 * (control-plane/src/services/imports-jobs.ts spells the same task names); payloads are
 * `unknown` until parsed here. Contracts change only by adding optional fields.
 */
export const DESIGN_IMPORT_TASK = 'design_import';
export const DESIGN_DUPLICATE_TASK = 'design_duplicate';

export const designImportPayload = z.looseObject({ v: z.literal(1), import_id: z.uuid() });
export const designDuplicatePayload = z.looseObject({ v: z.literal(1), duplication_request_id: z.uuid() });

export type DesignImportPayload = z.output<typeof designImportPayload>;
export type DesignDuplicatePayload = z.output<typeof designDuplicatePayload>;

declare global {
  namespace GraphileWorker {
    interface Tasks {
      design_import: DesignImportPayload;
      design_duplicate: DesignDuplicatePayload;
    }
  }
}
