import sharp from 'sharp';

/**
 * Re-encodes a fast intermediate PNG capture. AVIF at effort 2: about 160 ms at 1080² here,
 * where the default effort takes seconds (machine-facts). The render task may pass its own
 * encoder (piscina threads) instead of this in-process one.
 */
export async function encodePng(png: Buffer, type: 'png' | 'webp' | 'avif', quality: number | undefined): Promise<Buffer> {
  const image = sharp(png);
  switch (type) {
    case 'png':
      return image.png({ compressionLevel: 6 }).toBuffer();
    case 'webp':
      return image.webp({ quality: quality ?? 90 }).toBuffer();
    case 'avif':
      return image.avif({ quality: quality ?? 60, effort: 2 }).toBuffer();
  }
}
