import sharp from 'sharp';
import { type Detection, parseDetections } from './detections.js';
import type { ImageModel } from './local-models.js';
import { type Normalisation, toNchw } from './onnx-image.js';

export interface DetectorOptions {
  path: string;
  labels: readonly string[];
  normalisation: Normalisation;
  /** Square input side when the model's is not fixed. */
  inputSize: number;
  minScore: number;
}

/** Finds objects in image bytes; what auto_focus uses when a detector is configured (docs/ai.md). */
export type ObjectDetector = (bytes: Buffer) => Promise<Detection[]>;

/**
 * The configured ONNX detector, loaded once on first use (the ONNX path of remove_bg and upscale).
 * The image is resized to the model's input (aspect not kept, as YOLO exports without letterbox
 * expect) and the boxes scaled back.
 */
export function createOnnxDetector(options: DetectorOptions): ObjectDetector {
  let loading: Promise<ImageModel> | null = null;
  return async (bytes) => {
    if (!loading) {
      // onnxruntime loads with the first detection, not with the worker (docs/operations.md, cold start).
      loading = import('./local-models.js').then(({ loadImageModel }) => loadImageModel(options.path));
      loading.catch(() => {
        loading = null;
      });
    }
    const model = await loading;
    const oriented = await sharp(bytes).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const size = model.fixedSize ?? { width: options.inputSize, height: options.inputSize };
    const scaled = await sharp(oriented.data, { raw: { width: oriented.info.width, height: oriented.info.height, channels: 3 } })
      .resize(size.width, size.height, { fit: 'fill' })
      .raw()
      .toBuffer();
    const { Tensor } = await import('onnxruntime-node');
    const feeds = {
      [model.input]: new Tensor('float32', toNchw(scaled, size, options.normalisation), [1, 3, size.height, size.width]),
    };
    const out = (await model.session.run(feeds))[model.output];
    if (!out) throw new Error(`the detector returned no ${model.output}`);
    const scale = { x: oriented.info.width / size.width, y: oriented.info.height / size.height };
    return parseDetections(out.data as Float32Array, out.dims, options.labels, scale, options.minScore);
  };
}
