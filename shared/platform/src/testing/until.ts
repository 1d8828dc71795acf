/** What `until` answers: the check's value once it is truthy. */
export type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

export interface UntilOptions {
  /** Give up after this long: a hang guard, never a speed check (docs/operations.md, "Tests on a loaded machine"). Default 10 s. */
  timeoutMs?: number;
  /** Between one check's answer and the next check. Default 50 ms. */
  intervalMs?: number;
  /** More for the timeout's message: the last state the check saw, a process's output. */
  detail?: () => string;
}

/**
 * Waits for a condition in a test: calls `check` (sync or async) until it answers a truthy value,
 * and answers that value. Past `timeoutMs` it throws `timed out after <n> s waiting for <what>`
 * (then `detail()`, when given, on the next line); an error thrown by `check` ends the wait with
 * that error.
 */
export async function until<T>(what: string, check: () => T | Promise<T>, options: UntilOptions = {}): Promise<Truthy<T>> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() >= deadline) {
      const detail = options.detail ? `\n${options.detail()}` : '';
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${detail}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
