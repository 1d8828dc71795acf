import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestProject } from 'vitest/node';
import { useRunTempDir } from './run-temp-dir.js';

/** A project whose run has `failed` failed tests: only the state the teardown reads. */
const projectWith = (failed: number) =>
  ({ vitest: { state: { getCountOfFailedTests: () => failed, getUnhandledErrors: () => [] } } }) as unknown as TestProject;

describe('useRunTempDir', () => {
  // This run's own global setup has already made one: each case starts as a run without it.
  const saved = { tmp: process.env['TMPDIR'], run: process.env['PRESSROOM_TEST_RUN_TMPDIR'] };
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'pressroom-run-temp-test-'));
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

  it('points TMPDIR at a folder of the run and removes it, with what was left in it, at the end', async () => {
    const teardown = await useRunTempDir(projectWith(0));
    const dir = tmpdir();
    expect(dir.startsWith(join(parent, 'pressroom-run-'))).toBe(true);
    writeFileSync(join(mkdtempSync(join(tmpdir(), 'pressroom-e2e-')), 'left-behind'), 'x');
    await teardown();
    expect(tmpdir()).toBe(parent);
    expect(existsSync(dir)).toBe(false);
  });

  it('keeps the folder when a test failed', async () => {
    const teardown = await useRunTempDir(projectWith(1));
    const dir = tmpdir();
    await teardown();
    expect(existsSync(dir)).toBe(true);
    expect(tmpdir()).toBe(parent);
  });

  it('a second project of the same run shares the folder and leaves its removal to the first', async () => {
    const first = await useRunTempDir(projectWith(0));
    const dir = tmpdir();
    const second = await useRunTempDir(projectWith(0));
    expect(tmpdir()).toBe(dir);
    await second();
    expect(existsSync(dir)).toBe(true);
    await first();
    expect(existsSync(dir)).toBe(false);
  });
});
