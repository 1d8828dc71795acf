import { readFileSync } from 'node:fs';
import { DUOTONE_NAMES } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { DUOTONE_PALETTES, duotonePalette } from './duotone.js';

const DOC = readFileSync(new URL('../../../../docs/renderer.md', import.meta.url), 'utf8');

describe('duotone palettes', () => {
  it('has one palette per documented name, and docs/renderer.md states exactly these colours', () => {
    expect(Object.keys(DUOTONE_PALETTES).sort()).toEqual([...DUOTONE_NAMES].sort());
    const rows = [...DOC.matchAll(/^\s*\| (\w+) \| (#[0-9A-F]{6}) \| (#[0-9A-F]{6}) \|$/gm)].map((m) => [m[1], [m[2], m[3]]]);
    expect(Object.fromEntries(rows)).toEqual(DUOTONE_PALETTES);
  });

  it('falls back to the first palette for an absent or unknown name', () => {
    expect(duotonePalette(undefined)).toEqual(DUOTONE_PALETTES[DUOTONE_NAMES[0]]);
    expect(duotonePalette('toString')).toEqual(DUOTONE_PALETTES[DUOTONE_NAMES[0]]);
    expect(duotonePalette('deep_blue_red')).toEqual(['#0B1D51', '#E63946']);
  });
});
