import { type PiscinaTask, queueOptionsSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import { PriorityTaskQueue, priorityOf } from './priority-queue.js';

let next = 0;
/** A queued task as piscina hands it over: its payload's queue options under the symbol. */
function task(priority?: number): PiscinaTask {
  return {
    taskId: next++,
    filename: 'encode.js',
    name: 'default',
    created: 0,
    isAbortable: false,
    [queueOptionsSymbol]: priority === undefined ? null : { priority },
  };
}

describe('PriorityTaskQueue', () => {
  it('serves lower priorities first, and in arrival order within one', () => {
    const q = new PriorityTaskQueue();
    const [bulk1, bulk2, async, sync, bare] = [task(10), task(10), task(0), task(-10), task()];
    for (const t of [bulk1, bulk2, async, sync, bare]) q.push(t);
    expect(q.size).toBe(5);
    expect([q.shift(), q.shift(), q.shift(), q.shift(), q.shift(), q.shift()]).toEqual([sync, async, bare, bulk1, bulk2, null]);
    expect(q.size).toBe(0);
  });

  it('puts a task given back ahead of the others of its priority', () => {
    const q = new PriorityTaskQueue();
    const [sync, bulk1, bulk2] = [task(-10), task(10), task(10)];
    for (const t of [sync, bulk1, bulk2]) q.push(t);
    expect(q.shift()).toBe(sync);
    expect(q.shift()).toBe(bulk1);
    q.unshift(bulk1); // no thread was free
    expect([q.shift(), q.shift()]).toEqual([bulk1, bulk2]);
  });

  it('removes an aborted task wherever it waits', () => {
    const q = new PriorityTaskQueue();
    const [a, b, c] = [task(10), task(0), task(10)];
    for (const t of [a, b, c]) q.push(t);
    q.remove(a);
    q.remove(task(0)); // not queued: nothing happens
    expect([q.shift(), q.shift(), q.shift()]).toEqual([b, c, null]);
  });

  it('reads a payload without queue options, or with a priority that is not a number, as 0', () => {
    expect(priorityOf(task())).toBe(0);
    expect(priorityOf({ [queueOptionsSymbol]: { priority: '5' } })).toBe(0);
    expect(priorityOf({ [queueOptionsSymbol]: { priority: -10 } })).toBe(-10);
  });
});
