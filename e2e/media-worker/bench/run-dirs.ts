import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A directory shared by every run of a bench (a cache of inputs drawn once): `fill` writes it into
 * a temp dir of this run's own, which is then renamed to `path` in one step. A run that sees
 * `path` sees it complete; two runs filling it at once each fill their own, the first rename wins
 * and the other's copy is dropped.
 */
export async function sharedDir(path: string, fill: (dir: string) => Promise<void>): Promise<string> {
  if (existsSync(path)) return path;
  await mkdir(dirname(path), { recursive: true });
  const own = await mkdtemp(`${path}.partial-`);
  try {
    await fill(own);
    await rename(own, path);
  } catch (error) {
    await rm(own, { recursive: true, force: true });
    // Another run renamed its copy first (ENOTEMPTY, or EEXIST on some file systems): that one is complete.
    const code = (error as NodeJS.ErrnoException).code;
    if (!((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(path))) throw error;
  }
  return path;
}

/** A directory of this run's own under the temp dir, for its outputs; `remove` deletes it. */
export async function runDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
