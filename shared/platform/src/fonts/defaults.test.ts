import { defaultFontId, fallbackFamilies, fallbackFontIds, resolveFontFaces } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { loadFontCatalogue } from './catalogue.js';

describe('defaults', () => {
  const catalogue = loadFontCatalogue();

  it('defaults to Inter', () => {
    expect(catalogue.fonts.find((f) => f.id === defaultFontId())?.name).toBe('Inter');
  });

  it('appends Noto Sans, Arabic, CJK and colour emoji, in that order', () => {
    expect(fallbackFamilies(loadFontCatalogue())).toEqual([
      'Noto Sans',
      'Noto Sans Arabic',
      'Noto Sans JP',
      'Noto Sans KR',
      'Noto Sans SC',
      'Noto Color Emoji',
    ]);
  });

  it('gives fallback ids that resolve to files', () => {
    for (const id of fallbackFontIds()) expect(resolveFontFaces(id, 400, 'normal', loadFontCatalogue())?.faces.length).toBeGreaterThan(0);
  });

  it('fails loudly when a fallback is missing from the catalogue', () => {
    expect(() => fallbackFamilies({ fonts: [], faces: new Map() })).toThrow(/missing from the catalogue/);
  });
});
