import { describe, expect, it } from 'vitest';
import { cssString, fontFaceCss, fontFamilyCss } from './font-face-css.js';
import type { FontFaceFile } from './types.js';

const faces: FontFaceFile[] = [
  {
    family: 'Inter',
    weight: 700,
    style: 'italic',
    unicodeRange: 'U+0000-00FF,U+0131',
    subset: 'latin',
    path: '/f/inter-latin-700-italic.woff2',
  },
  {
    family: 'Inter',
    weight: 700,
    style: 'italic',
    unicodeRange: 'U+0100-02BA',
    subset: 'latin-ext',
    path: '/f/inter-latin-ext-700-italic.woff2',
  },
];

describe('fontFaceCss', () => {
  it('writes one @font-face rule per file, with the url chosen by the caller', () => {
    const css = fontFaceCss(faces, (face) => `http://fonts.local/${face.subset}.woff2`);
    expect(css).toBe(
      [
        '@font-face {',
        '  font-family: "Inter";',
        '  font-style: italic;',
        '  font-weight: 700;',
        '  font-display: block;',
        `  src: url("http://fonts.local/latin.woff2") format('woff2');`,
        '  unicode-range: U+0000-00FF,U+0131;',
        '}',
        '@font-face {',
        '  font-family: "Inter";',
        '  font-style: italic;',
        '  font-weight: 700;',
        '  font-display: block;',
        `  src: url("http://fonts.local/latin-ext.woff2") format('woff2');`,
        '  unicode-range: U+0100-02BA;',
        '}',
      ].join('\n'),
    );
  });

  it('is empty for no faces', () => {
    expect(fontFaceCss([], () => 'x')).toBe('');
  });

  it('escapes quotes and newlines so a value cannot leave its string', () => {
    expect(cssString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(cssString('a\nb')).toBe('"a\\a b"');
    const css = fontFaceCss([{ ...faces[0]!, family: 'Evil"; } body { color: red' }], () => 'u');
    expect(css).toContain('font-family: "Evil\\"; } body { color: red";');
  });
});

describe('fontFamilyCss', () => {
  it('quotes each family and ends with the generic family', () => {
    expect(fontFamilyCss(['Open Sans', 'Noto Sans JP'])).toBe('"Open Sans", "Noto Sans JP", sans-serif');
    expect(fontFamilyCss(['Roboto Mono'], 'monospace')).toBe('"Roboto Mono", monospace');
  });
});
