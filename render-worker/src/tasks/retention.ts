import { RETENTION_TASK } from '@pressroom/model';
import { jobTask, purgeExpiredExports, purgeExpiredRequests, purgeStaleParts } from '@pressroom/platform';
import type { Task, WorkerUtils } from 'graphile-worker';
import type { RenderDeps } from '../deps.js';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Enforces the 7-day retention of generation requests and exports (410 afterwards). Self-scheduling under
 * one job key, so however many render workers start, exactly one run is pending at a time.
 */
export function retentionTask(deps: RenderDeps): Task<'generation_retention'> {
  return jobTask(RETENTION_TASK, { logger: deps.logger }, async (_payload, helpers) => {
    const purged = await purgeExpiredRequests(deps.db);
    if (purged > 0) deps.logger.info({ purged }, 'generation requests past retention purged');
    // Exports follow the same 7 days; their archives go with them.
    const archives = await purgeExpiredExports(deps.db);
    for (const key of archives) {
      await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'expired export archive not deleted'));
    }
    if (archives.length > 0) deps.logger.info({ purged: archives.length }, 'exports past retention purged');
    const parts = await purgeStaleParts(deps.db, deps.storage);
    if (parts > 0) deps.logger.info({ parts }, 'parts of animated files that never completed removed');
    await helpers.addJob(RETENTION_TASK, { v: 1 }, { jobKey: RETENTION_TASK, runAt: new Date(Date.now() + EVERY_MS) });
  });
}

/** Called at worker start: schedules the first run unless one is pending (preserve_run_at). */
export async function scheduleRetention(utils: Pick<WorkerUtils, 'addJob'>): Promise<void> {
  await utils.addJob(
    RETENTION_TASK,
    { v: 1 },
    { jobKey: RETENTION_TASK, jobKeyMode: 'preserve_run_at', runAt: new Date(Date.now() + 60_000) },
  );
}
