import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUNDLED_FONT_SLUGS, FONT_CATEGORIES, fontIdForSlug, unicodeRangeIncludes } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadFontCatalogue } from './catalogue.js';

// Reads the installed @fontsource packages (local files only, no services).
const catalogue = loadFontCatalogue();
const byName = (name: string) => catalogue.fonts.find((f) => f.name === name);

/** The SDK's Font model (abyssale _generated.py), strict so an extra field fails the test. */
const weight = z.union([100, 200, 300, 400, 500, 600, 700, 800, 900].map((w) => z.literal(w)));
const italic = z.union([100, 200, 300, 400, 500, 600, 700, 800, 900].map((w) => z.literal(`${w}-italic`)));
const sdkFont = z.strictObject({
  id: z.uuid(),
  name: z.string().min(1),
  available_weights: z.array(z.union([weight, italic])).min(1),
  category: z.enum(['serif', 'sans-serif', 'display', 'handwriting', 'monospace']),
  type: z.enum(['google', 'custom']),
});

describe('the bundled catalogue', () => {
  it('has at least 30 families and every category', () => {
    expect(catalogue.fonts.length).toBeGreaterThanOrEqual(30);
    expect(new Set(catalogue.fonts.map((f) => f.category))).toEqual(new Set(FONT_CATEGORIES));
  });

  it('covers CJK, Arabic and colour emoji', () => {
    for (const name of ['Noto Sans JP', 'Noto Sans SC', 'Noto Sans KR', 'Noto Sans Arabic', 'Cairo', 'Noto Color Emoji']) {
      expect(byName(name), name).toBeDefined();
    }
    // CJK families are chunked: one file per slice of the character set, 100+ per weight.
    const jp400 = catalogue.faces.get(byName('Noto Sans JP')!.id)!.filter((f) => f.weight === 400);
    expect(jp400.length).toBeGreaterThan(100);
    // Every glyph family the fallbacks promise is really covered at the regular weight.
    const covers = (name: string, codePoint: number) =>
      catalogue.faces.get(byName(name)!.id)!.some((f) => f.weight === 400 && unicodeRangeIncludes(f.unicodeRange, codePoint));
    expect(covers('Noto Sans JP', 0x3042)).toBe(true); // あ
    expect(covers('Noto Sans KR', 0xac00)).toBe(true); // 가
    expect(covers('Noto Sans SC', 0x4e2d)).toBe(true); // 中
    expect(covers('Noto Sans Arabic', 0x0628)).toBe(true); // ب
    expect(covers('Noto Color Emoji', 0x1f600)).toBe(true); // 😀
    expect(covers('Inter', 0x3042)).toBe(false);
  });

  it('lists exactly the @fontsource dependencies of shared/package.json', () => {
    const manifest = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'));
    const deps = Object.keys(manifest.dependencies)
      .filter((d) => d.startsWith('@fontsource/'))
      .map((d) => d.slice('@fontsource/'.length))
      .sort();
    expect([...BUNDLED_FONT_SLUGS].sort()).toEqual(deps);
    expect(catalogue.fonts).toHaveLength(BUNDLED_FONT_SLUGS.length);
  });

  it('serialises every entry to the SDK Font model', () => {
    for (const font of catalogue.fonts) {
      const parsed = sdkFont.safeParse(JSON.parse(JSON.stringify(font)));
      expect(parsed.success, `${font.name}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('derives ids from slugs, unique and stable', () => {
    const ids = catalogue.fonts.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(BUNDLED_FONT_SLUGS.map(fontIdForSlug)));
    expect(byName('Inter')!.id).toBe('e3ab847e-6140-5eb1-89ea-c11164df0cdf');
    expect(byName('Open Sans')!.id).toBe('2eb5558f-3617-5a99-a2be-3b69f4b1f0cc');
  });

  it('derives weights and styles from the files present', () => {
    expect(byName('Lato')!.available_weights).toEqual([
      100,
      300,
      400,
      700,
      900,
      '100-italic',
      '300-italic',
      '400-italic',
      '700-italic',
      '900-italic',
    ]);
    expect(byName('Cairo')!.available_weights).toEqual([200, 300, 400, 500, 600, 700, 800, 900]);
    expect(byName('Satisfy')!.available_weights).toEqual([400]);
  });

  it('is in name order, ignoring case', () => {
    const names = catalogue.fonts.map((f) => f.name);
    expect(names.indexOf('Pacifico')).toBeLessThan(names.indexOf('PT Serif'));
    expect(names[0]).toBe('Abril Fatface');
  });

  it('points every face at an existing woff2 with a unicode range', () => {
    let count = 0;
    for (const [id, faces] of catalogue.faces) {
      const family = catalogue.fonts.find((f) => f.id === id)!.name;
      for (const face of faces) {
        count++;
        expect(face.family).toBe(family);
        expect(face.path.endsWith('.woff2')).toBe(true);
        expect(existsSync(face.path), face.path).toBe(true);
        expect(face.unicodeRange).toMatch(/^U\+[0-9A-Fa-f?]+(-[0-9A-Fa-f]+)?(,\s*U\+[0-9A-Fa-f?]+(-[0-9A-Fa-f]+)?)*$/);
      }
    }
    expect(count).toBeGreaterThan(3000);
  });

  it('leaves out whole-font files that have no unicode range (the emoji and japanese subsets)', () => {
    const emoji = catalogue.faces.get(byName('Noto Color Emoji')!.id)!;
    expect(emoji).toHaveLength(11);
    expect(emoji.some((f) => f.subset === 'emoji')).toBe(false);
    const jp = catalogue.faces.get(byName('Noto Sans JP')!.id)!;
    expect(jp.some((f) => f.subset === 'japanese')).toBe(false);
  });

  it('is read once and cached', () => {
    expect(loadFontCatalogue()).toBe(catalogue);
  });
});
