import sharp from 'sharp';
import { RenderRefusedError } from '../tasks/failures.js';
import type { Resource } from './resource.js';

/** TIFF by its magic bytes (little- or big-endian), whatever the declared content type says. */
export function isTiff(bytes: Buffer): boolean {
  if (bytes.length < 4) return false;
  const le = bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00;
  const be = bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a;
  return le || be;
}

/**
 * Chromium draws no TIFF, yet TIFF is an accepted image source. Such bytes become a lossless PNG
 * of their first page before they reach the page; every other resource passes through untouched.
 * Bytes that claim to be TIFF and do not decode are refused (cannot_build_banner): the same
 * bytes will not decode next time either.
 */
export async function toDrawable(resource: Resource): Promise<Resource> {
  if (!isTiff(resource.bytes) && resource.contentType.toLowerCase() !== 'image/tiff') return resource;
  try {
    const png = await sharp(resource.bytes).rotate().png().toBuffer();
    return { bytes: png, contentType: 'image/png' };
  } catch (error) {
    throw new RenderRefusedError(`A TIFF image source could not be decoded: ${(error as Error).message}`);
  }
}
