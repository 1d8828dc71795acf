import { type EncodedImage, type EncodeTask, encodeImage } from './encode-image.js';

/** piscina entry point: one encode per call, on a pool thread. */
export default function encode(task: EncodeTask): Promise<EncodedImage> {
  return encodeImage(task);
}
