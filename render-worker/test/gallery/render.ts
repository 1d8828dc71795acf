import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { fixtureRenderer } from '../fixture-render.js';
import { type CompareResult, comparePng } from '../golden/compare.js';
import type { GalleryEntry } from './entries.js';

/** docs/gallery/ of this checkout. */
export const GALLERY_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/gallery');

/** Small, lossy WebP: a few KB per picture. The same settings encode the golden and the fresh render. */
const WEBP = { quality: 80, effort: 6, smartSubsample: true } as const;

export async function renderEntry(render: ReturnType<typeof fixtureRenderer>, entry: GalleryEntry): Promise<Buffer> {
  const { file } = await render(entry.design, { type: 'png' });
  return sharp(file.bytes).webp(WEBP).toBuffer();
}

export function goldenPath(entry: GalleryEntry): string {
  return join(GALLERY_DIR, `${entry.name}.webp`);
}

/**
 * A fresh picture against its committed golden. Both went through the same encoder, so the
 * tolerance (compare.ts: a channel moving more than 40 levels, at most 0.5 % of the pixels)
 * only has to absorb rasterisation wobble. Null when there is no golden yet.
 */
export async function compareWithGolden(entry: GalleryEntry, fresh: Buffer): Promise<CompareResult | null> {
  const path = goldenPath(entry);
  if (!existsSync(path)) return null;
  return comparePng(fresh, readFileSync(path));
}
