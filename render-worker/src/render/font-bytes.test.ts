import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FONT_CACHE_MAX_BYTES, fontBytes, fontCacheStats } from './font-bytes.js';

const FONTSOURCE = fileURLToPath(new URL('../../../node_modules/@fontsource/', import.meta.url));

/** Real font files, more bytes of them than the cache may hold. */
async function moreFontsThanTheBudget(): Promise<string[]> {
  const out: string[] = [];
  let total = 0;
  for (const pkg of await readdir(FONTSOURCE)) {
    const dir = join(FONTSOURCE, pkg, 'files');
    for (const f of await readdir(dir).catch(() => [] as string[])) {
      if (!f.endsWith('.woff2')) continue;
      out.push(join(dir, f));
      total += (await stat(join(dir, f))).size;
      if (total > FONT_CACHE_MAX_BYTES * 1.25) return out;
    }
  }
  return out;
}

describe('fontBytes', () => {
  it('keeps at most FONT_CACHE_MAX_BYTES of font files, however many are read', async () => {
    const files = await moreFontsThanTheBudget();
    for (const f of files) {
      const bytes = await fontBytes(f);
      expect(bytes.byteLength).toBeGreaterThan(0);
      expect(fontCacheStats().bytes).toBeLessThanOrEqual(FONT_CACHE_MAX_BYTES);
    }
    expect(fontCacheStats().files).toBeLessThan(files.length);
  });

  it('serves a file read twice from memory, and concurrent reads share one read', async () => {
    const [f] = await moreFontsThanTheBudget();
    const [a, b] = await Promise.all([fontBytes(f!), fontBytes(f!)]);
    expect(a).toBe(b);
    expect(await fontBytes(f!)).toBe(a);
  });
});
