import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ILLUSTRATION_LIBRARY, isLibraryIllustrationName } from '@pressroom/model';

const require = createRequire(import.meta.url);
let iconsDir: string | undefined;

/**
 * The SVG of a named illustration of the bundled library (Lucide, `lucide-static`, ISC licence;
 * docs/renderer.md): read from the installed package, never fetched. Null for a name the set does
 * not have. Names are lower-case words joined by hyphens (`leaf`, `coffee`, `arrow-right`).
 */
export function libraryIllustration(name: string): Buffer | null {
  if (!isLibraryIllustrationName(name)) return null;
  iconsDir ??= join(dirname(require.resolve(`${ILLUSTRATION_LIBRARY.package}/package.json`)), 'icons');
  const file = join(iconsDir, `${name}.svg`);
  return existsSync(file) ? readFileSync(file) : null;
}
