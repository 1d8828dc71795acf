import { describe, expect, it } from 'vitest';
import { parseDesignDocument } from './parse/document.js';
import { renderDpi } from './print.js';
import { frameIds, resolveFrame } from './resolve.js';

const box = { x: 0, y: 0, width: 10, height: 10 };
const result = parseDesignDocument({
  name: 'R',
  type: 'static',
  formats: [
    { name: 'a', width: 100, height: 100, background_color: '#FFFFFF' },
    { name: 'b', width: 200, height: 50 },
  ],
  elements: [
    {
      name: 't',
      type: 'text',
      layout: { a: box, b: { ...box, x: 5 } },
      properties: { payload: 'Hi', font: 'Inter', font_size: 12 },
      overrides: { b: { font_size: 20 } },
    },
    { name: 'only-a', type: 'shape', layout: { a: box } },
    {
      name: 'g',
      type: 'group',
      layout: { a: box, b: box },
      layer_ids: ['t', 'only-a'],
      properties: { hidden: false },
      overrides: { b: { hidden: true } },
    },
  ],
});
if (!result.ok) throw new Error(JSON.stringify(result.issues));
const design = result.design;

describe('resolveFrame', () => {
  it('merges overrides, keeps only layers laid out in the frame and inherits group visibility', () => {
    expect(frameIds(design)).toEqual(['a', 'b']);
    const a = resolveFrame(design, 'a');
    const b = resolveFrame(design, 'b');
    expect(a?.layers.map((l) => [l.name, l.hidden])).toEqual([
      ['t', false],
      ['only-a', false],
      ['g', false],
    ]);
    expect(b?.layers.map((l) => [l.name, l.hidden])).toEqual([
      ['t', true],
      ['g', true],
    ]);
    const tb = b?.layers[0];
    expect(tb?.type === 'text' && [tb.properties.font_size, tb.box.x, tb.parent]).toEqual([20, 5, 'g']);
    expect(b?.layers.find((l) => l.name === 'g')?.layer_ids).toEqual(['t']);
    expect(a?.background_color).toBe('#FFFFFF');
    expect(a?.print).toBeNull();
    expect(resolveFrame(design, 'zzz')).toBeNull();
  });
});

describe('renderDpi', () => {
  it('keeps the requested DPI for ordinary pages and lowers it for huge ones', () => {
    expect(renderDpi({ unit: 'mm', dpi: 300, bleed: 3, safe: 5 }, 210, 297)).toBe(300);
    const poster = renderDpi({ unit: 'mm', dpi: 300, bleed: 0, safe: 0 }, 5000, 5000);
    expect(poster).toBeLessThan(300);
    expect(((5000 / 25.4) * poster) ** 2).toBeLessThanOrEqual(100_000_000);
  });
});
