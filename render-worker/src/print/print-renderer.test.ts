import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { honouredColorProfiles, RenderRefusedError } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { writeDescribedProfile } from '../../test/described-profile.js';
import type { OutputProfile } from './output-profile.js';
import { chooseProfile, loadHeldProfiles } from './print-renderer.js';

const profile = (name: string): OutputProfile => ({ path: `/icc/${name}.icc`, name, bytes: Buffer.alloc(0) });
const held = [profile('Artifex CMYK SWOP Profile'), profile('ISO Coated v2 (ECI)')];

describe('chooseProfile (print.color_profile)', () => {
  it('the default profile without a request, the held profile of that description with one', () => {
    expect(chooseProfile(held, undefined).name).toBe('Artifex CMYK SWOP Profile');
    expect(chooseProfile(held, 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01').name).toBe('ISO Coated v2 (ECI)');
  });
  it('refuses a built-in profile the worker does not hold, naming what it holds and the option to add one', () => {
    expect(() => chooseProfile(held, 'e0c86a8a-050c-41f1-885a-0f74b9baac50')).toThrow(RenderRefusedError);
    expect(() => chooseProfile(held, 'e0c86a8a-050c-41f1-885a-0f74b9baac50')).toThrow(/ISO Uncoated is not installed.*PRINT_CMYK_PROFILES/);
    expect(() => chooseProfile(held, 'db3c123e-1127-11ef-b77e-f93002785645')).toThrow(RenderRefusedError);
  });
});

describe('the profiles a render worker holds, as it advertises them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pressroom-held-profiles-'));
  it("Ghostscript's default alone honours no built-in profile; an ICC file described as one honours it", () => {
    const defaults = loadHeldProfiles({ profilePath: undefined });
    expect(defaults.map((p) => p.name)).toEqual(['Artifex CMYK SWOP Profile']);
    expect(honouredColorProfiles(defaults.map((p) => p.name))).toEqual([]);
    const uncoated = writeDescribedProfile(join(dir, 'uncoated.icc'), 'ISO Uncoated');
    const held = loadHeldProfiles({
      profilePath: writeDescribedProfile(join(dir, 'eci.icc'), 'ISO Coated v2 (ECI)'),
      extraProfilePaths: [uncoated],
    });
    expect(held.map((p) => p.name)).toEqual(['ISO Coated v2 (ECI)', 'ISO Uncoated']);
    expect(honouredColorProfiles(held.map((p) => p.name))).toEqual([
      'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01',
      'e0c86a8a-050c-41f1-885a-0f74b9baac50',
    ]);
  });
});
