import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eachCaseOutsideRunTempDir, projectWithFailedTests } from '@pressroom/platform/testing';
import { describe, expect, it } from 'vitest';
import { inRunTempDir } from './global-setup.js';

const passedRun = projectWithFailedTests(0);

describe("the deploy tier's global setup runs in the run's temp folder", () => {
  const parentDir = eachCaseOutsideRunTempDir('pressroom-deploy-setup-test');

  it('the build log goes to a folder of the run, which Docker is tidied before and which goes at the end', async () => {
    let log = '';
    const seen: string[] = [];
    const teardown = await inRunTempDir(
      passedRun,
      async () => {
        log = join(tmpdir(), 'pressroom-deploy-image-build.log');
        writeFileSync(log, 'built');
      },
      async () => {
        seen.push(existsSync(log) ? 'tidy, log there' : 'tidy, log gone');
      },
    );
    expect(log.startsWith(join(parentDir(), 'pressroom-run-'))).toBe(true);
    await teardown();
    expect(seen).toEqual(['tidy, log there']);
    expect(existsSync(log)).toBe(false);
    expect(tmpdir()).toBe(parentDir());
  });

  it('a failed build is thrown after Docker is tidied, and its log stays where the error says', async () => {
    let tidied = 0;
    let log = '';
    const failure = await inRunTempDir(
      passedRun,
      async () => {
        log = join(tmpdir(), 'pressroom-deploy-image-build.log');
        writeFileSync(log, 'step 7 failed');
        throw new Error(`the image build failed (exit 1); its output: ${log}`);
      },
      async () => {
        tidied += 1;
      },
    ).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(failure?.message).toContain(log);
    expect(tidied).toBe(1);
    expect(log.startsWith(join(parentDir(), 'pressroom-run-'))).toBe(true);
    expect(readFileSync(log, 'utf8')).toBe('step 7 failed');
  });

  it('the folder goes even when tidying Docker fails', async () => {
    let dir = '';
    const teardown = await inRunTempDir(
      passedRun,
      async () => {
        dir = tmpdir();
      },
      async () => {
        throw new Error('no Docker engine answers');
      },
    );
    await expect(teardown()).rejects.toThrow('no Docker engine answers');
    expect(existsSync(dir)).toBe(false);
    expect(tmpdir()).toBe(parentDir());
  });
});
