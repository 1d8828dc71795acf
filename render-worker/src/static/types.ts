import type { StaticFileType } from '@pressroom/model';

export type { Resource } from '../fetch/resource.js';

export type RegisterAsset = (bytes: Buffer | Uint8Array, contentType: string, name?: string, options?: { stable?: boolean }) => string;

export interface RenderOutput {
  type: StaticFileType;
  /** 1–100 (the request's `file_compression_level`): quality for jpeg, webp and avif, zlib effort for png. Default: `defaultQuality` of the type (shared/src/output-formats). */
  quality?: number;
  /** Scale the file down to at most this width, aspect kept, never enlarged. Not for pdf. */
  width?: number;
}

export interface RenderedFile {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
  /** Milliseconds spent putting the plan on the page (fitting included). */
  loadMs?: number;
  /** Milliseconds the page spent fitting text. */
  fitMs?: number;
  /** Whether the page held the design warm (null: rendered without warm pages). */
  warm?: 'hit' | 'miss' | null;
}
