import type { Logger } from '@pressroom/platform';
import { GENERATION_CHANNEL } from '@pressroom/platform';
import type pg from 'pg';

/**
 * One dedicated LISTEN connection per control plane, fanned out to in-process waiters by
 * generation request id. Waiting costs no query until something happens: a waiter reads its
 * row once after each notification for its id, and once after every (re)connect, because a
 * notification sent while we were disconnected is lost.
 */
export interface CompletionListener {
  /**
   * Resolves with the first non-undefined value of `check`, run once at once (the work may have
   * finished before we listened), then after each notification or reconnect. Rejects with
   * `WaitTimeoutError` after `timeoutMs`.
   */
  waitFor<T>(requestId: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export class WaitTimeoutError extends Error {
  constructor(
    readonly requestId: string,
    readonly timeoutMs: number,
  ) {
    super(`generation request ${requestId} did not complete within ${timeoutMs} ms`);
    this.name = 'WaitTimeoutError';
  }
}

export interface CompletionListenerOptions {
  /**
   * Opens the dedicated connection, e.g. `() => pool.connect()`: the client is held for the
   * listener's life and destroyed (never returned to the pool) when it fails or stops.
   */
  connect: () => Promise<pg.PoolClient>;
  logger: Logger;
  reconnectDelayMs?: number;
}

export function createCompletionListener(options: CompletionListenerOptions): CompletionListener {
  const waiters = new Map<string, Set<() => void>>();
  const reconnectDelay = options.reconnectDelayMs ?? 500;
  let client: pg.PoolClient | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const wakeAll = () => {
    for (const set of waiters.values()) for (const wake of set) wake();
  };

  const connect = async (): Promise<void> => {
    const c = await options.connect();
    const drop = () => c.release(true);
    c.on('notification', (msg) => {
      if (msg.channel !== GENERATION_CHANNEL || !msg.payload) return;
      for (const wake of waiters.get(msg.payload) ?? []) wake();
    });
    const lost = (err: unknown) => {
      if (client !== c) return;
      options.logger.warn({ err }, 'completion listener connection lost; reconnecting');
      client = null;
      drop();
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost(new Error('connection ended')));
    try {
      await c.query(`LISTEN ${GENERATION_CHANNEL}`);
    } catch (err) {
      drop();
      throw err;
    }
    if (stopped) {
      drop();
      return;
    }
    client = c;
    // Anything that finished while we were not listening is picked up by one read per waiter.
    wakeAll();
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err) => {
        options.logger.warn({ err }, 'completion listener could not reconnect');
        schedule();
      });
    }, reconnectDelay);
    retry.unref();
  };

  return {
    async start() {
      // A database that is down at start must not keep the API from starting (GET /ready reports
      // it); the listener keeps trying in the background, and every waiter reads once on connect.
      await connect().catch((err) => {
        options.logger.warn({ err }, 'completion listener could not connect; retrying');
        schedule();
      });
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      c?.release(true);
    },
    waitFor<T>(requestId: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        let done = false;
        let running = false;
        let again = false;
        const set = waiters.get(requestId) ?? new Set<() => void>();
        waiters.set(requestId, set);
        const finish = () => {
          done = true;
          clearTimeout(timer);
          set.delete(wake);
          if (set.size === 0) waiters.delete(requestId);
        };
        // Reads never overlap: a wake during a read schedules exactly one more read.
        const wake = () => {
          if (done) return;
          if (running) {
            again = true;
            return;
          }
          running = true;
          check().then(
            (value) => {
              running = false;
              if (done) return;
              if (value !== undefined) {
                finish();
                resolve(value);
              } else if (again) {
                again = false;
                wake();
              }
            },
            (err) => {
              running = false;
              if (done) return;
              finish();
              reject(err);
            },
          );
        };
        const timer = setTimeout(() => {
          if (done) return;
          finish();
          reject(new WaitTimeoutError(requestId, timeoutMs));
        }, timeoutMs);
        set.add(wake);
        wake();
      });
    },
  };
}
