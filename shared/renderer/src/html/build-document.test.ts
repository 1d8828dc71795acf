import { loadFontCatalogue } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { planRender } from '../plan/plan-render.js';
import { testDesign, testOverrides } from '../testing/design.js';
import { buildDocument, buildFrame, buildLayers, fontStackCss } from './build-document.js';

const options = {
  assetUrl: (ref: string) => `https://assets.pressroom.internal/${ref}`,
  fontCss: '/* fonts */',
  fontStack: (f: { family: string; fontId: string | null; weight: number; style: 'normal' | 'italic' }) =>
    fontStackCss(f, ['Noto Sans', 'Noto Color Emoji']),
};

function html(elements: Parameters<typeof testDesign>[0], overrides: Record<string, unknown> = {}) {
  return buildDocument(
    planRender({ catalogue: loadFontCatalogue(), design: testDesign(elements), formatName: 'g', overrides: testOverrides(overrides) }),
    options,
  );
}

describe('buildDocument', () => {
  it('escapes text so a payload cannot become markup', () => {
    const doc = html([
      { name: 't', type: 'text', properties: { payload: '<img src=x onerror=alert(1)>&"', font: 'Inter', font_size: 20 } },
    ]);
    expect(doc).toContain('&#60;img src=x onerror=alert(1)&#62;&#38;&#34;');
    expect(doc).not.toContain('<img src=x');
  });

  it('marks text for bidi detection and appends the fallback stack', () => {
    const doc = html([{ name: 't', type: 'text', properties: { payload: 'مرحبا', font: 'Lobster', font_size: 20 } }]);
    expect(doc).toContain('dir="auto"');
    expect(doc).toContain('font-family:&#34;Lobster&#34;, &#34;Noto Sans&#34;, &#34;Noto Color Emoji&#34;, sans-serif');
  });

  it('references no URL but the provided asset URLs', () => {
    const doc = html(
      [
        { name: 'i', type: 'image', properties: { image_url: 'https://example.com/a.png' } },
        { name: 'b', type: 'button', properties: { payload: 'Go', font: 'Inter', font_size: 12, icon_url: 'https://example.com/i.svg' } },
      ],
      { b: { icon_color: '#ff0000' } },
    );
    const urls = [...doc.matchAll(/https?:\/\/[^\s"')&]+/g)].map((m) => m[0]);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((u) => !u.startsWith('https://assets.pressroom.internal/') && !u.startsWith('http://www.w3.org/'))).toEqual([]);
  });

  it('sizes the canvas and positions layers in pixels', () => {
    const doc = html([{ name: 's', type: 'shape', box: [12, 34, 56, 78], properties: { background_color: '#000000' } }]);
    expect(doc).toContain('width: 320px; height: 240px');
    expect(doc).toContain('left:12px;top:34px;width:56px;height:78px');
  });

  it('draws a hidden layer not at all', () => {
    const doc = html([{ name: 'secret', type: 'shape', properties: { background_color: '#000000' } }], { secret: { hidden: true } });
    expect(doc).not.toContain('data-layer="secret"');
  });

  it('carries fitting instructions for the page script', () => {
    const doc = html([{ name: 't', type: 'text', properties: { payload: 'x', font: 'Inter', font_size: 30 } }], {
      t: { auto_resize: true, min_font_size: 8, max_lines: 2 },
    });
    expect(doc).toContain('data-fit="{&#34;size&#34;:30,&#34;min&#34;:8,&#34;maxLines&#34;:2');
    expect(doc).toContain('window.__pressroom');
  });
});

describe('buildLayers', () => {
  const plan = (payload: string) =>
    planRender({
      catalogue: loadFontCatalogue(),
      design: testDesign([
        { name: 'bg', type: 'shape', properties: { background_color: '#ff0000' } },
        { name: 't', type: 'text', properties: { payload: 'Hello', font: 'Inter', font_size: 20 } },
      ]),
      formatName: 'g',
      overrides: testOverrides({ t: { payload } }),
    });

  it('cuts the frame at its top-level layers: one string each, the frame being the canvas around them', () => {
    const layers = buildLayers(plan('Hi'), options);
    expect(layers.layers).toHaveLength(2);
    expect(layers.canvas).toMatch(/^<div id="pr-canvas" style="[^"]*"><\/div>$/);
    expect(buildFrame(plan('Hi'), options).html).toBe(`${layers.canvas.slice(0, -6)}\n${layers.layers.join('\n')}\n</div>`);
  });

  it('changes only the layer whose input changed (what a warm page replaces)', () => {
    const a = buildLayers(plan('One'), options).layers;
    const b = buildLayers(plan('Two'), options).layers;
    expect(a[0]).toBe(b[0]);
    expect(a[1]).not.toBe(b[1]);
  });
});
