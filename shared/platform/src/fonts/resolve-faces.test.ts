import { existsSync } from 'node:fs';
import type { FontWeight } from '@pressroom/model';
import { fontIdForSlug, nearestWeight, resolveFontFaces } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { loadFontCatalogue } from './catalogue.js';

describe('nearestWeight', () => {
  const lato: FontWeight[] = [100, 300, 400, 700, 900];
  it.each([
    [400, 400], // present
    [500, 400], // 400 is 100 away, 700 is 200
    [600, 700], // 700 is 100 away, 400 is 200
    [200, 100], // tie 100/300, target below 500 → lighter
    [800, 900], // tie 700/900, target 500 or more → heavier
  ] as const)('Lato at %i → %i', (target, expected) => {
    expect(nearestWeight(lato, target)).toBe(expected);
  });

  it('breaks a tie at exactly 500 towards the heavier weight', () => {
    expect(nearestWeight([400, 600], 500)).toBe(600);
    expect(nearestWeight([600, 400], 500)).toBe(600);
    expect(nearestWeight([300, 500], 400)).toBe(300);
  });

  it('takes the only weight there is, and gives nothing for none', () => {
    expect(nearestWeight([400], 900)).toBe(400);
    expect(nearestWeight([], 400)).toBeUndefined();
  });
});

describe('resolveFontFaces', () => {
  const catalogue = loadFontCatalogue();

  it('returns every subset file of the exact weight and style', () => {
    const resolved = resolveFontFaces(fontIdForSlug('inter'), 700, 'italic', loadFontCatalogue())!;
    expect(resolved).toMatchObject({ family: 'Inter', weight: 700, style: 'italic' });
    expect(resolved.faces.map((f) => f.subset).sort()).toEqual([
      'cyrillic',
      'cyrillic-ext',
      'greek',
      'greek-ext',
      'latin',
      'latin-ext',
      'vietnamese',
    ]);
    for (const face of resolved.faces) {
      expect(face).toMatchObject({ family: 'Inter', weight: 700, style: 'italic' });
      expect(face.path).toMatch(/inter-[a-z-]+-700-italic\.woff2$/);
      expect(existsSync(face.path)).toBe(true);
    }
  });

  it('uses the nearest available weight', () => {
    expect(resolveFontFaces(fontIdForSlug('lato'), 500, 'normal', loadFontCatalogue())!.weight).toBe(400);
    expect(resolveFontFaces(fontIdForSlug('lato'), 800, 'italic', loadFontCatalogue())).toMatchObject({ weight: 900, style: 'italic' });
    expect(resolveFontFaces(fontIdForSlug('satisfy'), 100, 'normal', loadFontCatalogue())!.weight).toBe(400);
  });

  it('chooses the weight among the faces of the served style', () => {
    const faces = new Map([
      [
        'x',
        [
          { family: 'X', weight: 400, style: 'normal', unicodeRange: 'U+0-FF', subset: 'latin', path: '/x-400-normal' },
          { family: 'X', weight: 700, style: 'italic', unicodeRange: 'U+0-FF', subset: 'latin', path: '/x-700-italic' },
        ] as const,
      ],
    ]);
    const fixture = { fonts: [], faces };
    expect(resolveFontFaces('x', 400, 'italic', fixture)).toMatchObject({
      weight: 700,
      style: 'italic',
      faces: [{ path: '/x-700-italic' }],
    });
    expect(resolveFontFaces('x', 700, 'normal', fixture)).toMatchObject({
      weight: 400,
      style: 'normal',
      faces: [{ path: '/x-400-normal' }],
    });
  });

  it('falls back to normal for a family without italics', () => {
    const resolved = resolveFontFaces(fontIdForSlug('cairo'), 700, 'italic', loadFontCatalogue())!;
    expect(resolved).toMatchObject({ family: 'Cairo', weight: 700, style: 'normal' });
    expect(resolved.faces.map((f) => f.subset).sort()).toEqual(['arabic', 'latin', 'latin-ext']);
  });

  it('returns all chunks of a CJK family, each with its own range', () => {
    const resolved = resolveFontFaces(fontIdForSlug('noto-sans-sc'), 400, 'normal', loadFontCatalogue())!;
    const all400 = catalogue.faces.get(fontIdForSlug('noto-sans-sc'))!.filter((f) => f.weight === 400);
    expect(resolved.faces).toHaveLength(all400.length);
    expect(resolved.faces.length).toBeGreaterThan(90);
    expect(new Set(resolved.faces.map((f) => f.path)).size).toBe(resolved.faces.length);
    expect(resolved.faces.every((f) => existsSync(f.path))).toBe(true);
  });

  it('returns null for an id outside the catalogue', () => {
    expect(resolveFontFaces('00000000-0000-5000-8000-000000000000', 400, 'normal', loadFontCatalogue())).toBeNull();
  });
});
