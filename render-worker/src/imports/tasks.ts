import { DESIGN_DUPLICATE_TASK, DESIGN_IMPORT_TASK, DESIGN_PREVIEWS_TASK } from '@pressroom/model';
import { INVALID_JOB_PAYLOAD_REASON, jobTask } from '@pressroom/platform';
import type { TaskList } from 'graphile-worker';
import { failDuplication, processDuplication } from './duplicate.js';
import { type DesignJobDeps, failImport, processImport } from './process-import.js';
import { refreshPreviews } from './refresh-previews.js';

/** The design jobs, ready to merge into a worker's task list. */
export function designTaskList(deps: DesignJobDeps): TaskList {
  // A job that cannot be read ends its import or duplication as a last failed attempt does.
  const importEdge = {
    logger: deps.logger,
    onInvalid: ({ import_id }: { import_id: string }) => failImport(deps.db, import_id, 'invalid_job_payload', INVALID_JOB_PAYLOAD_REASON),
  };
  const duplicateEdge = {
    logger: deps.logger,
    onInvalid: ({ duplication_request_id: id }: { duplication_request_id: string }) =>
      failDuplication(deps.db, id, INVALID_JOB_PAYLOAD_REASON),
  };
  const importTask = jobTask(DESIGN_IMPORT_TASK, importEdge, async ({ import_id }, helpers) => {
    try {
      await processImport(deps, import_id, helpers.abortSignal ?? new AbortController().signal);
    } catch (err) {
      // The last attempt must not leave the import PROCESSING for ever: pollers need an end.
      if (helpers.job.attempts >= helpers.job.max_attempts)
        await failImport(deps.db, import_id, 'import_failed', 'the import could not be processed');
      throw err;
    }
  });
  const duplicateTask = jobTask(DESIGN_DUPLICATE_TASK, duplicateEdge, async ({ duplication_request_id }, helpers) => {
    try {
      await processDuplication(deps, duplication_request_id);
    } catch (err) {
      if (helpers.job.attempts >= helpers.job.max_attempts) await failDuplication(deps.db, duplication_request_id, (err as Error).message);
      throw err;
    }
  });
  const previewsTask = jobTask(DESIGN_PREVIEWS_TASK, { logger: deps.logger }, async ({ design_id, version }, helpers) => {
    await refreshPreviews(deps, design_id, version, helpers.abortSignal ?? new AbortController().signal);
  });
  return { [DESIGN_IMPORT_TASK]: importTask, [DESIGN_DUPLICATE_TASK]: duplicateTask, [DESIGN_PREVIEWS_TASK]: previewsTask };
}
