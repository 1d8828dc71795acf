/**
 * Media sources of an import: an `https://` URL (fetched by the farm through the outbound guard),
 * a `data:` URI (decoded on import), or a bare file name, which becomes one expected upload. In the
 * stored document a bare name is the asset `asset:<name>` whose src is `file:<name>` until the
 * upload is stored.
 */
import { decodeImage } from '../../overrides/encoded.js';

/** Content type of an uploaded file, by its extension (lower case): the media an import takes. */
export const UPLOAD_EXTENSIONS = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
} as const;

/** Media an import accepts as uploads. */
export const UPLOAD_CONTENT_TYPES: readonly string[] = [...new Set(Object.values(UPLOAD_EXTENSIONS))];

/** A bare file name: no folder, no scheme, an extension. */
export const BARE_FILE_NAME = /^[\w-][\w.-]{0,99}\.[A-Za-z0-9]{1,5}$/;

/** The extension (lower case) that names a content type for `contentType`, or the first one. */
export function extensionFor(contentType: string | undefined): string | undefined {
  return Object.entries(UPLOAD_EXTENSIONS).find(([, t]) => t === contentType)?.[0];
}

export function uploadContentTypeOf(fileName: string): string | undefined {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return (UPLOAD_EXTENSIONS as Record<string, string>)[ext];
}

export type ImportSource = { kind: 'inline'; value: string } | { kind: 'upload'; name: string } | { kind: 'invalid' };

export function classifySource(value: string): ImportSource {
  if (/^https?:\/\/\S+$/.test(value) || /^data:\S+$/.test(value)) return { kind: 'inline', value };
  if (BARE_FILE_NAME.test(value)) return { kind: 'upload', name: value };
  return { kind: 'invalid' };
}

/** The media a source property holds: what a `data:` URI there must carry. */
const DATA_MEDIA: Readonly<Record<string, 'image' | 'svg' | 'video' | 'audio'>> = {
  image_url: 'image',
  icon_url: 'image',
  illustration_file: 'svg',
  video_url: 'video',
  audio_url: 'audio',
};

const DATA_URI = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s;
const BASE64_BODY = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Why a `data:` URI cannot be the media of `prop` (an image that is not one, a video declared as
 * text, a body that is not base64), or null when it can. Checked at POST and in a dry run, since
 * a data URI is decoded there (spec: "decoded at POST"): an import that would build with nothing
 * drawn, or fail only later, is refused with its path instead. Images are sniffed from their bytes
 * as `image_encoded` is (overrides/encoded.ts); video and audio are checked by their declared type.
 */
export function dataUriProblem(prop: string, value: string): string | null {
  const media = DATA_MEDIA[prop];
  const parts = DATA_URI.exec(value);
  if (media === undefined) return null;
  if (parts === null) return 'a data: URI is data:<type>[;base64],<data>';
  const type = parts[1]!.toLowerCase();
  const base64 = /;base64$/i.test(parts[2]!);
  if (media === 'image' || (media === 'svg' && base64)) {
    if (!base64) return type === 'image/svg+xml' ? null : 'an image data: URI other than SVG is base64 (data:image/<type>;base64,...)';
    const image = decodeImage(value);
    if (typeof image === 'string') return image;
    if (media === 'svg' && image.mime !== 'image/svg+xml') return 'an illustration data: URI holds an SVG';
    return null;
  }
  if (media === 'svg') return type === 'image/svg+xml' ? null : 'an illustration data: URI is data:image/svg+xml,...';
  if (!type.startsWith(`${media}/`)) return `a ${media} data: URI declares a ${media}/<type>`;
  const body = parts[3]!.replace(/[\r\n]/g, '');
  if (base64 && (body === '' || !BASE64_BODY.test(body))) return 'must be valid base64';
  return null;
}
