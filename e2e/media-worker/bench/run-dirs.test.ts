import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDir, sharedDir } from './run-dirs.js';

// compositor.profile.ts keeps its rasters in a shared dir and writes its MP4/GIF/palette to a run
// dir of its own: two runs at once must neither read a half-written cache nor overwrite outputs.
let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pressroom-run-dirs-test-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Writes three files, yielding between them, all saying which run wrote them. */
const fillAs = (run: string, calls: string[]) => async (dir: string) => {
  calls.push(run);
  for (const name of ['a.raw', 'b.raw', 'composition.json']) {
    await writeFile(join(dir, name), run);
    await sleep(5);
  }
};

describe('sharedDir', () => {
  it('two runs filling at once: both answer the same complete dir, written by one run, and no partial dir is left', async () => {
    const path = join(root, 'rasters-5s-30');
    const calls: string[] = [];
    const [one, two] = await Promise.all([sharedDir(path, fillAs('one', calls)), sharedDir(path, fillAs('two', calls))]);
    expect([one, two]).toEqual([path, path]);
    const contents = await Promise.all(['a.raw', 'b.raw', 'composition.json'].map((f) => readFile(join(path, f), 'utf8')));
    expect(new Set(contents).size).toBe(1);
    expect(await readdir(root)).toEqual(['rasters-5s-30']);
  });

  it('a filled dir is reused without filling again; a failed fill leaves nothing behind', async () => {
    const path = join(root, 'rasters');
    const calls: string[] = [];
    await sharedDir(path, fillAs('first', calls));
    await sharedDir(path, fillAs('second', calls));
    expect(calls).toEqual(['first']);
    const broken = join(root, 'broken');
    await expect(
      sharedDir(broken, async (dir) => {
        await writeFile(join(dir, 'a.raw'), 'x');
        throw new Error('Chromium went away');
      }),
    ).rejects.toThrow('Chromium went away');
    expect(existsSync(broken)).toBe(false);
    expect((await readdir(root)).sort()).toEqual(['rasters']);
  });
});

describe('runDir', () => {
  it('gives each run a dir of its own, removed on request', async () => {
    const [a, b] = await Promise.all([runDir('pressroom-run-dirs-test-out'), runDir('pressroom-run-dirs-test-out')]);
    expect(a.path).not.toBe(b.path);
    await a.remove();
    await b.remove();
    expect([existsSync(a.path), existsSync(b.path)]).toEqual([false, false]);
  });
});
