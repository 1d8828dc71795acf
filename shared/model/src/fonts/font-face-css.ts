import type { FontFaceFile } from './types.js';
import { cssFontFormat } from './uploaded.js';

/**
 * `@font-face` rules for the given faces; `urlFor` decides how the renderer serves each file
 * (an intercepted HTTP URL, since Chromium will not load `file://` fonts from `about:blank`).
 * `font-display: block` because a capture must never show a fallback font while a file loads.
 */
export function fontFaceCss(faces: readonly FontFaceFile[], urlFor: (face: FontFaceFile) => string): string {
  return faces
    .map((face) =>
      [
        '@font-face {',
        `  font-family: ${cssString(face.family)};`,
        `  font-style: ${face.style};`,
        `  font-weight: ${face.weight};`,
        '  font-display: block;',
        `  src: url(${cssString(urlFor(face))}) format('${cssFontFormat(face.path)}');`,
        `  unicode-range: ${face.unicodeRange};`,
        '}',
      ].join('\n'),
    )
    .join('\n');
}

/** A `font-family` value: the family, the fallbacks, then a generic family. */
export function fontFamilyCss(families: readonly string[], generic = 'sans-serif'): string {
  return [...families.map(cssString), generic].join(', ');
}

/** A double-quoted CSS string; quotes, backslashes and newlines escaped so a name or URL cannot break out of the rule. */
export function cssString(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&').replace(/[\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}
