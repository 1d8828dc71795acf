import { randomUUID } from 'node:crypto';
import { ASSET_ORIGIN } from './chromium-args.js';

export interface Asset {
  bytes: Buffer;
  contentType: string;
}

/**
 * The bytes one render may load. The render task fetches images and fonts itself (guarded,
 * size-capped) and registers them here; the page sees them under ASSET_ORIGIN. The registry lives
 * as long as the render, across a crash retry, and is detached from the page when it is released.
 */
export class AssetRegistry {
  private readonly assets = new Map<string, Asset>();

  /**
   * Returns the URL the page should use. `name` (optional) keeps URLs readable in logs. With
   * `stable`, the URL is the name alone, the same in every render: a page that keeps its
   * document (fonts loaded once per page) then never asks for those bytes again.
   */
  register(bytes: Buffer | Uint8Array, contentType: string, name?: string, options: { stable?: boolean } = {}): string {
    const token =
      options.stable && name !== undefined
        ? `stable/${encodeURIComponent(name)}`
        : name === undefined
          ? randomUUID()
          : `${randomUUID()}/${encodeURIComponent(name)}`;
    this.assets.set(token, { bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), contentType });
    return `${ASSET_ORIGIN}/${token}`;
  }

  /** Looks up a full URL; null when it is not under ASSET_ORIGIN or was not registered. */
  lookup(url: string): Asset | null {
    const prefix = `${ASSET_ORIGIN}/`;
    if (!url.startsWith(prefix)) return null;
    const token = url.slice(prefix.length).split(/[?#]/, 1)[0] ?? '';
    return this.assets.get(token) ?? null;
  }

  get size(): number {
    return this.assets.size;
  }
}
