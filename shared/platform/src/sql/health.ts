import type { Queryable } from '../db/pool.js';

/** Resolves when the database answers a trivial statement; rejects otherwise. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
