import { z } from 'zod';

/** Task identifier of one ZIP export (media worker). */
export const EXPORT_ZIP_TASK = 'export_zip';

/**
 * Version 1 of the payload. Everything else (the files, the callback) is read from the export
 * row, so a re-run after a killed worker packs the same archive again. Contracts change only by
 * adding optional fields.
 */
export const exportZipPayloadSchema = z.looseObject({ v: z.literal(1), export_id: z.uuid() });
export type ExportZipPayload = z.output<typeof exportZipPayloadSchema>;
