import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { TestProject } from 'vitest/node';

/** A project whose run has `failed` failed tests: only the state useRunTempDir's teardown reads. */
export const projectWithFailedTests = (failed: number) =>
  ({ vitest: { state: { getCountOfFailedTests: () => failed, getUnhandledErrors: () => [] } } }) as unknown as TestProject;

/**
 * For the tests of a global setup built on useRunTempDir: the test run's own setup has made a
 * folder already, so each case starts as a run without one, with TMPDIR at a parent folder of the
 * case's own (`prefix`-*), removed after it with the environment put back. Answers the parent.
 */
export function eachCaseOutsideRunTempDir(prefix: string): () => string {
  const saved = { tmp: process.env['TMPDIR'], run: process.env['PRESSROOM_TEST_RUN_TMPDIR'] };
  let parent = '';
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), `${prefix}-`));
    process.env['TMPDIR'] = parent;
    delete process.env['PRESSROOM_TEST_RUN_TMPDIR'];
  });
  afterEach(async () => {
    for (const [name, value] of [
      ['TMPDIR', saved.tmp],
      ['PRESSROOM_TEST_RUN_TMPDIR', saved.run],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await rm(parent, { recursive: true, force: true });
  });
  return () => parent;
}
