import { describe, expect, it } from 'vitest';
import { defaultFontId } from './defaults.js';
import type { FontCatalogue, FontRecord } from './types.js';
import {
  cssFontFormat,
  documentUsesFont,
  fontReferences,
  unicodeRangeOf,
  unknownFontIssues,
  uploadedFontCssFamily,
  weightOfClass,
  withUploadedFonts,
} from './uploaded.js';

const brand: FontRecord = {
  id: '0b8e4f1e-2c33-4a55-9d1e-6f7a8b9c0d1e',
  name: 'Brand Serif',
  available_weights: [400, 700],
  category: 'serif',
  type: 'custom',
};
const bundled: FontCatalogue = {
  fonts: [{ id: defaultFontId(), name: 'Inter', available_weights: [400], category: 'sans-serif', type: 'google' }],
  faces: new Map(),
};

describe('uploaded fonts, the pure part', () => {
  it('writes a unicode-range with consecutive points merged, in order, without duplicates', () => {
    expect(unicodeRangeOf([0x42, 0x41, 0x43, 0x20, 0x41, 0x4e00])).toBe('U+20,U+41-43,U+4E00');
    expect(unicodeRangeOf([])).toBe('');
  });

  it('puts an OS/2 weight class on the 100 grid', () => {
    expect([
      weightOfClass(350),
      weightOfClass(400),
      weightOfClass(649),
      weightOfClass(1000),
      weightOfClass(1),
      weightOfClass(Number.NaN),
    ]).toEqual([400, 400, 600, 900, 100, 400]);
  });

  it('names the CSS family after the id, never after the font, and hints the format by extension', () => {
    expect(uploadedFontCssFamily(brand.id)).toBe(`pressroom-font-${brand.id}`);
    expect(['a.woff2', 'a.woff', 'a.ttf', 'a.otf'].map(cssFontFormat)).toEqual(['woff2', 'woff', 'truetype', 'opentype']);
  });

  it('merges a workspace’s fonts into the bundled catalogue in name order, leaving the bundled one alone', () => {
    const merged = withUploadedFonts(bundled, { fonts: [brand], faces: new Map([[brand.id, []]]) });
    expect(merged.fonts.map((f) => f.name)).toEqual(['Brand Serif', 'Inter']);
    expect(bundled.fonts).toHaveLength(1);
    expect(withUploadedFonts(bundled, { fonts: [], faces: new Map() })).toBe(bundled);
  });

  it('finds every font reference with its path, and whether a document uses a font by id or by name', () => {
    const doc = {
      elements: [
        { name: 't', font: 'brand-serif' },
        { name: 'g', elements: [{ font: brand.id.toUpperCase() }] },
      ],
    };
    expect(fontReferences(doc)).toEqual([
      { path: 'elements[0].font', value: 'brand-serif' },
      { path: 'elements[1].elements[0].font', value: brand.id.toUpperCase() },
    ]);
    expect(documentUsesFont({ layers: [{ font: 'BRAND SERIF' }] }, brand)).toBe(true);
    expect(documentUsesFont({ layers: [{ font: brand.id }] }, brand)).toBe(true);
    expect(documentUsesFont({ layers: [{ font: 'Inter' }], fonts: [{ family: 'Brand Serif' }] }, brand)).toBe(false);
  });

  it('refuses a font nobody has at its path, and knows bundled, uploaded and the document’s own faces', () => {
    const catalogue = withUploadedFonts(bundled, { fonts: [brand], faces: new Map() });
    const body = {
      fonts: [{ family: 'Own Script', weight: 400, src: 'https://example.com/own.woff2' }],
      layers: [{ font: 'inter' }, { font: 'Brand Serif' }, { font: brand.id }, { font: 'Own Script' }, { font: 'Comic Nobody' }],
    };
    expect(unknownFontIssues(body, catalogue)).toEqual([
      { path: 'layers[4].font', code: 'unknown_font', message: expect.stringContaining('Comic Nobody'), received: 'Comic Nobody' },
    ]);
    expect(unknownFontIssues(body, bundled).map((i) => i.path)).toEqual(['layers[1].font', 'layers[2].font', 'layers[4].font']);
  });
});
