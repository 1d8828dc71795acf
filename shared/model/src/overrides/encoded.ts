import { z } from 'zod';
import { fail } from './rules.js';

/** A base64 image as the renderer needs it: the body and the type it really is. */
export interface EncodedImage {
  /** Sniffed from the bytes: image/png, image/jpeg, image/gif, image/webp, image/avif, image/tiff, image/svg+xml. */
  mime: string;
  /** Base64 body without any data: prefix or line breaks. */
  base64: string;
}

const DATA_URI = /^data:([^;,]+)((?:;[^;,]+)*);base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * `image_encoded`, `icon_encoded`: a bare base64 body or a `data:image/<type>;base64,` URI. The
 * bytes must be an image we can draw; anything else answers invalid_payload (docs/overrides.md).
 */
export function base64Image(): z.ZodType<EncodedImage> {
  return z.unknown().transform((value, ctx) => {
    if (typeof value !== 'string') return fail(ctx, 'invalid_payload', 'must be a base64 string', { received: typeof value });
    const decoded = decodeImage(value);
    if (typeof decoded === 'string') return fail(ctx, 'invalid_payload', decoded);
    return decoded;
  }) as z.ZodType<EncodedImage>;
}

/** Returns the image, or a reason it is not one. */
export function decodeImage(value: string): EncodedImage | string {
  let body = value;
  const prefix = DATA_URI.exec(value);
  if (prefix) {
    if (!prefix[1]!.toLowerCase().startsWith('image/')) return 'data URI must declare an image/<type>';
    body = value.slice(prefix[0].length);
  } else if (value.startsWith('data:')) {
    return 'data URI must be data:image/<type>;base64,...';
  }
  body = body.replace(/[\r\n]/g, '');
  if (body === '' || !BASE64.test(body) || body.replace(/=+$/, '').length % 4 === 1) return 'must be valid base64';
  const mime = sniffImage(base64Head(body));
  if (mime === null) return 'base64 content is not a supported image (jpeg, png, webp, gif, svg, tiff, avif)';
  return { mime, base64: body };
}

/**
 * The bytes of a base64 body's first 768 bytes (1024 characters), decoded with `atob`: this module
 * also runs in the console (the import parser checks data: URIs in the editor), where there is no
 * Buffer. URL-safe characters are read as their standard ones, as Node's base64 decoder does.
 */
function base64Head(body: string): Uint8Array {
  const text = atob(body.slice(0, 1024).replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

const latin1 = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

function sniffImage(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && latin1(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  if (latin1(bytes, 4, 8) === 'ftyp' && /^(avif|avis)$/.test(latin1(bytes, 8, 12))) return 'image/avif';
  const text = new TextDecoder()
    .decode(bytes)
    .replace(/^\uFEFF/, '')
    .trimStart();
  // `<svg/>` (an empty drawing) is an SVG too.
  if (/^<(\?xml|svg|!--|!doctype svg)/i.test(text) && /<svg[\s/>]/i.test(text)) return 'image/svg+xml';
  if (/^<svg[\s/>]/i.test(text)) return 'image/svg+xml';
  return null;
}
