import { forbiddenColorProfileFlags } from '@pressroom/model';

/**
 * A render worker's graphile-worker `forbiddenFlags`: the flags of the built-in print profiles it
 * does not hold (fixed at start, as its ICC files are; docs/print.md, "Routing by profile"), and
 * while affinity holds, the fresh affine jobs of the other warm workers (static/affinity.ts).
 */
export function renderWorkerForbiddenFlags(
  colorProfiles: readonly string[],
  affinity: (() => Promise<string[]>) | null,
): () => string[] | Promise<string[]> {
  const unheld = forbiddenColorProfileFlags(colorProfiles);
  return affinity === null ? () => unheld : async () => [...unheld, ...(await affinity())];
}
