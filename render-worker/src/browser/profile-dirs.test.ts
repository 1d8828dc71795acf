import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanStaleProfiles, createProfileDir } from './profile-dirs.js';

const roots: string[] = [];
afterEach(async () => {
  for (const r of roots.splice(0)) await rm(r, { recursive: true, force: true });
});

describe('cleanStaleProfiles', () => {
  it('removes the folders of owners that no longer run and keeps the live ones', async () => {
    const root = await mkdtemp(join(tmpdir(), 'pressroom-profiles-unit-'));
    roots.push(root);
    for (const name of ['100-aaa', '200-bbb', 'junk', '300-ccc']) await mkdir(join(root, name, 'Default'), { recursive: true });
    const removed = await cleanStaleProfiles(root, (pid) => pid === 200);
    expect(removed.sort()).toEqual(['100-aaa', '300-ccc', 'junk']);
    expect(await readdir(root)).toEqual(['200-bbb']);
  });

  it('a missing root is nothing to clean; createProfileDir makes one folder named after this process', async () => {
    const base = await mkdtemp(join(tmpdir(), 'pressroom-profiles-unit-'));
    roots.push(base);
    const root = join(base, 'chromium');
    expect(await cleanStaleProfiles(root)).toEqual([]);
    const dir = await createProfileDir(root);
    expect(dir.startsWith(join(root, `${process.pid}-`))).toBe(true);
    expect(await readdir(root)).toHaveLength(1);
  });
});
