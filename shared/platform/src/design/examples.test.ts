import { existsSync, statSync } from 'node:fs';
import type { Design, DesignElement } from '@pressroom/model';
import { resolveSource } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, loadExampleDocuments, parseExampleDocument } from './examples.js';

const parsed = loadExampleDocuments().map(({ file, json }) => ({ file, result: parseExampleDocument(json) }));
const byFile = (name: string): Design => {
  const r = parsed.find((p) => p.file === name)?.result;
  if (!r?.ok) throw new Error(`${name} did not parse`);
  return r.design;
};

describe('examples/designs', () => {
  it.each(parsed)('$file is an import payload that parses without issues or warnings', ({ result }) => {
    expect(result.ok ? result.warnings : result.issues).toEqual([]);
  });

  it('covers every design type', () => {
    const types = parsed.map((p) => (p.result.ok ? p.result.design.type : null));
    expect(new Set(types)).toEqual(new Set(['static', 'animated', 'printer', 'printer_multipage']));
    expect(types.filter((t) => t === 'static')).toHaveLength(2);
  });

  it('has one static design using every static layer type, a gradient shape and a masked group, in several formats', () => {
    const d = byFile('static-summer-sale.json');
    if (d.type !== 'static') throw new Error('not static');
    expect(new Set(d.elements.map((e) => e.type))).toEqual(
      new Set(['text', 'button', 'image', 'logo', 'shape', 'illustration', 'rating', 'qrcode', 'group']),
    );
    const shapes = d.elements.filter((e): e is Extract<DesignElement, { type: 'shape' }> => e.type === 'shape');
    expect(shapes.some((s) => /gradient/.test(s.properties.background_color ?? ''))).toBe(true);
    expect(d.elements.some((e) => e.type === 'group' && e.properties.mask !== undefined)).toBe(true);
    expect(d.formats.map((f) => `${f.width}x${f.height}`)).toEqual(['1080x1080', '1200x628', '1080x1920']);
  });

  it('uses CMYK on print and tweens on the animated design', () => {
    const flyer = byFile('printer-cafe-flyer.json');
    expect(flyer.type === 'printer' && flyer.print.unit).toBe('mm');
    expect(flyer.type === 'printer' && flyer.formats.map((f) => [f.bleed, f.safe])).toEqual([
      [3, 5],
      [3, 4],
    ]);
    expect(JSON.stringify(flyer)).not.toMatch(/"#[0-9A-Fa-f]{3,8}"/);
    const teaser = byFile('animated-product-launch.json');
    const tweens = teaser.type === 'animated' ? teaser.elements.flatMap((e) => e.animation?.tweens ?? []) : [];
    expect(new Set(tweens.map((t) => t.type))).toEqual(new Set(['fade', 'scale', 'rotate', 'slide', 'textEffect']));
  });

  it('embeds every asset it references as a small local file', () => {
    for (const { result } of parsed) {
      if (!result.ok) continue;
      for (const name of Object.keys(result.design.assets)) {
        const source = resolveSource(result.design, `asset:${name}`);
        if (source.kind === 'data') continue;
        expect(source.kind).toBe('file');
        if (source.kind !== 'file') continue;
        const path = `${EXAMPLES_DIR}${source.path}`;
        expect(existsSync(path), path).toBe(true);
        expect(statSync(path).size).toBeLessThan(200 * 1024);
      }
    }
  });
});
