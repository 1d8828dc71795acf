import { describe, expect, it } from 'vitest';
import { PoolSaturatedError } from './errors.js';
import { PagePool, type PoolState, type Slot } from './page-pool.js';

/** Takes a slot at once or waits for one, as the supervisor does. */
async function acquire(p: PagePool, signal: AbortSignal | undefined, priority: number): Promise<Slot> {
  return p.take(priority) ?? (await p.wait(signal, priority));
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
    p.release('pool'); // handed straight to the waiter: still two leased
    await third;
    expect(last()).toEqual({ leased: 2, waiting: 0 });
    p.release('pool');
    p.release('pool');
    expect(last()).toEqual({ leased: 0, waiting: 0 });
  });

  it('serves waiters by priority, lower first, and in arrival order within one priority', async () => {
    const { pool: p } = pool(1, 4);
    await acquire(p, undefined, 0);
    const served: string[] = [];
    const wait = (name: string, priority: number) =>
      acquire(p, undefined, priority).then(() => {
        served.push(name);
        p.release('pool');
      });
    // Two bulk renders queue first (graphile priority 10), then an async (0) and a sync one (-10).
    const all = [wait('bulk 1', 10), wait('bulk 2', 10), wait('async', 0), wait('sync', -10)];
    p.release('pool');
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
    p.release('pool');
    await next;
    expect(last()).toEqual({ leased: 1, waiting: 0 });
  });

  it('leases its reserved pages to urgent renders only (priority below urgentBelow), and to them first', async () => {
    const { pool: p, last } = pool(1, 4, 1);
    expect(await acquire(p, undefined, 10)).toBe('pool'); // a bulk render takes the pool's one page
    let bulk: Slot | null = null;
    const waitingBulk = acquire(p, undefined, 10).then((slot) => {
      bulk = slot;
    });
    expect(await acquire(p, undefined, -10)).toBe('reserved'); // a sync render takes the reserved page at once
    expect(last()).toEqual({ leased: 2, waiting: 1 });
    await settle();
    expect(bulk).toBe(null);
    // The reserved page comes back while only a bulk render waits: it stays free for urgent ones.
    p.release('reserved');
    await settle();
    expect(bulk).toBe(null);
    expect(last()).toEqual({ leased: 1, waiting: 1 });
    expect(await acquire(p, undefined, -10)).toBe('reserved');
    // Both pages come back: the bulk render gets the pool's, the reserved one stays free.
    p.release('reserved');
    p.release('pool');
    await waitingBulk;
    expect(bulk).toBe('pool');
    expect(last()).toEqual({ leased: 1, waiting: 0 });
  });

  it('gives an urgent render a pool page when the reserved ones are taken, and hands a freed pool page to the first waiter', async () => {
    const { pool: p, last } = pool(2, 4, 1);
    expect(await acquire(p, undefined, -10)).toBe('reserved');
    expect(await acquire(p, undefined, -10)).toBe('pool');
    expect(await acquire(p, undefined, 10)).toBe('pool');
    const served: [string, Slot][] = [];
    const wait = (name: string, priority: number) => acquire(p, undefined, priority).then((slot) => void served.push([name, slot]));
    const all = [wait('bulk', 10), wait('sync', -10)];
    p.release('pool'); // to the sync render, first in the queue
    p.release('pool'); // to the bulk render
    await Promise.all(all);
    expect(served).toEqual([
      ['sync', 'pool'],
      ['bulk', 'pool'],
    ]);
    expect(last()).toEqual({ leased: 3, waiting: 0 });
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
