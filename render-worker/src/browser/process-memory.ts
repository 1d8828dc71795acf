import { readdir, readFile } from 'node:fs/promises';

/**
 * Private resident memory of a process and all its descendants, from /proc. Chromium's browser process
 * is small; the renderers and the GPU process under it hold the memory that grows. Returns null
 * when /proc cannot tell (not Linux, process gone).
 */
export async function processTreeRssBytes(pid: number): Promise<number | null> {
  const own = await rssBytes(pid);
  if (own === null) return null;
  let total = own;
  for (const child of await childrenOf(pid)) total += (await processTreeRssBytes(child)) ?? 0;
  return total;
}

// statm holds plain counters and is cheap to read while the process is busy. Resident minus
// shared pages is what a process holds of its own: summing full RSS over Chromium's processes
// counts the shared libraries, fonts and shared-memory buffers once per process, which
// overstates the tree several times over and recycles a healthy browser.
const PAGE_SIZE = 4096;

async function rssBytes(pid: number): Promise<number | null> {
  try {
    const [, resident, shared] = (await readFile(`/proc/${pid}/statm`, 'utf8')).split(' ').map(Number);
    if (resident === undefined || shared === undefined || !Number.isFinite(resident) || !Number.isFinite(shared)) return 0;
    return Math.max(0, resident - shared) * PAGE_SIZE;
  } catch {
    return null;
  }
}

/** The direct children of a process (of any of its threads), from /proc. */
export async function childrenOf(pid: number): Promise<number[]> {
  try {
    const tasks = await readdir(`/proc/${pid}/task`);
    const lists = await Promise.all(tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')));
    return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}
