/**
 * When the next attempt of a delivery runs. Pure: the caller passes the clock and the config.
 *
 * Retry-After interpretation ("honoured within the schedule"): a receiver may ask us to wait
 * LONGER than the scheduled gap, up to the longest gap of the schedule (2 h by default), but never
 * shorter (a receiver cannot make us hammer it) and never for more attempts (the schedule still
 * ends after its last gap). Both the gap and the Retry-After are multiplied by the time scale, so
 * a compressed test clock compresses both alike.
 */
export interface RetrySchedule {
  /** Gaps in ms between attempt n and n+1; attempts = gaps.length + 1. */
  gapsMs: readonly number[];
  /** Multiplies every gap; 1 in production, e.g. 0.001 in tests. */
  timeScale: number;
}

export type NextAttempt = { kind: 'retry'; attempt: number; delayMs: number; runAt: Date } | { kind: 'exhausted' };

export function maxAttempts(schedule: RetrySchedule): number {
  return schedule.gapsMs.length + 1;
}

/**
 * `attempt` is the 1-based number of the attempt that just failed. `retryAfterMs` is the
 * receiver's Retry-After already converted to ms (see `parseRetryAfter`), or null.
 */
export function planNextAttempt(input: { attempt: number; schedule: RetrySchedule; now: Date; retryAfterMs: number | null }): NextAttempt {
  const { attempt, schedule } = input;
  const gap = schedule.gapsMs[attempt - 1];
  if (gap === undefined || attempt < 1) return { kind: 'exhausted' };
  const longest = Math.max(...schedule.gapsMs);
  const wanted = input.retryAfterMs === null ? gap : Math.min(Math.max(gap, input.retryAfterMs), Math.max(gap, longest));
  const delayMs = Math.round(wanted * schedule.timeScale);
  return { kind: 'retry', attempt: attempt + 1, delayMs, runAt: new Date(input.now.getTime() + delayMs) };
}

/** Retry-After is delta-seconds or an HTTP-date; anything else (or a date in the past) is ignored. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  const delta = at - now.getTime();
  return delta > 0 ? delta : null;
}

/** `"15000,180000"` → [15000, 180000]; the config format of WEBHOOK_RETRY_GAPS_MS. */
export function parseGaps(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  const gaps = parts.map(Number);
  if (parts.some((p) => p === '') || gaps.some((g) => !Number.isFinite(g) || g < 0)) throw new Error(`invalid retry gaps: "${text}"`);
  return gaps;
}

export const DEFAULT_GAPS_MS = [15_000, 180_000, 600_000, 1_800_000, 7_200_000] as const;
export const EXPORT_CALLBACK_GAPS_MS = [60_000, 180_000, 600_000, 1_800_000, 7_200_000] as const;
