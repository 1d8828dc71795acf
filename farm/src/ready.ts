import { setTimeout as sleep } from 'node:timers/promises';

/** Polls a readiness URL until it answers 200, or fails after `timeoutMs`. */
export async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms (${last})`);
}
