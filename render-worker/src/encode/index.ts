export {
  type EncodedImage,
  type EncodeOptions,
  encodeImage,
  type ResizeOptions,
} from './encode-image.js';
export { createEncoderPool, type EncoderPool, type EncoderPoolOptions, EncoderStoppedError } from './encoder-pool.js';
