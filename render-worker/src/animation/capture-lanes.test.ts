import { describe, expect, it } from 'vitest';
import { CaptureLanes } from './capture-lanes.js';

/** A task that records where and in what order it ran, and finishes when `release` is called. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((r) => {
    release = r;
  });
  return { opened, release };
}

describe('CaptureLanes', () => {
  it('runs every task on the main lane, in order, one at a time, without a helper', async () => {
    const lanes = new CaptureLanes('main');
    const log: string[] = [];
    let running = 0;
    const task = (n: number) => async (lane: string) => {
      running += 1;
      expect(running).toBe(1);
      log.push(`${n}@${lane}`);
      await new Promise((r) => setTimeout(r, 1));
      running -= 1;
      return n;
    };
    const out = await Promise.all([1, 2, 3].map((n) => lanes.run(task(n))));
    expect(out).toEqual([1, 2, 3]);
    expect(log).toEqual(['1@main', '2@main', '3@main']);
    lanes.close();
  });

  it('shares the tasks with a helper lane, each lane one task at a time', async () => {
    const lanes = new CaptureLanes('main');
    const gates = [gate(), gate(), gate()];
    const where: string[] = [];
    const runs = gates.map((g, i) =>
      lanes.run(async (lane) => {
        where[i] = lane;
        await g.opened;
        return i;
      }),
    );
    const left = lanes.help('helper');
    // Task 0 took the main lane at once, task 1 the helper as it came; task 2 waits for a lane.
    await Promise.resolve();
    expect(where).toEqual(['main', 'helper']);
    gates[1]!.release();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(where[2]).toBe('helper');
    gates[0]!.release();
    gates[2]!.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    lanes.close();
    await left;
    expect([...lanes.counts]).toEqual([
      ['main', 1],
      ['helper', 2],
    ]);
  });

  it('gives a task that failed on a helper back to the queue, and the helper leaves', async () => {
    const lanes = new CaptureLanes('main');
    const busy = gate();
    const first = lanes.run(async () => {
      await busy.opened;
      return 'first';
    });
    const left = lanes.help('helper');
    const second = lanes.run(async (lane) => {
      if (lane === 'helper') throw new Error('page died');
      return `second@${lane}`;
    });
    await left;
    busy.release();
    expect(await first).toBe('first');
    expect(await second).toBe('second@main');
    expect(lanes.counts.get('helper')).toBe(0);
    // The helper is gone: later tasks run on the main lane.
    expect(await lanes.run(async (lane) => lane)).toBe('main');
  });

  it('fails a task that fails on the main lane, and goes on with the next', async () => {
    const lanes = new CaptureLanes('main');
    await expect(lanes.run(async () => Promise.reject(new Error('bad design')))).rejects.toThrow('bad design');
    expect(await lanes.run(async () => 'next')).toBe('next');
  });

  it('lets a helper leave once closed, after the task it holds', async () => {
    const lanes = new CaptureLanes('main');
    const hold = gate();
    const main = gate();
    const a = lanes.run(async () => main.opened);
    const left = lanes.help('helper');
    let done = false;
    const b = lanes.run(async () => {
      await hold.opened;
      done = true;
    });
    lanes.close();
    let gone = false;
    void left.then(() => {
      gone = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(gone).toBe(false);
    hold.release();
    await b;
    await left;
    expect(done && gone).toBe(true);
    main.release();
    await a;
    // Closed: no more tasks, and a helper lent now leaves at once.
    await expect(lanes.run(async () => 1)).rejects.toThrow('closed');
    await lanes.help('late');
  });

  it('lets a helper go before a task when its page is wanted elsewhere', async () => {
    const lanes = new CaptureLanes('main');
    let wanted = false;
    const hold = gate();
    const first = lanes.run(async () => hold.opened);
    const left = lanes.help('helper', () => !wanted);
    expect(await lanes.run(async (lane) => lane)).toBe('helper');
    wanted = true;
    const next = lanes.run(async (lane) => lane);
    await left;
    hold.release();
    await first;
    expect(await next).toBe('main');
  });
});
