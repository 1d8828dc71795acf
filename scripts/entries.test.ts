import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILED_THREAD as COMPOSITE_THREAD } from '@pressroom/media-worker/animation/composite-pool';
import { COMPILED_THREAD } from '@pressroom/render-worker/encode/encoder-pool';
import { describe, expect, it } from 'vitest';
import { ENTRIES, outputOf, sourceOf } from '../farm/src/entries.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

describe('the process entries (farm/src/entries.mjs)', () => {
  it('name sources that exist', () => {
    for (const { name } of ENTRIES) expect(existsSync(join(ROOT, sourceOf(name))), sourceOf(name)).toBe(true);
  });

  it('compile to distinct files, all at the depth the build rewrites import.meta.url for', () => {
    const outputs = ENTRIES.map((e) => outputOf(e.name));
    expect(new Set(outputs).size).toBe(outputs.length);
    for (const output of outputs) expect(output).toMatch(/^[^/]+\/dist\/[^/]+\.js$/);
  });

  it('include every role the farm launcher spawns, under the role name', () => {
    for (const role of ['control-plane', 'render-worker', 'media-worker']) expect(() => outputOf(role)).not.toThrow();
    expect(() => outputOf('no-such-role')).toThrow(/no process entry called "no-such-role"/);
  });

  it('put the encoder thread where the compiled encoder pool looks for it', () => {
    const pool = join(ROOT, 'render-worker/src/encode/encoder-pool.ts');
    expect(relative(ROOT, join(dirname(pool), COMPILED_THREAD))).toBe(outputOf('encode-thread'));
  });

  it('put the compositor thread where the compiled compositor pool looks for it', () => {
    const pool = join(ROOT, 'media-worker/src/animation/composite-pool.ts');
    expect(relative(ROOT, join(dirname(pool), COMPOSITE_THREAD))).toBe(outputOf('composite-thread'));
  });
});
