import { z } from 'zod';

/** The hourly retention sweep (render pool): generation requests, exports and stale animation parts. */
export const RETENTION_TASK = 'generation_retention';

/**
 * Version 1. The sweep needs no input; jobs scheduled before the version was written carry `{}`,
 * which reads as version 1.
 */
export const retentionPayloadSchema = z.looseObject({ v: z.literal(1).default(1) });
export type RetentionPayload = z.output<typeof retentionPayloadSchema>;
