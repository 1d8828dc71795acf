import { readFile } from 'node:fs/promises';

const cache = new Map<string, Promise<Buffer>>();

/**
 * Font files are read from the installed packages once per process: the same few subsets serve
 * almost every render, and re-reading them would cost more than the capture.
 */
export function fontBytes(path: string): Promise<Buffer> {
  let bytes = cache.get(path);
  if (!bytes) {
    bytes = readFile(path);
    bytes.catch(() => cache.delete(path));
    cache.set(path, bytes);
  }
  return bytes;
}
