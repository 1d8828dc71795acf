import { readdir, readFile } from 'node:fs/promises';

/**
 * Resident memory of a process and all its descendants, from /proc. Chromium's browser process
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

async function rssBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return null;
  }
}

async function childrenOf(pid: number): Promise<number[]> {
  try {
    const tasks = await readdir(`/proc/${pid}/task`);
    const lists = await Promise.all(tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')));
    return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}
