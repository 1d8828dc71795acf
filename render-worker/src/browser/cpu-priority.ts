import { readdir } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import { childrenOf } from './process-memory.js';

/**
 * Lowers the CPU priority of a process tree (a Chromium browser: its browser process, zygotes,
 * renderers, GPU and utility processes) to `niceness`, every thread of every process: on Linux a
 * nice value belongs to a thread, and a thread or process created later inherits its creator's.
 * A thread already at or beyond `niceness` is left as it is: an unprivileged process may lower a
 * priority but never raise it back. Returns how many threads it lowered; 0 where /proc is not
 * there (not Linux) or the tree has gone.
 */
export async function lowerTreePriority(pid: number, niceness: number): Promise<number> {
  if (niceness <= 0) return 0;
  let lowered = 0;
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const tid of await threadsOf(next)) if (lower(tid, niceness)) lowered++;
    pending.push(...(await childrenOf(next)));
  }
  return lowered;
}

async function threadsOf(pid: number): Promise<number[]> {
  try {
    return (await readdir(`/proc/${pid}/task`)).map(Number).filter(Number.isInteger);
  } catch {
    return [];
  }
}

function lower(tid: number, niceness: number): boolean {
  try {
    if (getPriority(tid) >= niceness) return false;
    setPriority(tid, niceness);
    return true;
  } catch {
    return false; // the thread has ended (ESRCH), or belongs to another user
  }
}

/** How often `keepTreePriorityLowered` looks again. */
const RELOWER_EVERY_MS = 5_000;

/**
 * Lowers a process tree's priority now and again every 5 seconds (a walk of /proc costs a few milliseconds) until `exited` settles: a process
 * with the right to (CAP_SYS_NICE: Chromium run as root) raises some of its threads back when it
 * sets their thread type, and a thread created by one of those inherits the raised value.
 * Resolves after the first pass.
 */
export async function keepTreePriorityLowered(tree: { pid: number; exited: Promise<void> }, niceness: number): Promise<void> {
  if (niceness <= 0) return;
  let walking = false;
  const timer = setInterval(() => {
    if (walking) return;
    walking = true;
    void lowerTreePriority(tree.pid, niceness).finally(() => {
      walking = false;
    });
  }, RELOWER_EVERY_MS);
  timer.unref();
  void tree.exited.finally(() => clearInterval(timer));
  await lowerTreePriority(tree.pid, niceness);
}
