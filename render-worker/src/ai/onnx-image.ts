/**
 * Pure conversions between 8-bit images and the tensors of image models: NCHW float32, one image
 * (batch 1), three channels in, one (mask) or three (image) out.
 */

export const NORMALISATIONS = ['imagenet', 'half', 'unit'] as const;
export type Normalisation = (typeof NORMALISATIONS)[number];

/**
 * How a model expects its [0, 1] pixels: `imagenet` (mean 0.485/0.456/0.406, std
 * 0.229/0.224/0.225: U²-Net), `half` (mean 0.5, std 1: IS-Net, RMBG), `unit` (as is:
 * most super-resolution models).
 */
const STATS: Record<Normalisation, { mean: readonly number[]; std: readonly number[] }> = {
  imagenet: { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] },
  half: { mean: [0.5, 0.5, 0.5], std: [1, 1, 1] },
  unit: { mean: [0, 0, 0], std: [1, 1, 1] },
};

export interface Size {
  width: number;
  height: number;
}

/** Interleaved RGB bytes (HWC) to planar float32 (CHW), normalised. */
export function toNchw(rgb: Uint8Array, size: Size, normalisation: Normalisation): Float32Array {
  const { mean, std } = STATS[normalisation];
  const plane = size.width * size.height;
  const out = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) out[c * plane + i] = (rgb[i * 3 + c]! / 255 - mean[c]!) / std[c]!;
  }
  return out;
}

/** Planar float32 (CHW) in the model's normalisation back to interleaved RGB bytes. */
export function fromNchw(data: Float32Array, size: Size, normalisation: Normalisation): Uint8Array {
  const { mean, std } = STATS[normalisation];
  const plane = size.width * size.height;
  if (data.length < 3 * plane) throw new Error(`expected ${3 * plane} values for ${size.width}×${size.height}×3, got ${data.length}`);
  const out = new Uint8Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) out[i * 3 + c] = toByte((data[c * plane + i]! * std[c]! + mean[c]!) * 255);
  }
  return out;
}

/**
 * A mask output to 8-bit alpha. Outputs in [0, 1] are taken as they are; anything else (logits,
 * U²-Net's unclamped maps) is stretched min–max, as those models' own post-processing does.
 */
export function maskToAlpha(data: Float32Array, plane: number): Uint8Array {
  if (data.length < plane) throw new Error(`expected a mask of ${plane} values, got ${data.length}`);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < plane; i++) {
    const v = data[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const inUnit = min >= 0 && max <= 1;
  const span = max - min;
  const out = new Uint8Array(plane);
  for (let i = 0; i < plane; i++) {
    const v = inUnit ? data[i]! : span > 0 ? (data[i]! - min) / span : 0;
    out[i] = toByte(v * 255);
  }
  return out;
}

function toByte(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

/**
 * The spatial size a model takes: fixed when its input shape says so (`[1, 3, 320, 320]`), else
 * null (symbolic or -1 dimensions), and the caller picks one.
 */
export function fixedInputSize(shape: readonly (number | string)[]): Size | null {
  if (shape.length !== 4) return null;
  const [, , h, w] = shape;
  return typeof h === 'number' && typeof w === 'number' && h > 0 && w > 0 ? { width: w, height: h } : null;
}

/** The spatial size of an NCHW (or NHW) output tensor. */
export function outputSize(dims: readonly number[]): Size {
  if (dims.length < 2) throw new Error(`an image output needs at least two dimensions, got [${dims.join(', ')}]`);
  return { width: dims[dims.length - 1]!, height: dims[dims.length - 2]! };
}
