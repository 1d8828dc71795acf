/**
 * When the farm launcher restarts a role, or the embedded Postgres, that died on its own. The delay
 * doubles with each crash in a row (1 s, 2 s, 4 s … capped at 30 s); a process that stayed up for
 * `healthyAfterMs` counts as healthy again, so its next crash starts over at the first delay
 * instead of inheriting an old outage's 30 s.
 */
export const RESTART_FIRST_DELAY_MS = 1_000;
export const RESTART_MAX_DELAY_MS = 30_000;
export const HEALTHY_AFTER_MS = 60_000;

export interface RestartDecision {
  /** Crashes in a row, counting this one. */
  consecutiveCrashes: number;
  delayMs: number;
}

export function planRestart(
  previousCrashes: number,
  uptimeMs: number,
  healthyAfterMs = HEALTHY_AFTER_MS,
  firstDelayMs = RESTART_FIRST_DELAY_MS,
): RestartDecision {
  const consecutiveCrashes = uptimeMs >= healthyAfterMs ? 1 : previousCrashes + 1;
  const delayMs = Math.min(RESTART_MAX_DELAY_MS, firstDelayMs * 2 ** (Math.min(consecutiveCrashes, 7) - 1));
  return { consecutiveCrashes, delayMs };
}
