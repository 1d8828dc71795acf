import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ILLUSTRATION_LIBRARIES, type IllustrationType, illustrationFile } from '@pressroom/model';

const require = createRequire(import.meta.url);
const folders = new Map<string, string>();

/**
 * The SVG of a named drawing of one of the shipped illustration libraries (design/illustrations.ts
 * in the model; docs/renderer.md): read from the installed package, never fetched. Null for a
 * name the library does not have.
 */
export function libraryIllustration(library: Exclude<IllustrationType, 'custom'>, name: string): Buffer | null {
  const file = illustrationFile(library, name);
  if (file === null) return null;
  let folder = folders.get(library);
  if (folder === undefined) {
    const spec = ILLUSTRATION_LIBRARIES[library];
    folder = join(dirname(require.resolve(`${spec.package}/package.json`)), spec.folder);
    folders.set(library, folder);
  }
  const path = join(folder, file);
  return existsSync(path) ? readFileSync(path) : null;
}
