import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { fixedInputSize, fromNchw, maskToAlpha, type Normalisation, outputSize, type Size, toNchw } from './onnx-image.js';

/** One loaded ONNX image model: its first input and first output, and its fixed size if any. */
export interface ImageModel {
  session: ort.InferenceSession;
  input: string;
  output: string;
  fixedSize: Size | null;
}

export async function loadImageModel(path: string): Promise<ImageModel> {
  const session = await ort.InferenceSession.create(path, { graphOptimizationLevel: 'all' });
  const meta = session.inputMetadata[0];
  const input = session.inputNames[0];
  const output = session.outputNames[0];
  if (input === undefined || output === undefined) throw new Error(`${path} has no input or no output`);
  return { session, input, output, fixedSize: meta?.isTensor ? fixedInputSize(meta.shape) : null };
}

async function run(model: ImageModel, data: Float32Array, size: Size): Promise<ort.Tensor> {
  const feeds = { [model.input]: new ort.Tensor('float32', data, [1, 3, size.height, size.width]) };
  const results = await model.session.run(feeds);
  const tensor = results[model.output];
  if (!tensor) throw new Error(`the model returned no ${model.output}`);
  return tensor;
}

export interface RemoveBgOptions {
  normalisation: Normalisation;
  /** Side of the square the image is resized to when the model's input size is not fixed. */
  inputSize: number;
  /** Trim the transparent border around the subject (`remove_bg_properties.remove_bg_crop`). */
  crop: boolean;
}

/**
 * remove_bg: the model's mask, resized to the image, becomes its alpha channel. The colours are
 * the original's; PNG out.
 */
export async function removeBackground(model: ImageModel, bytes: Buffer, options: RemoveBgOptions): Promise<Buffer> {
  const source = sharp(bytes).rotate();
  const rgb = await source.clone().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const original = { width: rgb.info.width, height: rgb.info.height };
  const size = model.fixedSize ?? { width: options.inputSize, height: options.inputSize };
  const scaled = await sharp(rgb.data, { raw: { width: original.width, height: original.height, channels: 3 } })
    .resize(size.width, size.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const out = await run(model, toNchw(scaled, size, options.normalisation), size);
  const maskSize = outputSize(out.dims);
  const alpha = maskToAlpha(out.data as Float32Array, maskSize.width * maskSize.height);
  const fullAlpha = await sharp(alpha, { raw: { width: maskSize.width, height: maskSize.height, channels: 1 } })
    .resize(original.width, original.height, { fit: 'fill' })
    .extractChannel(0) // one channel out: sharp would otherwise write a grey image as RGB
    .raw()
    .toBuffer();
  let result = sharp(rgb.data, { raw: { width: original.width, height: original.height, channels: 3 } }).joinChannel(fullAlpha, {
    raw: { width: original.width, height: original.height, channels: 1 },
  });
  if (options.crop) result = sharp(await result.png().toBuffer()).trim({ background: { r: 0, g: 0, b: 0, alpha: 0 }, threshold: 1 });
  return result.png().toBuffer();
}

export interface UpscaleOptions {
  normalisation: Normalisation;
  /** `upscale_properties.upscale_factor`: the result is this many times the image's size. */
  factor: number;
  /** Larger images are scaled down to this longest side before the model runs, to bound its memory. */
  maxInputSide: number;
}

/**
 * upscale: the model enlarges the image by its own factor; the result is then resized to exactly
 * `factor` × the image's size (so a 4× model also serves factors 1–3). Transparency is kept by
 * enlarging the alpha channel alongside.
 */
export async function upscaleImage(model: ImageModel, bytes: Buffer, options: UpscaleOptions): Promise<Buffer> {
  const source = sharp(bytes).rotate();
  const meta = await source.clone().png().toBuffer({ resolveWithObject: true });
  const original = { width: meta.info.width, height: meta.info.height };
  const longest = Math.max(original.width, original.height);
  const shrink = longest > options.maxInputSide ? options.maxInputSide / longest : 1;
  const size = model.fixedSize ?? {
    width: Math.max(1, Math.round(original.width * shrink)),
    height: Math.max(1, Math.round(original.height * shrink)),
  };
  const rgb = await sharp(meta.data).removeAlpha().toColourspace('srgb').resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer();
  const out = await run(model, toNchw(rgb, size, options.normalisation), size);
  const produced = outputSize(out.dims);
  const pixels = fromNchw(out.data as Float32Array, produced, options.normalisation);
  const target = { width: Math.round(original.width * options.factor), height: Math.round(original.height * options.factor) };
  let result = sharp(pixels, { raw: { width: produced.width, height: produced.height, channels: 3 } }).resize(target.width, target.height, {
    fit: 'fill',
  });
  if (meta.info.channels === 4) {
    const alpha = await sharp(meta.data)
      .extractChannel(3)
      .resize(target.width, target.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    result = sharp(await result.raw().toBuffer(), { raw: { width: target.width, height: target.height, channels: 3 } }).joinChannel(alpha, {
      raw: { width: target.width, height: target.height, channels: 1 },
    });
  }
  return result.png().toBuffer();
}
