import type { FontRecord } from '@pressroom/model';
import { searchFonts } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { loadFontCatalogue } from './catalogue.js';

const catalogue = loadFontCatalogue();
const names = (query: Parameters<typeof searchFonts>[1]) => searchFonts(catalogue, query).items.map((f) => f.name);

function font(
  name: string,
  available_weights: FontRecord['available_weights'],
  category: FontRecord['category'] = 'sans-serif',
): FontRecord {
  return { id: name, name, available_weights, category, type: 'google' };
}

describe('searchFonts by name', () => {
  it.each(['open sans', 'OpenSans', 'open-sans', 'OPEN  SANS', ' Open Sans '])('%j finds Open Sans first', (name) => {
    expect(names({ name })[0]).toBe('Open Sans');
  });

  it('ranks exact, then prefix, then substring, each in name order', () => {
    // "Roboto" is exact; "Roboto Mono"/"Roboto Slab" start with it; nothing else contains it.
    expect(names({ name: 'roboto' })).toEqual(['Roboto', 'Roboto Mono', 'Roboto Slab']);
    // "sans": no exact match, no prefix; substrings in name order.
    expect(names({ name: 'sans' })).toEqual([
      'Noto Sans',
      'Noto Sans Arabic',
      'Noto Sans JP',
      'Noto Sans KR',
      'Noto Sans SC',
      'Open Sans',
      'Source Sans 3',
      'Work Sans',
    ]);
  });

  it('ranks by match kind before name order, whatever order the input is in', () => {
    const fonts = {
      fonts: [font('Mono Zeta', [400]), font('Alpha Mono', [400]), font('Mono', [400]), font('Monoton', [400]), font('Inter', [400])],
    };
    expect(searchFonts(fonts, { name: 'mono' }).items.map((f) => f.name)).toEqual(['Mono', 'Monoton', 'Mono Zeta', 'Alpha Mono']);
  });

  it('lists in name order, ignoring case, without a name', () => {
    const fonts = { fonts: [font('PT Serif', [400]), font('alpha', [400]), font('Pacifico', [400])] };
    expect(searchFonts(fonts, {}).items.map((f) => f.name)).toEqual(['alpha', 'Pacifico', 'PT Serif']);
  });

  it('ignores accents on both sides', () => {
    expect(names({ name: 'Montsérrat' })).toEqual(['Montserrat']);
    const fonts = { fonts: [font('Café Script', [400])] };
    expect(searchFonts(fonts, { name: 'cafe script' }).items).toHaveLength(1);
  });

  it('finds nothing for an unknown name, and treats an empty name as no filter', () => {
    expect(searchFonts(catalogue, { name: 'zzz' })).toEqual({ items: [], total: 0 });
    expect(searchFonts(catalogue, { name: ' - ' }).total).toBe(catalogue.fonts.length);
  });
});

describe('searchFonts filters', () => {
  it('filters by category', () => {
    const mono = names({ category: 'monospace' });
    expect(mono).toEqual(['Fira Code', 'JetBrains Mono', 'Roboto Mono', 'Source Code Pro', 'Space Mono']);
    expect(names({ category: 'handwriting' })).toContain('Caveat');
    expect(names({ category: 'handwriting' })).not.toContain('Inter');
  });

  it('filters by weight in any style, by style at any weight, and by both together', () => {
    const fonts = {
      fonts: [font('A', [400, '700-italic']), font('B', [700]), font('C', [300, '300-italic'])],
    };
    const run = (q: Parameters<typeof searchFonts>[1]) => searchFonts(fonts, q).items.map((f) => f.name);
    expect(run({ weight: 700 })).toEqual(['A', 'B']);
    expect(run({ style: 'italic' })).toEqual(['A', 'C']);
    expect(run({ weight: 700, style: 'italic' })).toEqual(['A']);
    expect(run({ weight: 700, style: 'normal' })).toEqual(['B']);
    expect(run({ weight: 400, style: 'italic' })).toEqual([]);
  });

  it('combines filters on the real catalogue', () => {
    const thinItalicSerif = names({ category: 'serif', weight: 100, style: 'italic' });
    expect(thinItalicSerif).toEqual(['Noto Serif']);
    expect(names({ name: 'noto', weight: 900, style: 'normal' })).toEqual([
      'Noto Sans',
      'Noto Sans Arabic',
      'Noto Sans JP',
      'Noto Sans KR',
      'Noto Sans SC',
      'Noto Serif',
    ]);
  });
});

describe('searchFonts paging', () => {
  const all = catalogue.fonts.length;

  it('returns everything without paging parameters', () => {
    const result = searchFonts(catalogue, {});
    expect(result.items).toHaveLength(all);
    expect(result.total).toBe(all);
  });

  it('pages with per_page 50 by default and counts all matches', () => {
    expect(searchFonts(catalogue, { page: 1 }).items).toHaveLength(Math.min(50, all));
    const first = searchFonts(catalogue, { per_page: 10 });
    const second = searchFonts(catalogue, { per_page: 10, page: 2 });
    expect(first.total).toBe(all);
    expect(second.total).toBe(all);
    expect(first.items.map((f) => f.name)).toEqual(catalogue.fonts.slice(0, 10).map((f) => f.name));
    expect(second.items.map((f) => f.name)).toEqual(catalogue.fonts.slice(10, 20).map((f) => f.name));
  });

  it('returns an empty page past the end, with the real total', () => {
    expect(searchFonts(catalogue, { page: 99, per_page: 10 })).toEqual({ items: [], total: all });
  });

  it('pages a filtered, ranked result and counts the filtered total', () => {
    const result = searchFonts(catalogue, { name: 'sans', page: 2, per_page: 3 });
    expect(result.total).toBe(8);
    expect(result.items.map((f) => f.name)).toEqual(['Noto Sans KR', 'Noto Sans SC', 'Open Sans']);
  });

  it('caps per_page at 200 even when called without the schema', () => {
    const many = { fonts: Array.from({ length: 250 }, (_, i) => font(`F${String(i).padStart(3, '0')}`, [400])) };
    expect(searchFonts(many, { per_page: 1000 }).items).toHaveLength(200);
    expect(searchFonts(many, { per_page: 1000 }).total).toBe(250);
  });
});
