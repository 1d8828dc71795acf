import { readFile } from 'node:fs/promises';
import { BoundedCache } from './bounded-cache.js';

/**
 * Bytes of font files kept in memory, at most. The bundled fonts are 300+ MB on disk; a worker
 * serving many designs used to keep every file it had ever read. 32 MiB holds a few hundred
 * woff2 subsets (10–100 KB each), far more than the fonts of the designs a worker sees in a
 * minute, so the hit rate stays near 100 % while the bound holds whatever the traffic.
 */
export const FONT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

const cache = new BoundedCache<string, Buffer>(FONT_CACHE_MAX_BYTES, (b) => b.byteLength);
const reading = new Map<string, Promise<Buffer>>();

/** Font files are read from the installed packages once, then served from a bounded cache. */
export function fontBytes(path: string): Promise<Buffer> {
  const hit = cache.get(path);
  if (hit) return Promise.resolve(hit);
  let pending = reading.get(path);
  if (!pending) {
    pending = readFile(path).then(
      (bytes) => {
        reading.delete(path);
        cache.set(path, bytes);
        return bytes;
      },
      (err: unknown) => {
        reading.delete(path);
        throw err;
      },
    );
    reading.set(path, pending);
  }
  return pending;
}

/** For tests and metrics: what the cache holds now. */
export function fontCacheStats(): { files: number; bytes: number; maxBytes: number } {
  return { files: cache.size, bytes: cache.weight, maxBytes: cache.maxWeight };
}
