/**
 * The bundled illustration set: an `illustration` layer whose `illustration_type` is not `custom`
 * names one of its drawings in `illustration_file` (docs/renderer.md, "Named illustrations").
 * The files ship inside the npm package, so nothing is fetched at render time.
 */
export const ILLUSTRATION_LIBRARY = {
  name: 'lucide',
  package: 'lucide-static',
  licence: 'ISC',
  homepage: 'https://lucide.dev',
} as const;

/** A drawing's name: lower-case words joined by hyphens (`leaf`, `arrow-right`, `badge-percent`). */
export function isLibraryIllustrationName(name: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name.length <= 100;
}
