import { loadFontCatalogue } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../html/build-document.js';
import { testDesign, testOverrides } from '../testing/design.js';
import { planRender } from './plan-render.js';
import type { GroupNode, ImageNode, RenderPlan, ShapeNode } from './types.js';

function plan(elements: Parameters<typeof testDesign>[0], overrides: Record<string, unknown> = {}): RenderPlan {
  return planRender({ catalogue: loadFontCatalogue(), design: testDesign(elements), formatName: 'g', overrides: testOverrides(overrides) });
}
const html = (p: RenderPlan) =>
  buildDocument(p, { assetUrl: (ref) => `https://assets.test/${ref}`, fontCss: '', fontStack: () => 'sans-serif' });
const photo = 'https://img.test/p.png';

describe('planRender: the effects of docs/renderer.md', () => {
  it('a named illustration is a library source; a custom one with the same name is refused, not drawn empty', () => {
    const named = plan([
      { name: 'i', type: 'illustration', properties: { illustration_type: 'lucide', illustration_file: 'Arrow-Right' } },
    ]);
    expect(named.assets).toEqual([
      { ref: 'i:illustration', source: { kind: 'library', library: 'lucide', name: 'arrow-right' }, purpose: 'illustration' },
    ]);
    expect(() => plan([{ name: 'i', type: 'illustration', properties: { illustration_file: 'arrow-right' } }])).toThrow(
      expect.objectContaining({ code: 'cannot_build_banner', layer: 'i' }),
    );
    const source = plan([{ name: 'i', type: 'illustration', properties: { illustration_type: 'lucide', illustration_file: photo } }]);
    expect(source.assets[0]!.source).toEqual({ kind: 'url', url: photo });
  });

  it('a request may name the drawing', () => {
    const p = plan([{ name: 'i', type: 'illustration', properties: { illustration_file: photo } }], {
      i: { illustration_type: 'lucide', illustration_file: 'coffee' },
    });
    expect(p.assets[0]!.source).toEqual({ kind: 'library', library: 'lucide', name: 'coffee' });
  });

  it('a pattern is planned with its colour (default a 25 % black) and a tile of an eighth of the shorter side', () => {
    const [a, b] = plan(
      [
        { name: 'a', type: 'shape', box: [0, 0, 160, 80], properties: { pattern_name: 'star' } },
        { name: 'b', type: 'shape', box: [0, 0, 40, 40], properties: { pattern_name: 'wiggle', pattern_color: '#FF0000' } },
      ],
      { a: { pattern_name: 'drops' } },
    ).nodes as ShapeNode[];
    expect(a!.pattern).toEqual({ name: 'drops', color: 'rgba(0, 0, 0, 0.25)', tile: 10 });
    expect(b!.pattern).toEqual({ name: 'wiggle', color: '#ff0000', tile: 8 });
    expect(html(plan([{ name: 's', type: 'shape', properties: { pattern_name: 'star' } }]))).toContain('data-pattern="star"');
  });

  it('duotone takes the named palette; the document carries its filter', () => {
    const p = plan([{ name: 'p', type: 'image', properties: { image_url: photo, filter_name: 'duotone' } }], {
      p: { filter_properties: { name: 'brown_beige' } },
    });
    expect((p.nodes[0] as ImageNode).filter).toEqual({ kind: 'duotone', dark: '#4A2C2A', light: '#F5E6CA' });
    const doc = html(p);
    expect(doc).toContain('<filter id="pr-duotone-p"');
    expect(doc).toContain('tableValues="0.2901960784313726 0.9607843137254902"');
  });

  it('skew_y of the mask is planned on images only', () => {
    const p = plan([{ name: 'p', type: 'image', properties: { image_url: photo, mask_properties: { skew_y: 12 } } }], {
      p: { mask_properties: { skew_y: -8 } },
    });
    expect((p.nodes[0] as ImageNode).maskSkewY).toBe(-8);
    expect(html(p)).toContain('skewY(8deg)');
  });

  it('a rotated group mask turns the clip and turns the members back', () => {
    const p = plan([
      { name: 's', type: 'shape', box: [0, 0, 100, 100], properties: { background_color: '#000000' } },
      {
        name: 'g',
        type: 'group',
        box: [0, 0, 100, 100],
        layer_ids: ['s'],
        properties: { mask: { shape: 'rectangle', width: 80, height: 20, rotation: 30 } },
      },
    ]);
    expect((p.nodes[0] as GroupNode).mask).toMatchObject({ rotation: 30, box: { x: 10, y: 40, width: 80, height: 20 } });
    const doc = html(p);
    expect(doc).toContain('transform:rotate(30deg);transform-origin:50px 50px');
    expect(doc).toContain('transform:rotate(-30deg);transform-origin:50px 50px');
  });

  it('auto-layout moves the members of a group and records its settings', () => {
    const p = plan([
      { name: 'a', type: 'shape', box: [50, 10, 20, 20] },
      { name: 'b', type: 'shape', box: [90, 10, 20, 20] },
      {
        name: 'g',
        type: 'group',
        box: [0, 0, 200, 40],
        layer_ids: ['a', 'b'],
        properties: { auto_layout: true, placement: 'end', gap: 4 },
      },
    ]);
    const g = p.nodes[0] as GroupNode;
    expect(g.layout).toEqual({ direction: 'horizontal', placement: 'end', cross: null, gap: 4 });
    expect(g.children.map((c) => c.box.x)).toEqual([156, 180]);
  });
});
