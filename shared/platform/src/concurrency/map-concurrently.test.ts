import { describe, expect, it } from 'vitest';
import { mapConcurrently } from './map-concurrently.js';

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every callback queued by settled promises run. */
const settle = () => new Promise((r) => setImmediate(r));

describe('mapConcurrently', () => {
  it('answers the results in the order of the items, whatever order the calls finish in', async () => {
    const gates = [0, 1, 2, 3, 4].map(() => deferred<void>());
    const done = mapConcurrently([0, 1, 2, 3, 4], 5, async (n, index) => {
      await gates[n]!.promise;
      return `${n}@${index}`;
    });
    for (const n of [4, 2, 0, 3, 1]) gates[n]!.resolve();
    expect(await done).toEqual(['0@0', '1@1', '2@2', '3@3', '4@4']);
  });

  it('keeps at most `limit` calls in flight, and starts the next item as soon as one settles', async () => {
    const gates = Array.from({ length: 7 }, () => deferred<void>());
    const started: number[] = [];
    let inFlight = 0;
    let most = 0;
    const done = mapConcurrently([0, 1, 2, 3, 4, 5, 6], 3, async (n) => {
      started.push(n);
      most = Math.max(most, ++inFlight);
      await gates[n]!.promise;
      inFlight--;
      return n * 10;
    });
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    expect(await done).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(3);
  });

  it('rejects with the first error and starts no item after it', async () => {
    const gates = Array.from({ length: 6 }, () => deferred<void>());
    const started: number[] = [];
    const done = mapConcurrently([0, 1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await gates[n]!.promise;
      return n;
    });
    const outcome = done.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await settle();
    gates[1]!.reject(new Error('item 1 failed'));
    await settle();
    expect(await outcome).toBe('item 1 failed');
    // Item 0 was in flight and runs on; its lane, free again, starts nothing.
    gates[0]!.resolve();
    await settle();
    for (const gate of gates) gate.resolve();
    await settle();
    expect(started).toEqual([0, 1]);
  });

  it('a second call failing after the first is neither reported nor left unhandled', async () => {
    const gates = [deferred<void>(), deferred<void>()];
    const done = mapConcurrently([0, 1], 2, async (n) => gates[n]!.promise);
    gates[0]!.reject(new Error('first'));
    await expect(done).rejects.toThrow('first');
    gates[1]!.reject(new Error('second'));
    await settle();
  });

  it('a synchronous throw in the function counts as its call rejecting', async () => {
    const started: number[] = [];
    await expect(
      mapConcurrently([0, 1, 2], 1, (n) => {
        started.push(n);
        if (n === 1) throw new Error('thrown');
        return Promise.resolve(n);
      }),
    ).rejects.toThrow('thrown');
    expect(started).toEqual([0, 1]);
  });

  it('runs one at a time with a limit of 1, and resolves an empty list at once', async () => {
    const order: string[] = [];
    await mapConcurrently(['a', 'b', 'c'], 1, async (s) => {
      order.push(`start ${s}`);
      await settle();
      order.push(`end ${s}`);
    });
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
  });

  it('refuses a limit that is not a positive integer', async () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      await expect(mapConcurrently([1], limit, async (n) => n)).rejects.toThrow(RangeError);
    }
  });
});
