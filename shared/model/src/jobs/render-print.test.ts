import { describe, expect, it } from 'vitest';
import { CMYK_COLOR_PROFILES } from '../generation/vendor-options.js';
import { colorProfileFlag, forbiddenColorProfileFlags, renderPrintFlags } from './render-print.js';

const ECI = 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01';
const UNCOATED = 'e0c86a8a-050c-41f1-885a-0f74b9baac50';
const options = { crop_marks: false, safe_zone: false };

describe('routing print jobs by colour profile', () => {
  it('a print job naming a profile carries its flag; one naming none carries no flag', () => {
    expect(renderPrintFlags({ options: { ...options, color_profile: ECI } })).toEqual([`print-profile:${ECI}`]);
    expect(renderPrintFlags({ options })).toEqual([]);
  });

  it('a render worker forbids the flag of every built-in CMYK profile it does not hold, and no other', () => {
    const forbidden = forbiddenColorProfileFlags([ECI]);
    expect(forbidden).toHaveLength(CMYK_COLOR_PROFILES.length - 1);
    expect(forbidden).toContain(colorProfileFlag(UNCOATED));
    expect(forbidden).not.toContain(colorProfileFlag(ECI));
    // The job it may take is exactly the one whose flag it does not forbid.
    expect(renderPrintFlags({ options: { ...options, color_profile: ECI } }).some((f) => forbidden.includes(f))).toBe(false);
    expect(renderPrintFlags({ options: { ...options, color_profile: UNCOATED } }).some((f) => forbidden.includes(f))).toBe(true);
    // No print renderer (no profile held): every profile's job is forbidden; all held: none.
    expect(forbiddenColorProfileFlags([])).toEqual(CMYK_COLOR_PROFILES.map(colorProfileFlag));
    expect(forbiddenColorProfileFlags(CMYK_COLOR_PROFILES)).toEqual([]);
  });
});
