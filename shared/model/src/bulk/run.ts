import { z } from 'zod';

/** Task of the runner's step: queue the run's next rows at the farm's pace, then look again. */
export const BULK_RUN_PUMP_TASK = 'bulk_run_pump';
/** Task of a run's end: the result CSV, the ZIP export, then BULK_RUN_FINISHED once it is packed. */
export const BULK_RUN_FINISH_TASK = 'bulk_run_finish';

/** Version 1 of both payloads: everything else is read from the run's rows. */
export const bulkRunPayloadSchema = z.looseObject({ v: z.literal(1), bulk_run_id: z.uuid() });
export type BulkRunPayload = z.output<typeof bulkRunPayloadSchema>;

/**
 * graphile-worker runs lower numbers first: a bulk run's renders wait behind every interactive
 * render (sync -10, async 0), so a run never starves them (`JOB_PRIORITY`).
 */
export const BULK_JOB_PRIORITY = 10;

/**
 * The graphile-worker flag on a bulk run's render jobs: a render worker forbids it while its bulk
 * slots are full, so its other slots stay free for interactive renders (RENDER_INTERACTIVE_SLOTS).
 */
export const BULK_JOB_FLAG = 'bulk';
