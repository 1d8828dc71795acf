import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** Set while a run's temp folder is in use: a second project of the same run shares it. */
const RUN_TEMP_DIR = 'PRESSROOM_TEST_RUN_TMPDIR';

/**
 * One temp folder for everything a test run writes to the OS temp dir, removed when the run ends
 * (a global setup's teardown). Test files, the farms they start, their Chromium and ffmpeg all
 * inherit `TMPDIR` (the test workers are started after the global setup, with its environment),
 * so a data dir a test leaves behind goes with the run instead of piling up in /tmp: a full
 * `npm test` used to leave 3–4 GB there (farm data dirs, stored objects, bulk zips). A run with a
 * failed test keeps the folder, and says where, for the farm logs and files in it.
 */
export async function useRunTempDir(project: TestProject): Promise<() => Promise<void>> {
  if (process.env[RUN_TEMP_DIR]) return async () => undefined;
  const before = process.env['TMPDIR'];
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-run-'));
  // Open to every user, as /tmp is (sticky): the embedded Postgres runs as its own user under root.
  await chmod(dir, 0o1777);
  process.env[RUN_TEMP_DIR] = dir;
  process.env['TMPDIR'] = dir;
  return async () => {
    if (before === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = before;
    delete process.env[RUN_TEMP_DIR];
    const { state } = project.vitest;
    if (state.getCountOfFailedTests() > 0 || state.getUnhandledErrors().length > 0) {
      process.stderr.write(`\nThe run's temp folder is kept for a look at what failed: ${dir}\n`);
      return;
    }
    await rm(dir, { recursive: true, force: true });
  };
}
