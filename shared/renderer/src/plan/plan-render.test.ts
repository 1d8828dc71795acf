import { fontIdForSlug } from '@pressroom/model';
import { loadFontCatalogue } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { testDesign, testOverrides } from '../testing/design.js';
import { assetRefsOf } from './asset-refs.js';
import { planRender } from './plan-render.js';
import type { ButtonNode, GroupNode, ImageNode, QrcodeNode, RatingNode, ShapeNode, TextNode } from './types.js';

const text = (name: string, properties: Record<string, unknown> = {}, box: [number, number, number, number] = [10, 20, 200, 50]) => ({
  name,
  type: 'text',
  box,
  properties: { payload: 'Hello', font: 'Inter', font_size: 24, ...properties },
});

function plan(
  elements: Parameters<typeof testDesign>[0],
  overrides: Record<string, unknown> = {},
  options: Parameters<typeof testDesign>[1] = {},
) {
  return planRender({
    catalogue: loadFontCatalogue(),
    design: testDesign(elements, options),
    formatName: 'g',
    overrides: testOverrides(overrides),
  });
}

describe('planRender: canvas', () => {
  it('takes the format size and background; root overrides the background', () => {
    const p = plan([], {}, { background: '#ff0000' });
    expect([p.width, p.height, p.background]).toEqual([320, 240, '#ff0000']);
    expect(plan([], { root: { background_color: '#00ff00' } }, { background: '#ff0000' }).background).toBe('#00ff00');
  });

  it('leaves a design without background transparent', () => {
    expect(plan([]).background).toBeNull();
  });

  it('renders a gradient background with the canvas geometry', () => {
    const p = plan([], {}, { background: 'radial-gradient(50% 50% 50%,0% #ffffff 1,100% #000000 1)' });
    expect(p.background).toBe('radial-gradient(ellipse 50% 50% at 50% 50%, #ffffff 0%, #000000 100%)');
  });

  it('refuses an unknown format with format_not_found', () => {
    expect(() => planRender({ catalogue: loadFontCatalogue(), design: testDesign([]), formatName: 'nope' })).toThrow(
      expect.objectContaining({ id: 'format_not_found' }),
    );
  });
});

describe('planRender: text', () => {
  it('resolves box, font, size and default alignment', () => {
    const [t] = plan([text('t')]).nodes as [TextNode];
    expect(t.kind).toBe('text');
    expect(t.box).toEqual({ x: 10, y: 20, width: 200, height: 50 });
    expect(t.font).toEqual({ fontId: fontIdForSlug('inter'), family: 'Inter', weight: 400, style: 'normal' });
    expect(t.align).toEqual({ vertical: 'start', horizontal: 'left', lastLine: 'left' });
    expect([t.fontSize, t.lineHeight, t.color]).toEqual([24, 1.2, '#000000']);
  });

  it('applies payload, color, font_size and alignment overrides', () => {
    const [t] = plan([text('t')], { t: { payload: 'Bye', color: '#123456', font_size: 40, alignment: 'bottom right' } }).nodes as [
      TextNode,
    ];
    expect([t.text, t.color, t.fontSize]).toEqual(['Bye', '#123456', 40]);
    expect(t.align).toMatchObject({ vertical: 'end', horizontal: 'right' });
  });

  it('substitutes design variables from vars, then transforms', () => {
    const [t] = plan([text('t', { payload: 'hi {first_name}', text_transform: 'uppercase' })], { vars: { first_name: 'ada' } }).nodes as [
      TextNode,
    ];
    expect(t.text).toBe('HI ADA');
  });

  it('text_transform none clears the design transform', () => {
    const [t] = plan([text('t', { payload: 'abc', text_transform: 'uppercase' })], { t: { text_transform: 'none' } }).nodes as [TextNode];
    expect(t.text).toBe('abc');
  });

  it('uses the nearest available weight of the font', () => {
    // Lobster ships only 400.
    const [t] = plan([text('t', { font: 'Lobster', font_weight: 800 })]).nodes as [TextNode];
    expect(t.font).toMatchObject({ family: 'Lobster', weight: 400 });
  });

  it('accepts a font id override', () => {
    const [t] = plan([text('t')], { t: { font: fontIdForSlug('montserrat'), font_weight: 700 } }).nodes as [TextNode];
    expect(t.font).toMatchObject({ family: 'Montserrat', weight: 700 });
  });

  it('falls back to the default family for an unknown font name', () => {
    const [t] = plan([text('t', { font: 'No Such Font' })]).nodes as [TextNode];
    expect(t.font.family).toBe('Inter');
  });

  it('plans line height, skew, stroke, letter spacing', () => {
    const [t] = plan([text('t', { line_height: 150, skew_y: -8, stroke_width: 2, stroke_color: '#ff0000', letter_spacing: 3 })]).nodes as [
      TextNode,
    ];
    expect([t.lineHeight, t.skewY, t.stroke, t.letterSpacing]).toEqual([1.5, -8, { width: 2, color: '#ff0000' }, 3]);
  });

  it('ignores a stroke without color', () => {
    const [t] = plan([text('t', { stroke_width: 2 })]).nodes as [TextNode];
    expect(t.stroke).toBeNull();
  });

  it('plans a gradient text color against the layer box', () => {
    const [t] = plan([text('t', { color: 'linear-gradient(0% 0% 100% 0%,0% #ff0000 1,100% #0000ff 1)' })]).nodes as [TextNode];
    expect(t.colorIsGradient).toBe(true);
    expect(t.color).toBe('linear-gradient(90deg, #ff0000 0%, #0000ff 100%)');
  });

  it('background_padding: one number or "<vertical> <horizontal>", only with a background', () => {
    const [a] = plan([text('t', { background_color: '#ffff00', background_padding: 6 })]).nodes as [TextNode];
    expect(a.background).toEqual({ color: '#ffff00', paddingV: 6, paddingH: 6 });
    const [b] = plan([text('t', { background_color: '#ffff00' })], { t: { background_padding: '4 10' } }).nodes as [TextNode];
    expect(b.background).toEqual({ color: '#ffff00', paddingV: 4, paddingH: 10 });
    const [c] = plan([text('t', { background_padding: 6 })]).nodes as [TextNode];
    expect(c.background).toBeNull();
  });

  it('side border: off by default and with none, colored like the text when no color is set', () => {
    expect((plan([text('t')]).nodes[0] as TextNode).sideBorder).toBeNull();
    const [t] = plan([text('t', { color: '#112233', side_border: 'left', side_border_thickness: 4, side_border_padding: 8 })]).nodes as [
      TextNode,
    ];
    expect(t.sideBorder).toEqual({ side: 'left', thickness: 4, color: '#112233', rounded: false, padding: 8, offset: 0, spread: 0 });
    const [off] = plan([text('t', { side_border: 'left', side_border_thickness: 4 })], { t: { side_border: 'none' } }).nodes as [TextNode];
    expect(off.sideBorder).toBeNull();
  });

  it('fitting instructions: auto_resize needs min_font_size; max_lines, harmony, truncation pass through', () => {
    const [t] = plan([text('t')], { t: { auto_resize: true, min_font_size: 10, max_lines: 2, text_harmony: true, text_truncation: true } })
      .nodes as [TextNode];
    expect(t.fit).toEqual({ minFontSize: 10, maxLines: 2, harmony: true, truncate: true });
    const [off] = plan([text('t')]).nodes as [TextNode];
    expect(off.fit).toEqual({ minFontSize: null, maxLines: null, harmony: false, truncate: false });
  });

  it('drop shadow on text, from the shadow family', () => {
    const [t] = plan([text('t')], { t: { shadow_color: '#000000', shadow_blur: 4, shadow_offset_x: 2, shadow_offset_y: 3 } }).nodes as [
      TextNode,
    ];
    expect(t.shadow).toEqual({ mode: 'drop', color: '#000000', blur: 4, x: 2, y: 3 });
  });
});

describe('planRender: layers', () => {
  it('keeps stacking order and ignores unknown layer and property names', () => {
    const p = plan([{ name: 'bg', type: 'shape', properties: { background_color: '#000000' } }, text('t')], {
      ghost: { payload: 'x' },
      t: { payload: 'y', made_up: 3 } as Record<string, unknown>,
    });
    expect(p.nodes.map((n) => n.name)).toEqual(['bg', 't']);
    expect((p.nodes[1] as TextNode).text).toBe('y');
  });

  it('hidden: by design, by request, and by an enclosing group', () => {
    const elements = [
      { name: 'a', type: 'shape' },
      { name: 'b', type: 'shape' },
      { name: 'c', type: 'shape' },
      { name: 'g', type: 'group', layer_ids: ['c'] },
    ];
    expect(plan(elements, { a: { hidden: true } }).nodes.map((n) => n.name)).toEqual(['b', 'g']);
    expect(plan(elements, { g: { hidden: true } }).nodes.map((n) => n.name)).toEqual(['a', 'b']);
    expect(plan(elements, { a: { hidden: false } }).nodes.map((n) => n.name)).toEqual(['a', 'b', 'g']);
  });

  it('a group nests its members in layer_ids order and sits at its lowest member', () => {
    const p = plan([
      { name: 'x', type: 'shape' },
      { name: 'm1', type: 'shape' },
      { name: 'y', type: 'shape' },
      { name: 'm2', type: 'shape' },
      { name: 'g', type: 'group', layer_ids: ['m1', 'm2'] },
    ]);
    expect(p.nodes.map((n) => n.name)).toEqual(['x', 'g', 'y']);
    expect((p.nodes[1] as GroupNode).children.map((n) => n.name)).toEqual(['m1', 'm2']);
  });

  it('a group mask is placed relative to the group box', () => {
    const design = testDesign([
      { name: 'm', type: 'shape' },
      {
        name: 'g',
        type: 'group',
        box: [100, 50, 120, 80],
        layer_ids: ['m'],
        properties: { mask: { shape: 'ellipse', width: 60, height: 40 } },
      },
    ]);
    const [g] = planRender({ catalogue: loadFontCatalogue(), design, formatName: 'g' }).nodes as [GroupNode];
    expect(g.mask).toEqual({ shape: 'ellipse', box: { x: 130, y: 70, width: 60, height: 40 }, radius: '50%', rotation: 0 });
  });

  it('shape: rectangle radius, ellipse, gradient fill against its box, stroke, box shadow', () => {
    const [r, e] = plan(
      [
        {
          name: 'r',
          type: 'shape',
          box: [0, 0, 200, 100],
          properties: {
            background_color: 'linear-gradient(0% 0% 100% 100%,0% #ff0000 1,100% #0000ff 0.5)',
            border_radius: 12,
            stroke_width: 3,
            stroke_color: '#000',
          },
        },
        { name: 'e', type: 'shape', properties: { shape_type: 'ellipse', background_color: '#00ff00' } },
      ],
      { r: { shadow_color: '#00000080', shadow_blur: 10 } },
    ).nodes as [ShapeNode, ShapeNode];
    expect(r.radius).toBe('12px');
    expect(r.fill).toMatch(/^linear-gradient\(/);
    expect(r.fill).toContain('rgba(0, 0, 255, 0.5)');
    expect(r.stroke).toEqual({ width: 3, color: '#000000' });
    expect(r.shadow).toMatchObject({ mode: 'box', blur: 10, color: 'rgba(0, 0, 0, 0.502)' });
    expect([e.ellipse, e.radius]).toEqual([true, '50%']);
  });

  it('image: design asset, request URL wins over encoded, fit and position', () => {
    const design = [{ name: 'i', type: 'image', properties: { image_url: 'asset:photo', fitting_type: 'fill', alignment: 'top left' } }];
    const assets = { photo: { src: 'https://example.com/p.png' } };
    const a = plan(design, {}, { assets });
    expect(assetRefsOf(a)).toEqual([{ ref: 'i:image', source: { kind: 'design_asset', name: 'photo' }, purpose: 'image' }]);
    expect(a.nodes[0]).toMatchObject({ kind: 'image', ref: 'i:image', fit: 'contain', position: '0% 0%', focus: null });
    const png1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const b = plan(design, { i: { image_encoded: png1x1 } }, { assets });
    expect(assetRefsOf(b)[0]?.source).toEqual({ kind: 'base64', data: png1x1, contentType: 'image/png' });
    const c = plan(design, { i: { image_url: 'https://example.com/q.jpg', image_encoded: png1x1, auto_focus: true } }, { assets });
    expect(assetRefsOf(c)[0]?.source).toEqual({ kind: 'url', url: 'https://example.com/q.jpg' });
    expect((c.nodes[0] as ImageNode).focus).toEqual({});
    const d = plan(design, { i: { auto_focus: true, auto_focus_model: 'generic', focus_zoom: 'max', focus_target: 'left' } }, { assets });
    expect((d.nodes[0] as ImageNode).focus).toEqual({ model: 'generic', focus_zoom: 'max', focus_target: 'left' });
  });

  it('logo is always contained', () => {
    const p = plan([{ name: 'l', type: 'logo', properties: { image_url: 'https://example.com/l.svg' } }]);
    expect(p.nodes[0]).toMatchObject({ kind: 'logo', fit: 'contain' });
  });

  it('button: label, background, radius, icon precedence and recolor, text shadow', () => {
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>').toString('base64')}`;
    const elements = [
      {
        name: 'b',
        type: 'button',
        properties: {
          payload: 'Go',
          font: 'Inter',
          font_size: 18,
          background_color: '#2563eb',
          border_radius: 8,
          icon_url: 'https://example.com/design.svg',
        },
      },
    ];
    const a = plan(elements).nodes[0] as ButtonNode;
    expect([a.text, a.background, a.radius, a.padding]).toEqual(['Go', '#2563eb', '8px', null]);
    expect(a.icon).toMatchObject({ ref: 'b:icon', size: 18, color: null });
    const b = plan(elements, {
      b: {
        icon_url: 'https://example.com/x.svg',
        icon_encoded: svg,
        icon_color: '#ff0000',
        text_shadow_color: '#000',
        text_shadow_blur: 2,
      },
    });
    expect(assetRefsOf(b)).toEqual([{ ref: 'b:icon', source: { kind: 'url', url: 'https://example.com/x.svg' }, purpose: 'icon' }]);
    const node = b.nodes[0] as ButtonNode;
    expect(node.icon?.color).toBe('#ff0000');
    expect(node.textShadow).toMatchObject({ mode: 'drop', blur: 2, color: '#000000' });
    const c = plan(elements, { b: { icon_encoded: svg } });
    expect(assetRefsOf(c)[0]?.source).toMatchObject({ kind: 'base64', contentType: 'image/svg+xml' });
  });

  it('rating: value out of star_count, colors', () => {
    const [r] = plan([{ name: 'r', type: 'rating', properties: { rating_score: 70 } }], { r: { star_color: '#ff0000' } }).nodes as [
      RatingNode,
    ];
    expect([r.value, r.starCount, r.starColor, r.emptyColor]).toEqual([3.5, 5, '#ff0000', '#eaeaea']);
  });

  it('qrcode: a module path of the payload, colors', () => {
    const [q] = plan([{ name: 'q', type: 'qrcode', properties: { payload: 'https://example.com' } }]).nodes as [QrcodeNode];
    expect(q.size).toBe(25);
    expect(q.path).toMatch(/^M0 0h7v1h-7z/); // the top-left finder pattern
    const [other] = plan([{ name: 'q', type: 'qrcode', properties: { payload: 'something else entirely' } }]).nodes as [QrcodeNode];
    expect(other.path).not.toBe(q.path);
  });

  it('illustration: SVG source and recolor', () => {
    const p = plan([
      {
        name: 'il',
        type: 'illustration',
        properties: { illustration_file: 'https://example.com/a.svg', illustration_properties: { primary_color: '#ff00ff' } },
      },
    ]);
    expect(p.nodes[0]).toMatchObject({ kind: 'illustration', ref: 'il:illustration', recolor: '#ff00ff' });
    expect(assetRefsOf(p)[0]?.purpose).toBe('illustration');
  });

  it('collects the fonts of every text, groups included', () => {
    const p = plan([text('a'), text('b', { font: 'Lobster' }), text('c'), { name: 'g', type: 'group', layer_ids: ['c'] }]);
    expect(p.fonts.map((f) => f.family).sort()).toEqual(['Inter', 'Lobster']);
  });
});

describe('planRender: print designs', () => {
  it('converts physical units at the render dpi and adds the bleed', async () => {
    const { parseDesignDocument } = await import('@pressroom/model');
    const r = parseDesignDocument({
      name: 'p',
      type: 'printer',
      print: { unit: 'mm', dpi: 100, bleed: 3, safe: 0 },
      formats: [{ name: 'a', width: 50.8, height: 25.4, unit: 'mm', background_color: null }],
      elements: [
        {
          name: 's',
          type: 'shape',
          layout: { a: { x: 2.54, y: 2.54, width: 25.4, height: 12.7 } },
          properties: { background_color: 'cmyk(0,100,100,0)' },
        },
      ],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const p = planRender({ catalogue: loadFontCatalogue(), design: r.design, formatName: 'a' });
    const bleedPx = (3 / 25.4) * 100;
    expect(p.width).toBe(Math.round(200 + 2 * bleedPx));
    expect(p.nodes[0]?.box).toEqual({ x: expect.closeTo(bleedPx + 10, 1), y: expect.closeTo(bleedPx + 10, 1), width: 100, height: 50 });
    expect((p.nodes[0] as ShapeNode).fill).toBe('#ff0000');
  });

  it('extends a rectangle touching the trim edge into the bleed; a text on the same edge keeps its box', async () => {
    const { parseDesignDocument } = await import('@pressroom/model');
    const r = parseDesignDocument({
      name: 'p',
      type: 'printer',
      print: { unit: 'mm', dpi: 100, bleed: 3, safe: 0 },
      formats: [{ name: 'a', width: 50.8, height: 25.4, unit: 'mm', background_color: null }],
      elements: [
        { name: 's', type: 'shape', layout: { a: { x: 0, y: 0, width: 25.4, height: 12.7 } }, properties: { background_color: '#ff0000' } },
        { name: 't', type: 'text', layout: { a: { x: 0, y: 0, width: 25.4, height: 12.7 } }, properties: { payload: 'x', font_size: 10 } },
      ],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const p = planRender({ catalogue: loadFontCatalogue(), design: r.design, formatName: 'a' });
    const bleedPx = (3 / 25.4) * 100;
    expect(p.nodes[0]?.box).toEqual({ x: 0, y: 0, width: expect.closeTo(100 + bleedPx, 1), height: expect.closeTo(50 + bleedPx, 1) });
    expect(p.nodes[1]?.box).toEqual({ x: expect.closeTo(bleedPx, 1), y: expect.closeTo(bleedPx, 1), width: 100, height: 50 });
  });
});

describe('planRender: multipage pages and design fonts', () => {
  it('plans one page of a multipage design by its id', async () => {
    const { parseDesignDocument } = await import('@pressroom/model');
    const r = parseDesignDocument({
      name: 'm',
      type: 'printer_multipage',
      print: { unit: 'in', dpi: 72, bleed: 0, safe: 0 },
      page_size: { width: 4, height: 3 },
      pages: [
        {
          elements: [
            { name: 'a', type: 'shape', layout: { x: 1, y: 1, width: 1, height: 1 }, properties: { background_color: 'cmyk(0,0,0,100)' } },
          ],
        },
        {
          elements: [
            {
              name: 'b',
              type: 'text',
              layout: { x: 0, y: 0, width: 4, height: 1 },
              properties: { payload: 'Page two', font: 'Inter', font_size: 12 },
            },
          ],
        },
      ],
    });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const p = planRender({ catalogue: loadFontCatalogue(), design: r.design, formatName: 'page_2' });
    expect([p.width, p.height]).toEqual([288, 216]);
    expect(p.nodes.map((n) => [n.name, n.box])).toEqual([['b', { x: 0, y: 0, width: 288, height: 72 }]]);
    expect((p.nodes[0] as TextNode).fontSize).toBe(12);
  });

  it('a design font is planned by family and listed as a font asset', () => {
    const design = testDesign([text('t', { font: 'Brand Sans', font_weight: 700 })], {
      fonts: [
        { family: 'Brand Sans', weight: 400, src: 'https://example.com/brand-400.woff2' },
        { family: 'Brand Sans', weight: 700, src: 'https://example.com/brand-700.woff2' },
      ],
    });
    const p = planRender({ catalogue: loadFontCatalogue(), design, formatName: 'g' });
    expect((p.nodes[0] as TextNode).font).toEqual({ fontId: null, family: 'Brand Sans', weight: 700, style: 'normal' });
    expect(assetRefsOf(p)).toEqual([
      { ref: 'font:design:Brand Sans/700/normal', source: { kind: 'url', url: 'https://example.com/brand-700.woff2' }, purpose: 'font' },
    ]);
  });
});
