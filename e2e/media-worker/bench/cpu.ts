// CPU time of the farm's processes, from /proc: what a case costs, which a loaded machine
// inflates much less than wall time (docs/animation.md, Measured, "Per-frame CPU").
import { readFileSync } from 'node:fs';
import { descendantsOf, type FarmProcess } from '../../render-worker/tasks/testing/farm-processes.js';

/** Clock ticks per second of /proc's CPU fields (USER_HZ, 100 on Linux). */
const TICKS = 100;

/**
 * CPU seconds (user + system) used so far by the processes and every live descendant, with the
 * reaped children each has waited for (an ffmpeg that ended counts in its media worker).
 * `descendants`: those alone, not the processes themselves (a render worker's browsers).
 */
export function cpuSeconds(processes: readonly FarmProcess[], which: 'all' | 'descendants' = 'all'): number {
  let ticks = 0;
  for (const p of processes) {
    if (p.child.pid === undefined) continue;
    const own = which === 'all' ? [p.child.pid] : [];
    for (const pid of [...own, ...descendantsOf(p.child.pid)]) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After "pid (comm) ": state, ppid, ... utime is the 12th field, then stime, cutime, cstime.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        for (const i of [11, 12, 13, 14]) ticks += Number(fields[i]);
      } catch {
        // ended between the listing and the read
      }
    }
  }
  return ticks / TICKS;
}

/**
 * Memory now of the processes and every live descendant (Chromium, ffmpeg), bytes: the sum of
 * their proportional set sizes (Pss), which counts a page shared by several processes once, as a
 * container's memory limit does. A sum of RSS counted Chromium's shared pages once per process
 * (the render worker has three browsers).
 */
export function pssBytes(processes: readonly FarmProcess[]): number {
  let kib = 0;
  for (const p of processes) {
    if (p.child.pid === undefined || p.child.exitCode !== null || p.child.signalCode !== null) continue;
    for (const pid of [p.child.pid, ...descendantsOf(p.child.pid)]) {
      try {
        const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
        kib += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      } catch {
        // ended between the listing and the read
      }
    }
  }
  return kib * 1024;
}
