import { createHash } from 'node:crypto';
import { InvalidObjectKeyError } from '@pressroom/model';

/**
 * Every object key is built here, so the layout is written down once and nothing else
 * concatenates paths:
 *
 *   workspaces/<ws>/banners/<banner_id>/<filename>
 *   workspaces/<ws>/imports/<import_id>/<asset name>
 *   workspaces/<ws>/designs/<design_id>/previews/<format_uid>.png
 *   workspaces/<ws>/designs/<design_id>/assets/<asset name>
 *   workspaces/<ws>/exports/<export_id>.zip
 *   workspaces/<ws>/dynamic/<design_id>/<variant hash>.<ext>
 *   workspaces/<ws>/fonts/<sha256>.<ttf|otf|woff|woff2>  (uploaded brand fonts)
 *   intermediate/animations/<banner_id>/<part>        (parts of an animated file being made)
 *
 * Identifiers must already be safe (`[A-Za-z0-9_-]`); free-form names (file names, asset names
 * chosen by API users) are encoded, not rejected.
 */

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** Characters kept as they are in a name segment; everything else is percent-encoded. */
const SAFE_NAME_CHAR = /[A-Za-z0-9._-]/;
/** Below the 255-byte file name limit of common filesystems, with room for a temp suffix. */
const MAX_SEGMENT_BYTES = 200;
/** S3's limit on a key. */
const MAX_KEY_BYTES = 1024;

/** An identifier segment (workspace id, banner id, ...): validated, never rewritten. */
export function idSegment(value: string, what = 'id'): string {
  if (!ID_PATTERN.test(value)) throw new InvalidObjectKeyError(value, `${what} must match ${ID_PATTERN}`);
  return value;
}

/**
 * A free-form name as one key segment. The encoding is injective (distinct names never share a
 * key, which matters because an import checks uploads by name): unsafe characters become `%XX`
 * of their UTF-8 bytes, `.` and `..` are encoded, and an over-long result keeps its start plus a
 * hash of the whole name (and the extension, so content sniffing by suffix still works).
 */
export function nameSegment(name: string): string {
  if (name.length === 0) throw new InvalidObjectKeyError(name, 'a name must not be empty');
  let encoded = '';
  for (const char of name) {
    if (SAFE_NAME_CHAR.test(char)) encoded += char;
    else for (const byte of Buffer.from(char, 'utf8')) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (encoded === '.' || encoded === '..') encoded = encoded.replaceAll('.', '%2E');
  if (encoded.length <= MAX_SEGMENT_BYTES) return encoded;
  const hash = createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 16);
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(encoded)?.[0] ?? '';
  // `~` never appears in an encoded name (it is percent-encoded), so a shortened name cannot
  // collide with a short one.
  return `${encoded.slice(0, MAX_SEGMENT_BYTES - 18 - ext.length)}~${hash}${ext}`;
}

function join(segments: string[]): string {
  return assertObjectKey(segments.join('/'));
}

export function bannerFileKey(workspaceId: string, bannerId: string, filename: string): string {
  return join(['workspaces', idSegment(workspaceId, 'workspace id'), 'banners', idSegment(bannerId, 'banner id'), nameSegment(filename)]);
}

/** A part of an animated file being made: frames of one range, an HTML5 page, its fallback image. */
export function animationPartKey(bannerId: string, part: string): string {
  return join(['intermediate', 'animations', idSegment(bannerId, 'banner id'), nameSegment(part)]);
}

/** The folder holding every upload of one import (for listing or cleanup). */
export function importPrefix(workspaceId: string, importId: string): string {
  return `${join(['workspaces', idSegment(workspaceId, 'workspace id'), 'imports', idSegment(importId, 'import id')])}/`;
}

export function importUploadKey(workspaceId: string, importId: string, assetName: string): string {
  return join(['workspaces', idSegment(workspaceId, 'workspace id'), 'imports', idSegment(importId, 'import id'), nameSegment(assetName)]);
}

export function designPreviewKey(workspaceId: string, designId: string, formatUid: string): string {
  return join([
    'workspaces',
    idSegment(workspaceId, 'workspace id'),
    'designs',
    idSegment(designId, 'design id'),
    'previews',
    `${idSegment(formatUid, 'format uid')}.png`,
  ]);
}

export function designAssetKey(workspaceId: string, designId: string, assetName: string): string {
  return join([
    'workspaces',
    idSegment(workspaceId, 'workspace id'),
    'designs',
    idSegment(designId, 'design id'),
    'assets',
    nameSegment(assetName),
  ]);
}

export function exportArchiveKey(workspaceId: string, exportId: string): string {
  return join(['workspaces', idSegment(workspaceId, 'workspace id'), 'exports', `${idSegment(exportId, 'export id')}.zip`]);
}

/** A bulk run's result CSV (docs/bulk.md). */
export function bulkResultKey(workspaceId: string, runId: string): string {
  return join(['workspaces', idSegment(workspaceId, 'workspace id'), 'bulk-runs', `${idSegment(runId, 'bulk run id')}.csv`]);
}

/** An uploaded font file, named by the SHA-256 of its bytes (docs/fonts.md, "Uploaded fonts"). */
export function workspaceFontKey(workspaceId: string, sha256: string, format: string): string {
  return join([
    'workspaces',
    idSegment(workspaceId, 'workspace id'),
    'fonts',
    `${idSegment(sha256, 'font hash')}.${idSegment(format, 'format')}`,
  ]);
}

/** One cached variant of a dynamic image (docs/dynamic-images.md), named by its content hash. */
export function dynamicVariantKey(workspaceId: string, designId: string, variantHash: string, extension: string): string {
  return join([
    'workspaces',
    idSegment(workspaceId, 'workspace id'),
    'dynamic',
    idSegment(designId, 'design id'),
    `${idSegment(variantHash, 'variant hash')}.${idSegment(extension, 'extension')}`,
  ]);
}

/** True when `key` is a dynamic image variant key of this workspace (where a render job may store a file that is no Banner). */
export function isDynamicVariantKeyOf(workspaceId: string, key: string): boolean {
  const prefix = `${join(['workspaces', idSegment(workspaceId, 'workspace id'), 'dynamic'])}/`;
  if (!key.startsWith(prefix)) return false;
  try {
    assertObjectKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a whole key, e.g. one taken from a request path by the file-serving route: relative,
 * no empty, `.` or `..` segments, no backslash or control characters. Returns the key.
 */
export function assertObjectKey(key: string): string {
  if (key.length === 0) throw new InvalidObjectKeyError(key, 'empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw new InvalidObjectKeyError(key, `longer than ${MAX_KEY_BYTES} bytes`);
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw new InvalidObjectKeyError(key, 'contains a control character or backslash');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw new InvalidObjectKeyError(key, 'has an empty, "." or ".." segment');
    if (Buffer.byteLength(segment, 'utf8') > 255) throw new InvalidObjectKeyError(key, 'has a segment longer than 255 bytes');
  }
  return key;
}

/** The key as a URL path (each segment percent-encoded), for URLs built over a base. */
export function keyToUrlPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
