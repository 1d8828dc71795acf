import { sep } from 'node:path';
import {
  type AvailableWeight,
  compareFontNames,
  FONT_CATEGORIES,
  type FontCatalogue,
  type FontFaceFile,
  type FontRecord,
  type FontStyle,
  type FontWeight,
  fontIdForSlug,
  isFontWeight,
} from '@pressroom/model';
import { z } from 'zod';
import type { FontPackageData } from './read-package.js';

const metadataSchema = z.object({
  family: z.string().min(1),
  category: z.enum(FONT_CATEGORIES),
  type: z.literal('google'),
});

const unicodeSchema = z.record(z.string(), z.string().min(1));

/**
 * Builds the catalogue from package data. Pure: the paths are joined, never touched.
 *
 * Weights and styles come from the woff2 files present, not from metadata.json's lists, so the
 * catalogue can never offer a weight whose file is missing. A file is kept only when its subset
 * has a range in unicode.json; this drops whole-font duplicates such as Noto Color Emoji's
 * `emoji` file, which the chunked subsets already cover (the package's own index.css skips it).
 */
export function buildCatalogue(packages: readonly FontPackageData[]): FontCatalogue {
  const fonts: FontRecord[] = [];
  const faces = new Map<string, FontFaceFile[]>();
  for (const pkg of packages) {
    const id = fontIdForSlug(pkg.slug);
    if (faces.has(id)) throw new Error(`font package ${pkg.slug} is listed twice`);
    const metadata = parseOrThrow(metadataSchema, pkg.metadata, `${pkg.slug}/metadata.json`);
    const ranges = subsetRanges(parseOrThrow(unicodeSchema, pkg.unicode, `${pkg.slug}/unicode.json`));
    const packageFaces = pkg.files
      .map((file) => parseFaceFileName(pkg.slug, file))
      .filter((face) => face !== null && ranges.has(face.subset))
      .map((face) => ({
        family: metadata.family,
        weight: face!.weight,
        style: face!.style,
        unicodeRange: ranges.get(face!.subset)!,
        subset: face!.subset,
        // Thousands of faces (the CJK packages): a plain concatenation, since `join` normalises
        // each path again (about 50 ms of a worker's start). `dir` is absolute and normalised.
        path: `${pkg.dir}${sep}files${sep}${face!.file}`,
      }))
      .sort(compareFaces);
    if (packageFaces.length === 0) throw new Error(`font package ${pkg.slug} has no woff2 file with a unicode range`);
    faces.set(id, packageFaces);
    fonts.push({
      id,
      name: metadata.family,
      available_weights: availableWeights(packageFaces),
      category: metadata.category,
      type: 'google',
    });
  }
  fonts.sort((a, b) => compareFontNames(a.name, b.name) || compareText(a.id, b.id));
  return { fonts, faces };
}

interface ParsedFileName {
  file: string;
  subset: string;
  weight: FontWeight;
  style: FontStyle;
}

/** `inter-latin-ext-700-italic.woff2` → subset `latin-ext`, 700, italic; `noto-sans-jp-12-400-normal.woff2` → subset `12`. */
export function parseFaceFileName(slug: string, file: string): ParsedFileName | null {
  if (!file.startsWith(`${slug}-`)) return null;
  const match = /^(.+)-(\d{3})-(normal|italic)\.woff2$/.exec(file.slice(slug.length + 1));
  if (!match) return null;
  const weight = Number(match[2]);
  if (!isFontWeight(weight)) return null;
  return { file, subset: match[1]!, weight, style: match[3] as FontStyle };
}

/** unicode.json names chunked subsets `[12]` while file names say `12`. */
function subsetRanges(unicode: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(unicode).map(([key, range]) => [key.replace(/^\[(\d+)\]$/, '$1'), range]));
}

export function availableWeights(faces: readonly FontFaceFile[]): AvailableWeight[] {
  const normal = new Set<FontWeight>();
  const italic = new Set<FontWeight>();
  for (const face of faces) (face.style === 'normal' ? normal : italic).add(face.weight);
  const ascending = (set: Set<FontWeight>) => [...set].sort((a, b) => a - b);
  return [...ascending(normal), ...ascending(italic).map((w) => `${w}-italic` as const)];
}

/** Weight, style, then subset with named subsets before numbered chunks, chunks numerically: a stable, readable order. */
function compareFaces(a: FontFaceFile, b: FontFaceFile): number {
  return a.weight - b.weight || compareText(a.style, b.style) || compareSubsets(a.subset, b.subset);
}

function compareSubsets(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : Number.NaN;
  const nb = /^\d+$/.test(b) ? Number(b) : Number.NaN;
  if (Number.isNaN(na) !== Number.isNaN(nb)) return Number.isNaN(na) ? -1 : 1;
  return Number.isNaN(na) ? compareText(a, b) : na - nb;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`unexpected ${where}: ${z.prettifyError(result.error)}`);
  return result.data;
}
