import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves when the current clock minute has at least `marginSeconds` left, so a burst of
 * requests stays in one rate-limit window (minute windows are clock-aligned, and so are hours).
 */
export async function awayFromMinuteEdge(marginSeconds = 15): Promise<void> {
  const intoMinute = (Date.now() / 1000) % 60;
  if (intoMinute > 60 - marginSeconds) await sleep((60 - intoMinute + 0.5) * 1000);
}
