import { createLogger, GENERATION_CHANNEL } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompletionListener, createCompletionListener, WaitTimeoutError } from './completion-listener.js';

let db: TestDatabase;
let listener: CompletionListener;

beforeAll(async () => {
  db = await testDatabase();
  await db.pool.query('CREATE TABLE done (id text PRIMARY KEY)');
  listener = createCompletionListener({
    connect: async () => {
      const c = await db.pool.connect();
      await c.query(`SET application_name = 'listener-under-test'`);
      return c;
    },
    logger: createLogger('test', 'silent'),
    reconnectDelayMs: 50,
  });
  await listener.start();
});

afterAll(async () => {
  await listener.stop();
  await db.drop();
});

/** Marks `id` done and notifies in one transaction, as the render worker does. */
async function complete(id: string): Promise<void> {
  const c = await db.pool.connect();
  try {
    await c.query('BEGIN');
    await c.query('INSERT INTO done VALUES ($1)', [id]);
    await c.query('SELECT pg_notify($1, $2)', [GENERATION_CHANNEL, id]);
    await c.query('COMMIT');
  } finally {
    c.release();
  }
}

/** The default deadline only guards against a hang: a loaded machine may take seconds to notify. */
function waiter(id: string, reads: { n: number }, timeoutMs = 60_000) {
  return listener.waitFor(
    id,
    async () => {
      reads.n++;
      const { rows } = await db.pool.query('SELECT id FROM done WHERE id = $1', [id]);
      return rows[0] ? 'done' : undefined;
    },
    timeoutMs,
  );
}

describe('completion listener', () => {
  it('wakes a waiter on its notification and reads once per wake, never in a loop', async () => {
    const reads = { n: 0 };
    const waiting = waiter('a', reads);
    await new Promise((r) => setTimeout(r, 300));
    expect(reads.n).toBe(1); // the initial read only, however long we wait
    await complete('a');
    await expect(waiting).resolves.toBe('done');
    expect(reads.n).toBe(2);
  });

  it('ignores notifications for other requests', async () => {
    const reads = { n: 0 };
    const waiting = waiter('b', reads);
    await complete('other');
    await new Promise((r) => setTimeout(r, 200));
    expect(reads.n).toBe(1);
    await complete('b');
    await expect(waiting).resolves.toBe('done');
  });

  it('resolves at once when the work finished before the wait began', async () => {
    await complete('c');
    await expect(waiter('c', { n: 0 })).resolves.toBe('done');
  });

  it('times out with WaitTimeoutError', async () => {
    await expect(waiter('never', { n: 0 }, 150)).rejects.toBeInstanceOf(WaitTimeoutError);
  });

  it('reconnects after its connection is killed, and re-reads what finished meanwhile', async () => {
    const reads = { n: 0 };
    const waiting = waiter('d', reads);
    await new Promise((r) => setTimeout(r, 100));
    // Kill the LISTEN backend, then finish the work while the listener is down: the
    // notification is lost, so only the read after reconnecting can see it.
    await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'listener-under-test'`);
    await db.pool.query('INSERT INTO done VALUES ($1)', ['d']);
    await expect(waiting).resolves.toBe('done');
    expect(reads.n).toBeGreaterThanOrEqual(2);

    // And it still listens afterwards.
    const later = waiter('e', { n: 0 });
    await new Promise((r) => setTimeout(r, 100));
    await complete('e');
    await expect(later).resolves.toBe('done');
  });
});
