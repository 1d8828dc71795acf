import type { FontCatalogue } from '@pressroom/model';
import { BUNDLED_FONT_SLUGS } from '@pressroom/model';
import { buildCatalogue } from './build-catalogue.js';
import { readFontPackage } from './read-package.js';

let cached: FontCatalogue | undefined;

/**
 * The bundled catalogue, read from the installed packages on first use and kept for the life of
 * the process (about 100 ms here, mostly listing the CJK packages' thousands of files). Reading the
 * packages rather than a committed JSON file means the catalogue cannot drift from the files the
 * renderer serves.
 */
export function loadFontCatalogue(): FontCatalogue {
  cached ??= buildCatalogue(BUNDLED_FONT_SLUGS.map(readFontPackage));
  return cached;
}
