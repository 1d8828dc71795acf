import { access, mkdir, mkdtemp, readdir, readlink, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Chromium profile folders (`--user-data-dir`) live under the worker's own data folder, one per
 * browser, named `<owner pid>-<random>`. Puppeteer's default, a `/tmp/puppeteer_dev_chrome_profile-*`
 * folder, is removed only on a clean close, so every `kill -9` or crash leaked one (tens of MB each).
 * Ours are removed when their browser goes away, and any left by a process that no longer runs is
 * removed before the next launch.
 *
 * Chromium also makes a folder of its own in the OS temp dir, `/tmp/org.chromium.Chromium.XXXXXX`,
 * for its single-instance socket; the profile's `SingletonSocket` link points into it. It cannot
 * move under the profile (a Unix socket path is limited to 107 bytes, and DATA_DIR can be deep),
 * so it is removed with the profile, found through that link.
 */
export function profileRoot(dataDir: string): string {
  return join(dataDir, 'chromium');
}

/** Removes the profile folders whose owner process is gone; returns their names. */
export async function cleanStaleProfiles(root: string, isAlive: (pid: number) => boolean = processAlive): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = Number(name.split('-', 1)[0]);
    return !Number.isInteger(pid) || pid <= 0 || !isAlive(pid);
  });
  await Promise.all(
    stale.map(async (name) => {
      await removeSocketDir(join(root, name));
      await rm(join(root, name), { recursive: true, force: true });
    }),
  );
  return stale;
}

/** A fresh profile folder owned by this process (stale ones are cleaned first). */
export async function createProfileDir(root: string): Promise<string> {
  await mkdir(root, { recursive: true });
  await cleanStaleProfiles(root);
  return mkdtemp(join(root, `${process.pid}-`));
}

/**
 * Removes a browser's profile folder. A helper process of a browser that just died (zygote,
 * renderers) can still write into it for a moment, which makes a single `rm -r` fail with
 * ENOTEMPTY or leaves a file behind: remove, look again, and retry for up to about 3 s.
 */
export async function removeProfileDir(dir: string, attempts = 15): Promise<void> {
  await removeSocketDir(dir);
  for (let i = 0; i < attempts; i++) {
    await rm(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 }).catch(() => undefined);
    if (!(await exists(dir))) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The browser's `org.chromium.Chromium.*` temp folder, named by the profile's SingletonSocket link. */
export async function socketDirOf(profileDir: string): Promise<string | null> {
  const target = await readlink(join(profileDir, 'SingletonSocket')).catch(() => null);
  if (target === null) return null;
  const folder = dirname(target);
  return /^\.?org\.chromium\.Chromium\.[A-Za-z0-9]+$/.test(basename(folder)) ? folder : null;
}

async function removeSocketDir(profileDir: string): Promise<void> {
  const folder = await socketDirOf(profileDir);
  if (folder) await rm(folder, { recursive: true, force: true }).catch(() => undefined);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
