import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyCmykLut, buildCmykLut } from './icc-lut.js';
import { findOutputProfilePath } from './output-profile.js';

const profile = findOutputProfilePath(null);

describe.skipIf(profile === null)('CMYK lookup table', () => {
  it('agrees with the ICC transform within a few levels', async () => {
    const lut = await buildCmykLut(profile!, 17);
    const count = 2000;
    const rgb = Buffer.alloc(count * 3);
    let seed = 7;
    for (let i = 0; i < rgb.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      rgb[i] = seed & 255;
    }
    const exact = await sharp(rgb, { raw: { width: count, height: 1, channels: 3 } })
      .withIccProfile(profile!)
      .toColourspace('cmyk')
      .raw()
      .toBuffer();
    const ours = applyCmykLut(rgb, lut);
    let worst = 0;
    let total = 0;
    for (let i = 0; i < exact.length; i++) {
      const d = Math.abs(exact[i]! - ours[i]!);
      worst = Math.max(worst, d);
      total += d;
    }
    expect(total / exact.length).toBeLessThan(1.5);
    expect(worst).toBeLessThan(24);
  });
});
