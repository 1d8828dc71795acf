import { RenderRefusedError } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import type { OutputProfile } from './output-profile.js';
import { chooseProfile } from './print-renderer.js';

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
