import { describe, expect, it } from 'vitest';
import { DESIGN_TYPES } from '../properties/layer-types.js';
import {
  BANNER_FILE_TYPES,
  bannerFileType,
  CONTENT_TYPE,
  contentTypeOf,
  DEFAULT_FILE_TYPE,
  defaultFileType,
  defaultQuality,
  FILE_TYPES_BY_DESIGN,
  RASTER_FILE_TYPES,
} from './index.js';

describe('output formats', () => {
  it('gives each design type a default among the types it allows, and every allowed type a stored type with a content type', () => {
    for (const designType of DESIGN_TYPES) {
      expect(FILE_TYPES_BY_DESIGN[designType]).toContain(DEFAULT_FILE_TYPE[designType]);
      for (const fileType of FILE_TYPES_BY_DESIGN[designType]) {
        expect(BANNER_FILE_TYPES).toContain(bannerFileType(fileType));
        expect(contentTypeOf(fileType)).toBe(CONTENT_TYPE[bannerFileType(fileType)]);
      }
    }
  });

  it('delivers html5 as a zip and knows no content type for an unknown name', () => {
    expect(bannerFileType('html5')).toBe('zip');
    expect(contentTypeOf('html5')).toBe('application/zip');
    expect(contentTypeOf('toString')).toBeUndefined();
    expect(contentTypeOf('tiff')).toBeUndefined();
  });

  it("defaults to the design's stored type only when its design type allows it", () => {
    expect(defaultFileType('static')).toBe('jpeg');
    expect(defaultFileType('static', 'webp')).toBe('webp');
    expect(defaultFileType('static', 'mp4')).toBe('jpeg');
    expect(defaultFileType('animated', null)).toBe('mp4');
    expect(defaultFileType('printer', 'png')).toBe('pdf');
  });

  it('has a quality default for the lossy raster types only', () => {
    expect(RASTER_FILE_TYPES.map(defaultQuality)).toEqual([90, null, 90, 60]);
    expect(defaultQuality('pdf')).toBeNull();
  });
});

describe('docs/generation.md', () => {
  it('states the file types and defaults of every design type as the module does', async () => {
    const { readFile } = await import('node:fs/promises');
    const doc = await readFile(new URL('../../../../docs/generation.md', import.meta.url), 'utf8');
    const rows = new Map<string, { allowed: string; fallback: string }>();
    for (const match of doc.matchAll(/^\| ([a-z_, ]+) \| ([a-z0-9, ]+) \| ([a-z0-9]+) \|$/gm)) {
      for (const designType of match[1]!.split(', ')) rows.set(designType, { allowed: match[2]!, fallback: match[3]! });
    }
    for (const designType of DESIGN_TYPES) {
      expect(rows.get(designType), designType).toEqual({
        allowed: FILE_TYPES_BY_DESIGN[designType].join(', '),
        fallback: DEFAULT_FILE_TYPE[designType],
      });
    }
  });
});
