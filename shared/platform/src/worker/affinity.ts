/**
 * Affinity of render jobs to the worker that holds their design warm, on graphile-worker's own
 * job flags (docs/render-worker.md, "Affinity across workers"). A job of a design some live
 * render worker advertises warm is enqueued with the flag `warm:<worker key>:<bucket>`, the bucket
 * being the enqueue time in AFFINITY_BUCKET_MS steps (the database's clock). Every other render
 * worker forbids those flags while they are younger than its hold, so the warm worker has the job
 * to itself for that long; after it, the flag is forbidden by nobody and any worker takes the job.
 * The job is an ordinary job all along: at-least-once, retries and dead-worker unlocking are
 * graphile-worker's, and no worker is kept from a job for longer than the hold.
 */
export const AFFINITY_BUCKET_MS = 50;

const PREFIX = 'warm:';

/** The flag a job gets for a worker key, enqueued at `enqueuedAtMs` (the SQL side builds the same string). */
export function affinityFlag(workerKey: string, enqueuedAtMs: number): string {
  return `${PREFIX}${workerKey}:${Math.floor(enqueuedAtMs / AFFINITY_BUCKET_MS)}`;
}

/**
 * The flags a worker forbids at `nowMs`: those of every other warm worker enqueued within the
 * last `holdMs` (one per bucket, so a handful per worker).
 */
export function forbiddenAffinityFlags(otherKeys: readonly string[], nowMs: number, holdMs: number): string[] {
  if (holdMs <= 0) return [];
  const last = Math.floor(nowMs / AFFINITY_BUCKET_MS);
  const first = Math.floor((nowMs - holdMs) / AFFINITY_BUCKET_MS) + 1;
  const out: string[] = [];
  for (const key of otherKeys) for (let b = first; b <= last; b++) out.push(`${PREFIX}${key}:${b}`);
  return out;
}
