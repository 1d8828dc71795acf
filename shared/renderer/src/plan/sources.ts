import type { EncodedImage } from '@pressroom/model';
import type { AssetSource } from './types.js';

const DATA_URL = /^data:([^;,]+)?((?:;[^;,]+)*?)(;base64)?,(.*)$/s;

/**
 * Where a media value points: `asset:<name>` (the design's own), a `data:` URL (inline bytes), or
 * an http(s) URL for the guarded fetch. Anything else (a `file:` or `storage:` src reaches us
 * through `asset:`) yields null and the layer draws without it.
 */
export function sourceOf(value: string | null): AssetSource | null {
  if (value === null || value === '') return null;
  if (value.startsWith('asset:')) return { kind: 'design_asset', name: value.slice(6) };
  if (value.startsWith('data:')) {
    const m = DATA_URL.exec(value);
    if (!m) return null;
    const body = m[3] ? (m[4] ?? '') : utf8Base64(decodeURIComponent(m[4] ?? ''));
    return { kind: 'base64', data: body, contentType: m[1] ?? null };
  }
  if (/^https?:\/\//i.test(value)) return { kind: 'url', url: value };
  return null;
}

/** Base64 of a string's UTF-8 bytes, with what Node and browsers share (the editor's canvas runs this too). */
function utf8Base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function encodedSource(value: EncodedImage): AssetSource {
  return { kind: 'base64', data: value.base64, contentType: value.mime };
}
