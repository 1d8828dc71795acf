import { type PiscinaTask, queueOptionsSymbol, type TaskQueue } from 'piscina';

/**
 * What an encode's payload carries for the queue, under piscina's `queueOptionsSymbol` (a symbol
 * key: structured clone leaves it out, so the thread never sees it).
 */
export interface EncodeQueueOptions {
  /** graphile-worker's order: lower first (sync −10, async 0, bulk 10). */
  priority: number;
}

/**
 * The encoder threads' queue, served by job priority and in arrival order within one priority:
 * a sync render's encode goes before the bulk renders' encodes already waiting (docs/bulk.md,
 * "Interactive renders first"). Piscina's own queue is first in, first out.
 */
export class PriorityTaskQueue implements TaskQueue {
  private readonly tasks: { task: PiscinaTask; priority: number }[] = [];

  get size(): number {
    return this.tasks.length;
  }

  push(task: PiscinaTask): void {
    const priority = priorityOf(task);
    const behind = this.tasks.findIndex((t) => t.priority > priority);
    this.tasks.splice(behind === -1 ? this.tasks.length : behind, 0, { task, priority });
  }

  /** A task taken but not handed to a thread goes back ahead of the others of its priority. */
  unshift(task: PiscinaTask): void {
    const priority = priorityOf(task);
    const at = this.tasks.findIndex((t) => t.priority >= priority);
    this.tasks.splice(at === -1 ? this.tasks.length : at, 0, { task, priority });
  }

  shift(): PiscinaTask | null {
    return this.tasks.shift()?.task ?? null;
  }

  remove(task: PiscinaTask): void {
    const index = this.tasks.findIndex((t) => t.task === task);
    if (index !== -1) this.tasks.splice(index, 1);
  }
}

/** A task's priority; 0 (an async render's) when its payload gave none. */
export function priorityOf(task: Pick<PiscinaTask, typeof queueOptionsSymbol>): number {
  const options = task[queueOptionsSymbol];
  return options !== null && 'priority' in options && typeof options.priority === 'number' ? options.priority : 0;
}
