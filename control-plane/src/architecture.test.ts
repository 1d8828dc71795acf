import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The control plane never renders or encodes (docs/architecture.md): it does not import the
 * renderer, puppeteer, sharp or ffmpeg, and does not depend on them. Pixels are the render
 * worker's (a dynamic image thumbnail is the job's `output_width`, see docs/dynamic-images.md).
 * Tests may use sharp to check the pixels they receive; production code may not.
 */
const FORBIDDEN = ['sharp', 'puppeteer', 'puppeteer-core', '@pressroom/renderer', '@pressroom/render-worker', 'fluent-ffmpeg'];
const root = fileURLToPath(new URL('..', import.meta.url));

function productionSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every module specifier of a file: static and dynamic imports, re-exports. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

describe('control plane boundaries', () => {
  it('finds the module specifiers it checks', () => {
    expect(specifiers(`import a from 'sharp';\nexport { b } from "puppeteer/x";\nawait import('@pressroom/renderer');`)).toEqual([
      'sharp',
      'puppeteer/x',
      '@pressroom/renderer',
    ]);
  });

  it('no production source imports the renderer, puppeteer, sharp or ffmpeg, nor runs ffmpeg', () => {
    const files = productionSources(join(root, 'src'));
    expect(files.length).toBeGreaterThan(20);
    const offences = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const imports = specifiers(source).filter((s) => FORBIDDEN.some((f) => s === f || s.startsWith(`${f}/`)));
      const runs = /['"`](ffmpeg|ffprobe)\b/.test(source) ? ['ffmpeg'] : [];
      return [...imports, ...runs].map((what) => `${file.slice(root.length)}: ${what}`);
    });
    expect(offences).toEqual([]);
  });

  it('package.json does not depend on them', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const declared = Object.keys({ ...pkg['dependencies'], ...pkg['optionalDependencies'], ...pkg['peerDependencies'] });
    expect(declared.filter((name) => FORBIDDEN.includes(name) || name.includes('ffmpeg'))).toEqual([]);
  });
});
