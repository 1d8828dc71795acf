import { forbiddenAffinityFlags, otherWarmWorkerKeys, type Queryable } from '@pressroom/platform';

/**
 * graphile-worker's `forbiddenFlags` for one render worker: the fresh affine jobs of every other
 * warm render worker (docs/render-worker.md, "Affinity across workers"). The other workers' keys
 * are read from their heartbeats at most once per `refreshMs`; the flags are computed at each
 * poll from the clock, so a held job is free the moment its hold has passed.
 */
export function affinityForbiddenFlags(
  db: Queryable,
  options: { ownKey: string; holdMs: number; staleAfterMs: number; refreshMs: number; now?: () => number },
): () => Promise<string[]> {
  const now = options.now ?? Date.now;
  let others: string[] = [];
  let readAt = Number.NEGATIVE_INFINITY;
  return async () => {
    if (options.holdMs <= 0) return [];
    if (now() - readAt >= options.refreshMs) {
      readAt = now();
      // A failed read keeps the last list: holding back is an optimisation, never a condition.
      others = await otherWarmWorkerKeys(db, options.ownKey, options.staleAfterMs).catch(() => others);
    }
    return forbiddenAffinityFlags(others, now(), options.holdMs);
  };
}
