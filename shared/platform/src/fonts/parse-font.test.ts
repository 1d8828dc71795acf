import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unicodeRangeIncludes } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { FontFileError, parseFontFile } from './parse-font.js';
import { readFontPackage } from './read-package.js';

// Liberation is installed by `npm run setup` (fonts-liberation2); Lato comes with the bundled packages.
const LIBERATION = '/usr/share/fonts/truetype/liberation2';

describe('parseFontFile', () => {
  it('reads family, weight, style, category and coverage from a TTF’s own tables', () => {
    const bytes = readFileSync(`${LIBERATION}/LiberationSerif-BoldItalic.ttf`);
    const font = parseFontFile(bytes);
    expect(font).toMatchObject({ format: 'ttf', family: 'Liberation Serif', weight: 700, style: 'italic', category: 'serif' });
    expect(font.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    for (const ch of 'Aé€Ж') expect(unicodeRangeIncludes(font.unicodeRange, ch.codePointAt(0)!), ch).toBe(true);
    expect(unicodeRangeIncludes(font.unicodeRange, 0x4e00)).toBe(false);
    expect(parseFontFile(readFileSync(`${LIBERATION}/LiberationMono-Regular.ttf`))).toMatchObject({
      weight: 400,
      style: 'normal',
      category: 'monospace',
    });
  });

  it('reads WOFF and WOFF2 files', () => {
    const dir = `${readFontPackage('lato').dir}/files`;
    expect(parseFontFile(readFileSync(`${dir}/lato-latin-900-italic.woff2`))).toMatchObject({
      format: 'woff2',
      family: 'Lato',
      weight: 900,
      style: 'italic',
    });
    expect(parseFontFile(readFileSync(`${dir}/lato-latin-300-normal.woff`))).toMatchObject({
      format: 'woff',
      family: 'Lato',
      weight: 300,
      style: 'normal',
    });
  });

  it('refuses bytes that are not a font, with the reason', () => {
    expect(() => parseFontFile(Buffer.from('plain text, not a font'))).toThrow(FontFileError);
    expect(() => parseFontFile(Buffer.from('plain text, not a font'))).toThrow(/not a font file that can be read/);
    const truncated = readFileSync(`${LIBERATION}/LiberationSans-Regular.ttf`).subarray(0, 2000);
    expect(() => parseFontFile(truncated)).toThrow(FontFileError);
  });
});
