import type { Queryable } from '../db/pool.js';

/** The channel a render worker notifies when a generation request gains a banner or an error. */
export const GENERATION_CHANNEL = 'pressroom_generation';

/** Call inside the transaction that stores the outcome: Postgres delivers it on commit only. */
export async function notifyGeneration(client: Queryable, requestId: string): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [GENERATION_CHANNEL, requestId]);
}
