import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRunTempDir } from './run-temp-dir.js';
import { eachCaseOutsideRunTempDir, projectWithFailedTests } from './run-temp-dir-cases.js';

describe('useRunTempDir', () => {
  const parentDir = eachCaseOutsideRunTempDir('pressroom-run-temp-test');

  it('points TMPDIR at a folder of the run and removes it, with what was left in it, at the end', async () => {
    const teardown = await useRunTempDir(projectWithFailedTests(0));
    const dir = tmpdir();
    expect(dir.startsWith(join(parentDir(), 'pressroom-run-'))).toBe(true);
    writeFileSync(join(mkdtempSync(join(tmpdir(), 'pressroom-e2e-')), 'left-behind'), 'x');
    await teardown();
    expect(tmpdir()).toBe(parentDir());
    expect(existsSync(dir)).toBe(false);
  });

  it('keeps the folder when a test failed', async () => {
    const teardown = await useRunTempDir(projectWithFailedTests(1));
    const dir = tmpdir();
    await teardown();
    expect(existsSync(dir)).toBe(true);
    expect(tmpdir()).toBe(parentDir());
  });

  it('a second project of the same run shares the folder and leaves its removal to the first', async () => {
    const first = await useRunTempDir(projectWithFailedTests(0));
    const dir = tmpdir();
    const second = await useRunTempDir(projectWithFailedTests(0));
    expect(tmpdir()).toBe(dir);
    await second();
    expect(existsSync(dir)).toBe(true);
    await first();
    expect(existsSync(dir)).toBe(false);
  });
});
