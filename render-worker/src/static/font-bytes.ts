import { readFile } from 'node:fs/promises';
import { BoundedCache } from './bounded-cache.js';

/**
 * Bytes of font files kept in memory, at most. The bundled fonts are 300+ MB on disk; a worker
 * serving many designs used to keep every file it had ever read. 32 MiB holds a few hundred
 * woff2 subsets (10–100 KB each), far more than the fonts of the designs a worker sees in a
 * minute, so the hit rate stays near 100 % while the bound holds whatever the traffic.
 */
export const FONT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** A font-file reader with its own bounded cache (`fontBytes` is the process' one). */
export function createFontReader(maxBytes: number) {
  const cache = new BoundedCache<string, Buffer>(maxBytes, (b) => b.byteLength);
  const reading = new Map<string, Promise<Buffer>>();
  const read = (path: string): Promise<Buffer> => {
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
  };
  return { read, stats: () => ({ files: cache.size, bytes: cache.weight, maxBytes: cache.maxWeight }) };
}

const reader = createFontReader(FONT_CACHE_MAX_BYTES);

/** Font files are read from the installed packages once, then served from a bounded cache. */
export const fontBytes = reader.read;

/** What the process' font cache holds now. */
export const fontCacheStats = reader.stats;
