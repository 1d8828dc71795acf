/**
 * Media sources of an import: an `https://` URL (fetched by the farm through the outbound guard),
 * a `data:` URI (decoded on import), or a bare file name, which becomes one expected upload. In the
 * stored document a bare name is the asset `asset:<name>` whose src is `file:<name>` until the
 * upload is stored.
 */

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
