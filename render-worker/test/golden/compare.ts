import sharp from 'sharp';

export interface CompareResult {
  same: boolean;
  differing: number;
  ratio: number;
  reason: string | null;
}

/**
 * Pixel comparison with a tolerance: a pixel differs when any RGBA channel moves by more than
 * `threshold` (antialiasing and font rasterisation wobble by a few levels between runs and
 * hosts); the images match when at most `maxRatio` of the pixels differ.
 */
export async function comparePng(actual: Buffer, expected: Buffer, { threshold = 40, maxRatio = 0.005 } = {}): Promise<CompareResult> {
  const [a, e] = await Promise.all([raw(actual), raw(expected)]);
  if (a.width !== e.width || a.height !== e.height) {
    return { same: false, differing: -1, ratio: 1, reason: `size ${a.width}×${a.height} ≠ golden ${e.width}×${e.height}` };
  }
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a.data[i + c]! - e.data[i + c]!) > threshold) {
        differing++;
        break;
      }
    }
  }
  const ratio = differing / (a.width * a.height);
  return {
    same: ratio <= maxRatio,
    differing,
    ratio,
    reason: ratio <= maxRatio ? null : `${differing} pixels (${(ratio * 100).toFixed(2)} %) differ`,
  };
}

async function raw(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
