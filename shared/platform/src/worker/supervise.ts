/**
 * Keeps one job runner alive for the life of a process. A runner that dies, or that is recycled
 * because it lost a write to the database, is replaced once the database answers again; until
 * then the supervisor probes it with capped exponential backoff and reports that it waits.
 * It ends only through `stop()`.
 */

export type RunnerState = 'starting' | 'running' | 'waiting_for_database' | 'stopped';

export interface SupervisedRunner {
  /** Settles when the runner ends: resolves on a requested stop, rejects when it dies. */
  promise: Promise<void>;
  stop(): Promise<void>;
}

export interface SuperviseOptions<R extends SupervisedRunner> {
  /** Throws while the database is unreachable. */
  probe(): Promise<void>;
  /** Starts a runner; `recovering` is true after a death (release what the dead one held first). */
  start(recovering: boolean): Promise<R>;
  onState?(state: RunnerState, err?: unknown): void;
  onRestart?(err: unknown): void;
  backoff?: Backoff;
  /** How long a recycled runner may take to stop (finish its running jobs) before it is abandoned. */
  stopGraceMs?: number;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

export interface Backoff {
  minMs: number;
  maxMs: number;
}

/** 250 ms doubling to 5 s: a restart is noticed within a second, an outage costs one probe per 5 s. */
export const DATABASE_BACKOFF: Backoff = { minMs: 250, maxMs: 5_000 };

/** Delay before probe number `attempt` (0-based): min · 2^attempt, capped at max. */
export function backoffDelay(attempt: number, backoff: Backoff = DATABASE_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(attempt, 30));
}

export interface Supervisor<R extends SupervisedRunner> {
  state(): RunnerState;
  /** The live runner, or null while waiting for the database. */
  current(): R | null;
  /** Resolves with the first runner (after waiting for the database if it is down at start). */
  started: Promise<R | null>;
  /** Replaces the live runner (it lost a write and holds jobs it cannot release); no-op otherwise. */
  recycle(reason: unknown): void;
  stop(): Promise<void>;
}

export function superviseRunner<R extends SupervisedRunner>(options: SuperviseOptions<R>): Supervisor<R> {
  const backoff = options.backoff ?? DATABASE_BACKOFF;
  const sleep = options.sleep ?? abortableSleep;
  const abort = new AbortController();
  let state: RunnerState = 'starting';
  let runner: R | null = null;
  const setState = (next: RunnerState, err?: unknown) => {
    if (state === next || state === 'stopped') return;
    state = next;
    options.onState?.(next, err);
  };

  const startWhenReachable = async (recovering: boolean): Promise<R | null> => {
    for (let attempt = 0; !abort.signal.aborted; attempt++) {
      try {
        await options.probe();
        const started = await options.start(recovering);
        if (abort.signal.aborted) {
          await started.stop().catch(() => undefined);
          return null;
        }
        runner = started;
        setState('running');
        return started;
      } catch (err) {
        if (abort.signal.aborted) return null;
        setState('waiting_for_database', err);
        await sleep(backoffDelay(attempt, backoff), abort.signal);
      }
    }
    return null;
  };

  let recycle: (reason: unknown) => void = () => undefined;
  const loop = async (first: R | null) => {
    let live = first;
    while (live && !abort.signal.aborted) {
      const recycled = new Promise<never>((_, reject) => {
        recycle = reject;
      });
      try {
        await Promise.race([live.promise, recycled]);
        if (abort.signal.aborted) return;
        options.onRestart?.(new Error('job runner ended without being asked to'));
      } catch (err) {
        if (abort.signal.aborted) return;
        recycle = () => undefined;
        runner = null;
        setState('waiting_for_database', err);
        options.onRestart?.(err);
        // Its running jobs get a bounded time to finish before their locks are released.
        await Promise.race([live.stop().catch(() => undefined), sleep(options.stopGraceMs ?? 15_000, abort.signal)]);
      }
      recycle = () => undefined;
      runner = null;
      setState('waiting_for_database');
      live = await startWhenReachable(true);
    }
  };

  const started = startWhenReachable(false);
  const supervising = started.then(loop).catch(() => undefined);

  return {
    state: () => state,
    current: () => runner,
    started,
    recycle: (reason) => recycle(reason),
    async stop() {
      abort.abort();
      const live = runner;
      runner = null;
      state = 'stopped';
      if (live) await live.stop().catch(() => undefined);
      await supervising;
    },
  };
}

/** Resolves after `ms`, or at once when `signal` aborts (it never rejects). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
