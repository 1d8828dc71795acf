import { describe, expect, it } from 'vitest';
import { bannerFilename, slug } from './filename.js';

describe('bannerFilename', () => {
  it('uses <design>-<format>.<ext>, slugged, when the design has no naming scheme', () => {
    expect(bannerFilename({ designName: 'Été Sale 2026!', formatName: 'Facebook Post', width: 1, height: 1, fileType: 'jpeg' })).toBe(
      'ete-sale-2026-facebook-post.jpeg',
    );
  });

  it('fills a naming scheme', () => {
    expect(
      bannerFilename({
        designName: 'Promo',
        formatName: 'story',
        width: 1080,
        height: 1920,
        fileType: 'png',
        namingScheme: '{design}_{format}_{width}x{height}',
      }),
    ).toBe('promo-story-1080x1920.png');
  });

  it('never returns an empty base name', () => {
    expect(bannerFilename({ designName: '日本', formatName: '横', width: 1, height: 1, fileType: 'webp' })).toBe('banner.webp');
  });

  it('slug drops separators at both ends', () => {
    expect(slug('  --Hello,  World--  ')).toBe('hello-world');
  });
});
