import { BULK_RUN_FINISH_TASK, BULK_RUN_PUMP_TASK } from '@pressroom/model';
import { finishBulkRun, jobTask, pumpBulkRun, setBulkRunStatus } from '@pressroom/platform';
import type { Task } from 'graphile-worker';
import type { MediaDeps } from '../deps.js';
import { bulkMetrics } from './metrics.js';

export type BulkDeps = Pick<MediaDeps, 'db' | 'storage' | 'logger' | 'config' | 'metrics'>;

/** A run whose job cannot be read cannot go on: it ends as failed, saying why. */
async function failRun(deps: BulkDeps, runId: string): Promise<void> {
  await setBulkRunStatus(deps.db, runId, 'failed', 'the runner could not read its job (invalid_job_payload)');
}

/** `bulk_run_pump`: one step of the runner (platform bulk/pump.ts); the step queues the next. */
export function bulkRunPumpTask(deps: BulkDeps): Task<typeof BULK_RUN_PUMP_TASK> {
  const metrics = bulkMetrics(deps.metrics);
  return jobTask(
    BULK_RUN_PUMP_TASK,
    { logger: deps.logger, onInvalid: ({ bulk_run_id }) => failRun(deps, bulk_run_id) },
    async (payload) => {
      const step = await pumpBulkRun(deps.db, payload.bulk_run_id, {
        window: deps.config.bulkWindow,
        intervalMs: deps.config.bulkIntervalMs,
      });
      if (step.kind === 'again' && step.started + step.failed > 0) {
        metrics.rows.inc({ outcome: 'started' }, step.started);
        metrics.rows.inc({ outcome: 'failed' }, step.failed);
        if (step.failed > 0) deps.logger.warn({ bulkRunId: payload.bulk_run_id, failed: step.failed }, 'bulk rows failed: no credits left');
      }
    },
  );
}

/** `bulk_run_finish`: the result CSV and the ZIP export (platform bulk/finish.ts). */
export function bulkRunFinishTask(deps: BulkDeps): Task<typeof BULK_RUN_FINISH_TASK> {
  return jobTask(
    BULK_RUN_FINISH_TASK,
    { logger: deps.logger, onInvalid: ({ bulk_run_id }) => failRun(deps, bulk_run_id) },
    async (payload) => {
      const step = await finishBulkRun(deps.db, deps.storage, payload.bulk_run_id);
      deps.logger.info({ bulkRunId: payload.bulk_run_id, step }, 'bulk run results written');
    },
  );
}
