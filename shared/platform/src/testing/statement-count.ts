import type pg from 'pg';
import { createPool } from '../db/pool.js';

/** A pool whose clients count the statements they send, and the count so far. */
export interface CountingPool {
  pool: pg.Pool;
  /** Statements sent by the pool's clients since it was made or last reset (BEGIN and COMMIT included). */
  statements(): number;
  reset(): void;
}

/**
 * A real pool on `connectionString` whose every client counts the statements it sends: each
 * client's `query` is wrapped as it connects, so whatever code takes a client from the pool (a
 * transaction included) is counted as it runs against the real database.
 */
export function countingPool(connectionString: string, options: { max?: number } = {}): CountingPool {
  const pool = createPool(connectionString, { max: options.max ?? 2, applicationName: 'pressroom-counted' });
  let n = 0;
  pool.on('connect', (client) => {
    const query = client.query;
    const counted = function (this: pg.PoolClient, ...args: unknown[]) {
      n++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    };
    client.query = counted as typeof client.query;
  });
  return {
    pool,
    statements: () => n,
    reset: () => {
      n = 0;
    },
  };
}
