import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What the catalogue needs from one installed `@fontsource/<slug>` package, unparsed. */
export interface FontPackageData {
  slug: string;
  /** Absolute directory of the package. */
  dir: string;
  /** `metadata.json` as found; checked by `buildCatalogue`. */
  metadata: unknown;
  /** `unicode.json`: subset key (`latin`, `[12]`) → unicode-range. */
  unicode: unknown;
  /** File names in `files/` (all formats; the builder keeps woff2). */
  files: string[];
}

const require = createRequire(import.meta.url);

/** The I/O edge of the catalogue: reads one package's metadata and file list from disk. */
export function readFontPackage(slug: string): FontPackageData {
  let manifest: string;
  try {
    manifest = require.resolve(`@fontsource/${slug}/package.json`);
  } catch (cause) {
    throw new Error(`font package @fontsource/${slug} is not installed; run npm install in the repo root`, { cause });
  }
  const dir = dirname(manifest);
  return {
    slug,
    dir,
    metadata: JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')),
    unicode: JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')),
    files: readdirSync(join(dir, 'files')),
  };
}
