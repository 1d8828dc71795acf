export {
  type EncodedImage,
  type EncodeOptions,
  encodeImage,
  OUTPUT_FORMATS,
  type OutputFormat,
  type ResizeOptions,
} from './encode-image.js';
export { createEncoderPool, type EncoderPool, type EncoderPoolOptions, EncoderStoppedError } from './encoder-pool.js';
