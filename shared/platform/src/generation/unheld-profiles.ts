import {
  CMYK_COLOR_PROFILES,
  colorProfileFlag,
  RENDER_PRINT,
  readJobOwner,
  unheldProfileReason,
  watchUnheldProfiles,
} from '@pressroom/model';
import type pg from 'pg';
import type { Counter, Registry } from 'prom-client';
import { counterFromZero } from '../metrics/from-zero.js';
import { deleteWaitingJob, selectWaitingPrintJobs } from '../sql/print-jobs.js';
import type { ObjectStorage } from '../storage/storage.js';
import { liveRenderWorkers } from '../worker/heartbeat.js';
import { recordOutcome } from './record-outcome.js';

/** Jobs ended per sweep at most; the next sweep takes the rest. */
const BATCH = 100;

/**
 * `pressroom_print_profile_unheld_failures_total{profile}`: print jobs the sweep below ended because
 * no live render worker held their colour profile, by built-in profile id (`CMYK_COLOR_PROFILES`).
 * Idempotent per registry; every profile's series exists from the first scrape, at zero.
 */
export function unheldProfileFailuresCounter(registry: Registry): Counter<'profile'> {
  return counterFromZero(registry, {
    name: 'pressroom_print_profile_unheld_failures_total',
    help: 'Print jobs failed because no live render worker held their colour profile for PRINT_PROFILE_WAIT_MS, by built-in profile id.',
    labels: { profile: CMYK_COLOR_PROFILES },
  });
}

/**
 * The sweep of print jobs whose colour profile no live render worker holds any more (the worker
 * holding it died or was reconfigured after submit; docs/print.md, "Routing by profile"). Each
 * call reads the live render workers; a profile unheld for `waitMs` (as this sweeper has seen it,
 * so a holder restarting within the wait keeps its jobs) ends every waiting job flagged with it
 * as any file the farm cannot produce ends: `cannot_build_banner` with the reason, its credit
 * refunded, the request finalised and announced once complete. The outcome is recorded before
 * the job is removed: a sweep cut short leaves a job that ends on the next sweep, and a worker
 * that took it meanwhile finds the outcome and does nothing. Several sweepers may run at once;
 * each job ended counts once in `failures` (`unheldProfileFailuresCounter`), by the sweeper that
 * removed it.
 */
export function unheldProfileSweeper(options: {
  db: pg.Pool;
  storage: ObjectStorage;
  staleAfterMs: number;
  waitMs: number;
  failures: Counter<'profile'>;
  now?: () => number;
}): () => Promise<number> {
  const now = options.now ?? Date.now;
  let since = new Map<string, number>();
  return async () => {
    const at = now();
    const watched = watchUnheldProfiles(since, await liveRenderWorkers(options.db, options.staleAfterMs), at, options.waitMs);
    since = watched.since;
    if (watched.expired.length === 0) return 0;
    const byFlag = new Map(watched.expired.map((id) => [colorProfileFlag(id), id]));
    let ended = 0;
    for (const job of await selectWaitingPrintJobs(options.db, [...byFlag.keys()], BATCH)) {
      const owner = readJobOwner(RENDER_PRINT, job.payload);
      const id = job.flags.map((f) => byFlag.get(f)).find((p) => p !== undefined)!;
      if (owner !== null) {
        await recordOutcome(
          options.db,
          owner.generation_request_id,
          {
            kind: 'error',
            formatName: owner.format_name,
            errorId: 'cannot_build_banner',
            reason: unheldProfileReason(id, at - watched.since.get(id)!),
          },
          options.storage,
        );
      }
      if (await deleteWaitingJob(options.db, job.id)) {
        ended++;
        options.failures.inc({ profile: id });
      }
    }
    return ended;
  };
}
