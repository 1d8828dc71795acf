import type { Task, TaskList } from 'graphile-worker';
import { DESIGN_DUPLICATE_TASK, DESIGN_IMPORT_TASK, designDuplicatePayload, designImportPayload } from './contract.js';
import { processDuplication } from './duplicate.js';
import { type DesignJobDeps, processImport } from './process-import.js';

/** The design jobs, ready to merge into a worker's task list. */
export function designTaskList(deps: DesignJobDeps): TaskList {
  const importTask: Task = async (payload, helpers) => {
    const { import_id } = designImportPayload.parse(payload);
    await processImport(deps, import_id, helpers.abortSignal ?? new AbortController().signal);
  };
  const duplicateTask: Task = async (payload) => {
    const { duplication_request_id } = designDuplicatePayload.parse(payload);
    await processDuplication(deps, duplication_request_id);
  };
  return { [DESIGN_IMPORT_TASK]: importTask, [DESIGN_DUPLICATE_TASK]: duplicateTask };
}
