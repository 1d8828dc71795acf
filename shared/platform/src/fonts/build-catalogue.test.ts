import { fontIdForSlug } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, parseFaceFileName } from './build-catalogue.js';
import type { FontPackageData } from './read-package.js';

function pkg(overrides: Partial<FontPackageData> & { slug: string }): FontPackageData {
  return {
    dir: `/fonts/${overrides.slug}`,
    metadata: { family: 'Test Sans', category: 'sans-serif', type: 'google' },
    unicode: { latin: 'U+0000-00FF', 'latin-ext': 'U+0100-024F' },
    files: [],
    ...overrides,
  };
}

describe('parseFaceFileName', () => {
  it('splits subset, weight and style after the slug', () => {
    expect(parseFaceFileName('inter', 'inter-latin-ext-700-italic.woff2')).toEqual({
      file: 'inter-latin-ext-700-italic.woff2',
      subset: 'latin-ext',
      weight: 700,
      style: 'italic',
    });
    expect(parseFaceFileName('noto-sans-jp', 'noto-sans-jp-117-400-normal.woff2')).toMatchObject({ subset: '117', weight: 400 });
  });

  it('ignores woff files, other slugs and off-grid weights', () => {
    expect(parseFaceFileName('inter', 'inter-latin-400-normal.woff')).toBeNull();
    expect(parseFaceFileName('inter', 'roboto-latin-400-normal.woff2')).toBeNull();
    expect(parseFaceFileName('inter', 'inter-latin-450-normal.woff2')).toBeNull();
  });
});

describe('buildCatalogue', () => {
  it('derives weights from files, maps [n] chunk keys, and drops files without a range', () => {
    const catalogue = buildCatalogue([
      pkg({
        slug: 'test-sans',
        metadata: { family: 'Test Sans', category: 'sans-serif', type: 'google', weights: [100, 400, 900] },
        unicode: { '[0]': 'U+4E00-4E0F', latin: 'U+0000-00FF' },
        files: [
          'test-sans-latin-400-normal.woff2',
          'test-sans-0-400-normal.woff2',
          'test-sans-latin-700-italic.woff2',
          'test-sans-cyrillic-300-normal.woff2', // no range in unicode.json: dropped, so 300 is not offered
          'test-sans-latin-400-normal.woff',
        ],
      }),
    ]);
    const [font] = catalogue.fonts;
    expect(font).toEqual({
      id: fontIdForSlug('test-sans'),
      name: 'Test Sans',
      available_weights: [400, '700-italic'],
      category: 'sans-serif',
      type: 'google',
    });
    const faces = catalogue.faces.get(font!.id)!;
    expect(faces.map((f) => [f.subset, f.weight, f.style, f.unicodeRange, f.path])).toEqual([
      ['latin', 400, 'normal', 'U+0000-00FF', '/fonts/test-sans/files/test-sans-latin-400-normal.woff2'],
      ['0', 400, 'normal', 'U+4E00-4E0F', '/fonts/test-sans/files/test-sans-0-400-normal.woff2'],
      ['latin', 700, 'italic', 'U+0000-00FF', '/fonts/test-sans/files/test-sans-latin-700-italic.woff2'],
    ]);
  });

  it('sorts by name ignoring case', () => {
    const catalogue = buildCatalogue([
      pkg({
        slug: 'pt-serif',
        metadata: { family: 'PT Serif', category: 'serif', type: 'google' },
        files: ['pt-serif-latin-400-normal.woff2'],
      }),
      pkg({
        slug: 'pacifico',
        metadata: { family: 'Pacifico', category: 'handwriting', type: 'google' },
        files: ['pacifico-latin-400-normal.woff2'],
      }),
    ]);
    expect(catalogue.fonts.map((f) => f.name)).toEqual(['Pacifico', 'PT Serif']);
  });

  it('refuses a category outside the public set, naming the package', () => {
    const bad = pkg({ slug: 'odd', metadata: { family: 'Odd', category: 'other', type: 'google' }, files: ['odd-latin-400-normal.woff2'] });
    expect(() => buildCatalogue([bad])).toThrow(/odd\/metadata\.json/);
  });

  it('refuses a package with no usable file, and a duplicate slug', () => {
    expect(() => buildCatalogue([pkg({ slug: 'empty' })])).toThrow(/empty has no woff2/);
    const one = pkg({ slug: 'dup', files: ['dup-latin-400-normal.woff2'] });
    expect(() => buildCatalogue([one, one])).toThrow(/listed twice/);
  });
});
