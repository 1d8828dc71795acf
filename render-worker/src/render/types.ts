export interface Resource {
  bytes: Buffer;
  contentType: string;
}

export type RegisterAsset = (bytes: Buffer | Uint8Array, contentType: string, name?: string, options?: { stable?: boolean }) => string;

export const OUTPUT_TYPES = ['jpeg', 'png', 'webp', 'avif', 'pdf'] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

export interface RenderOutput {
  type: OutputType;
  /** 1–100, for jpeg, webp and avif. Default 90 (avif 60). */
  quality?: number;
  /** Scale the file down to at most this width, aspect kept, never enlarged. Not for pdf. */
  width?: number;
}

export interface RenderedFile {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export const CONTENT_TYPES: Record<OutputType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};
