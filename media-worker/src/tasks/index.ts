import { ANIMATION_ENCODE, BULK_RUN_FINISH_TASK, BULK_RUN_PUMP_TASK, DELIVER_WEBHOOK_TASK, EXPORT_ZIP_TASK } from '@pressroom/model';
import type { TaskList } from 'graphile-worker';
import { animationEncodeTask } from '../animation/encode-task.js';
import { createAnimationMediaMetrics } from '../animation/metrics.js';
import { bulkRunFinishTask, bulkRunPumpTask } from '../bulk/tasks.js';
import type { MediaDeps } from '../deps.js';
import { exportZipTask } from '../exports/export-task.js';
import { deliverWebhookTask } from '../webhooks/deliver-task.js';

/**
 * The tasks this pool runs. graphile-worker only fetches jobs whose task it knows, so this list
 * is also what lets the media pool scale independently of the render pool.
 */
export function mediaTaskList(deps: MediaDeps): TaskList {
  return {
    [DELIVER_WEBHOOK_TASK]: deliverWebhookTask(deps),
    [EXPORT_ZIP_TASK]: exportZipTask(deps),
    [BULK_RUN_PUMP_TASK]: bulkRunPumpTask(deps),
    [BULK_RUN_FINISH_TASK]: bulkRunFinishTask(deps),
    [ANIMATION_ENCODE]: animationEncodeTask({ ...deps, animationMetrics: createAnimationMediaMetrics(deps.metrics) }),
  };
}
