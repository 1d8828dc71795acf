import { describe, expect, it } from 'vitest';
import { RangeTurns } from './range-turns.js';

/** Settles pending promise callbacks. */
const tick = () => new Promise((r) => setImmediate(r));

describe('RangeTurns', () => {
  it('lets a range take a page only after the lower ranges of its file on this worker, whatever order they entered in', async () => {
    const turns = new RangeTurns();
    const order: number[] = [];
    const [r2, r0, r1] = [turns.enter('f', 2), turns.enter('f', 0), turns.enter('f', 1)];
    for (const [i, r] of [
      [2, r2],
      [0, r0],
      [1, r1],
    ] as const)
      void r.wait().then(() => order.push(i));
    await tick();
    expect(order).toEqual([0]);
    r0.release();
    await tick();
    expect(order).toEqual([0, 1]);
    r1.release();
    await tick();
    expect(order).toEqual([0, 1, 2]);
  });

  it('does not wait for a lower range that enters after the wait began (it may be on another worker)', async () => {
    const turns = new RangeTurns();
    const r1 = turns.enter('f', 1);
    let ready = false;
    void r1.wait().then(() => {
      ready = true;
    });
    turns.enter('f', 0);
    await tick();
    expect(ready).toBe(true);
  });

  it('waits for every lower range, and a range that ends without a page releases the next', async () => {
    const turns = new RangeTurns();
    const [r0, r1, r3] = [turns.enter('f', 0), turns.enter('f', 1), turns.enter('f', 3)];
    let ready = false;
    void r3.wait().then(() => {
      ready = true;
    });
    r1.release();
    await tick();
    expect(ready).toBe(false);
    r0.release();
    await tick();
    expect(ready).toBe(true);
    r3.release();
    r3.release();
    expect(turns.size).toBe(0);
  });

  it('keeps files apart', async () => {
    const turns = new RangeTurns();
    turns.enter('a', 0);
    const b1 = turns.enter('b', 1);
    let ready = false;
    void b1.wait().then(() => {
      ready = true;
    });
    await tick();
    expect(ready).toBe(true);
  });
});
