import { describe, expect, it } from 'vitest';
import { PoolSaturatedError } from './errors.js';
import { PagePool, type PoolState } from './page-pool.js';

/** Takes a slot at once or waits for one, as the supervisor does. */
async function acquire(p: PagePool, signal: AbortSignal | undefined, priority: number): Promise<void> {
  if (!p.take(priority)) await p.wait(signal, priority);
}

/** Lets queued promise callbacks run. */
const settle = () => new Promise((r) => setImmediate(r));

function pool(size: number, maxQueueLength: number, reserved = 0) {
  const states: PoolState[] = [];
  const p = new PagePool({ size, reserved, urgentBelow: 0, maxQueueLength, onChange: (s) => states.push(s) });
  return { pool: p, last: () => states.at(-1) };
}

describe('PagePool', () => {
  it('leases up to its size at once, queues up to maxQueueLength, then refuses', async () => {
    const { pool: p, last } = pool(2, 1);
    expect(last()).toEqual({ leased: 0, waiting: 0 });
    await acquire(p, undefined, 0);
    await acquire(p, undefined, 0);
    expect(last()).toEqual({ leased: 2, waiting: 0 });
    let served = false;
    const third = acquire(p, undefined, 0).then(() => {
      served = true;
    });
    expect(last()).toEqual({ leased: 2, waiting: 1 });
    await expect(acquire(p, undefined, 0)).rejects.toBeInstanceOf(PoolSaturatedError);
    await settle();
    expect(served).toBe(false);
    p.release(); // handed straight to the waiter: still two leased
    await third;
    expect(last()).toEqual({ leased: 2, waiting: 0 });
    p.release();
    p.release();
    expect(last()).toEqual({ leased: 0, waiting: 0 });
  });

  it('serves waiters by priority, lower first, and in arrival order within one priority', async () => {
    const { pool: p } = pool(1, 4);
    await acquire(p, undefined, 0);
    const served: string[] = [];
    const wait = (name: string, priority: number) =>
      acquire(p, undefined, priority).then(() => {
        served.push(name);
        p.release();
      });
    // Two bulk renders queue first (graphile priority 10), then an async (0) and a sync one (-10).
    const all = [wait('bulk 1', 10), wait('bulk 2', 10), wait('async', 0), wait('sync', -10)];
    p.release();
    await Promise.all(all);
    expect(served).toEqual(['sync', 'async', 'bulk 1', 'bulk 2']);
  });

  it('an aborted waiter leaves the queue with the signal reason, and its place is free again', async () => {
    const { pool: p, last } = pool(1, 1);
    await acquire(p, undefined, 0);
    const controller = new AbortController();
    const waiting = acquire(p, controller.signal, 0);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    expect(last()).toEqual({ leased: 1, waiting: 0 });
    const next = acquire(p, undefined, 0);
    p.release();
    await next;
    expect(last()).toEqual({ leased: 1, waiting: 0 });
  });

  it('leases its reserved pages to urgent renders only (priority below urgentBelow)', async () => {
    const { pool: p, last } = pool(1, 4, 1);
    await acquire(p, undefined, 10); // a bulk render takes the pool's one page
    let bulk = false;
    const waitingBulk = acquire(p, undefined, 10).then(() => {
      bulk = true;
    });
    await acquire(p, undefined, -10); // a sync render takes the reserved page at once
    expect(last()).toEqual({ leased: 2, waiting: 1 });
    await settle();
    expect(bulk).toBe(false);
    // The reserved page comes back while only a bulk render waits: it stays free for urgent ones.
    p.release();
    await settle();
    expect(bulk).toBe(false);
    expect(last()).toEqual({ leased: 1, waiting: 1 });
    await acquire(p, undefined, -10);
    // Both pages come back: the bulk render gets one, the reserved one stays free.
    p.release();
    p.release();
    await waitingBulk;
    expect(last()).toEqual({ leased: 1, waiting: 0 });
  });

  it('rejects every waiter when asked to, and the leases stand', async () => {
    const { pool: p, last } = pool(1, 2);
    await acquire(p, undefined, 0);
    const waiting = [acquire(p, undefined, 0), acquire(p, undefined, 5)];
    p.rejectWaiting(() => new Error('stopped'));
    for (const w of waiting) await expect(w).rejects.toThrow('stopped');
    expect(last()).toEqual({ leased: 1, waiting: 0 });
  });
});
