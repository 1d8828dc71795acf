import { loadFontCatalogue } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { planRender } from '../plan/plan-render.js';
import { testDesign } from '../testing/design.js';
import { bundledFacesFor } from './font-faces.js';

function faces(payload: string, font = 'Inter') {
  const design = testDesign([{ name: 't', type: 'text', properties: { payload, font, font_size: 20 } }]);
  return bundledFacesFor(planRender({ catalogue: loadFontCatalogue(), design, formatName: 'g' }), loadFontCatalogue()).map(
    (f) => `${f.family}/${f.weight}`,
  );
}

describe('bundledFacesFor', () => {
  it('serves Latin text from the planned font alone', () => {
    const families = new Set(faces('Hello world').map((f) => f.split('/')[0]));
    expect([...families]).toEqual(['Inter']);
  });

  it('adds a fallback family only for characters the font lacks', () => {
    const families = new Set(faces('Hi 日本 مرحبا 🎉').map((f) => f.split('/')[0]));
    expect(families).toEqual(new Set(['Inter', 'Noto Sans JP', 'Noto Sans Arabic', 'Noto Color Emoji']));
  });

  it('uses the nearest weight of each family', () => {
    expect(faces('abc', 'Lobster')).toEqual(['Lobster/400']);
  });
});

describe('bundledFacesFor: emoji sequences', () => {
  it('serves every emoji subset that covers a part of a sequence (ZWJ, VS16)', () => {
    const design = testDesign([{ name: 't', type: 'text', properties: { payload: '🧑‍💻 ❤️', font: 'Inter', font_size: 20 } }]);
    const emoji = bundledFacesFor(planRender({ catalogue: loadFontCatalogue(), design, formatName: 'g' }), loadFontCatalogue()).filter(
      (f) => f.family === 'Noto Color Emoji',
    );
    const covers = (cp: number) =>
      emoji.some((f) =>
        f.unicodeRange
          .toLowerCase()
          .split(',')
          .some((r) => r.trim() === `u+${cp.toString(16)}`),
      );
    expect(covers(0x200d)).toBe(true);
    expect(covers(0xfe0f)).toBe(true);
  });
});
