import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFontReader, FONT_CACHE_MAX_BYTES, fontCacheStats } from './font-bytes.js';

const BUDGET = 512 * 1024;

const FONTSOURCE = fileURLToPath(new URL('../../../node_modules/@fontsource/', import.meta.url));

/** Real font files, more bytes of them than the cache may hold. */
async function moreFontsThan(budget: number): Promise<string[]> {
  const out: string[] = [];
  let total = 0;
  for (const pkg of await readdir(FONTSOURCE)) {
    const dir = join(FONTSOURCE, pkg, 'files');
    for (const f of await readdir(dir).catch(() => [] as string[])) {
      if (!f.endsWith('.woff2')) continue;
      out.push(join(dir, f));
      total += (await stat(join(dir, f))).size;
      if (total > budget * 2) return out;
    }
  }
  return out;
}

describe('fontBytes', () => {
  it('keeps at most its budget of font files, however many are read', async () => {
    const { read, stats } = createFontReader(BUDGET);
    const files = await moreFontsThan(BUDGET);
    for (const f of files) {
      const bytes = await read(f);
      expect(bytes.byteLength).toBeGreaterThan(0);
      expect(stats().bytes).toBeLessThanOrEqual(BUDGET);
    }
    expect(stats().files).toBeLessThan(files.length);
  });

  it("the process' reader is bounded by FONT_CACHE_MAX_BYTES", () => {
    expect(fontCacheStats().maxBytes).toBe(FONT_CACHE_MAX_BYTES);
  });

  it('serves a file read twice from memory, and concurrent reads share one read', async () => {
    const { read } = createFontReader(BUDGET);
    const [f] = await moreFontsThan(BUDGET);
    const [a, b] = await Promise.all([read(f!), read(f!)]);
    expect(a).toBe(b);
    expect(await read(f!)).toBe(a);
  });
});
