import pg from 'pg';
import type { Logger } from '../logger.js';

/**
 * A pool that never takes the process down. A restarted Postgres terminates idle clients with
 * 57P01; without these handlers that arrives as an unhandled 'error' event and kills the process.
 */
export function createPool(connectionString: string, options: { max?: number; logger?: Logger; applicationName?: string } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'pressroom',
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', (err) => options.logger?.warn({ err }, 'idle postgres client failed'));
  pool.on('connect', (client) => {
    client.on('error', (err) => options.logger?.warn({ err }, 'postgres client failed'));
  });
  return pool;
}

export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** Runs `fn` in a transaction; the client is released whatever happens. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
