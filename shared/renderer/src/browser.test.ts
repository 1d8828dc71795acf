import { loadFontCatalogue } from '@pressroom/platform';
import { describe, expect, it } from 'vitest';
import { catalogueFromJson, colorInSpace, drawFormat, importPlaceOf, momentAt, uploadedCatalogue } from './browser.js';

const catalogue = loadFontCatalogue();

const payload = {
  name: 'Canvas',
  type: 'static',
  formats: [{ name: 'wide', width: 400, height: 200, background_color: '#0A363A' }],
  layers: [
    { name: 'band', type: 'shape', layout: { x: 0, y: 150, width: 400, height: 50 }, properties: { background_color: '#F5C518' } },
    { name: 'title', type: 'text', layout: { x: 20, y: 20, width: 360, height: 80 }, properties: { payload: 'Hello', font_size: 40 } },
  ],
};

describe('the editor canvas entry', () => {
  it("answers an animated design's moment as the frame renderer samples it: a layer hidden before its window, a fade halfway", () => {
    const animated = {
      ...payload,
      type: 'animated',
      animation: { duration: 4 },
      layers: [
        { ...payload.layers[0]!, animation: { start_at_s: 1 } },
        {
          ...payload.layers[1]!,
          animation: {
            tweens: [
              {
                id: 'in',
                type: 'fade',
                keyframes: [
                  { time: 0, attr: { opacity: 0 } },
                  { time: 2, attr: { opacity: 1 } },
                ],
              },
            ],
          },
        },
      ],
    };
    const early = momentAt(animated, 0.5);
    expect(early?.at).toBe(0.5);
    expect(early?.states.find((s) => s.name === 'band')?.visible).toBe(false);
    const later = momentAt(animated, 1);
    expect(later?.states.find((s) => s.name === 'band')?.visible).toBe(true);
    expect(later?.states.find((s) => s.name === 'title')?.opacity).toBeCloseTo(0.5, 5);
    // Past the end, the last moment; a static design has none.
    expect(momentAt(animated, 9)?.at).toBe(4);
    expect(momentAt(payload, 1)).toBeNull();
  });

  it('draws a design stored before the tween rules as the farm renders it, and says what a save would refuse', () => {
    const fade = (from: number, to: number, a: number, b: number) => ({
      type: 'fade',
      keyframes: [
        { time: from, attr: { opacity: a } },
        { time: to, attr: { opacity: b } },
      ],
    });
    const stored = {
      ...payload,
      type: 'animated',
      animation: { duration: 4 },
      layers: [payload.layers[0]!, { ...payload.layers[1]!, animation: { tweens: [fade(0, 2, 0, 1.5), fade(1, 3, 1, 0)] } }],
    };
    const drawn = drawFormat(stored, 'wide', catalogue);
    if (!drawn.ok) throw new Error(JSON.stringify(drawn.issues));
    expect(drawn.document).toContain('data-layer="title"');
    expect(drawn.refused.map((i) => [i.path, i.code])).toEqual([
      ['layers[1].animation.tweens[0].keyframes[1].attr.opacity', 'out_of_range'],
      ['layers[1].animation.tweens[1].keyframes[0].time', 'invalid_payload'],
    ]);
    // It moves as the timeline draws it: the later-started fade governs from 1 s.
    expect(momentAt(stored, 0.5)?.states.find((s) => s.name === 'title')?.opacity).toBeCloseTo(0.375, 9);
    expect(momentAt(stored, 2)?.states.find((s) => s.name === 'title')?.opacity).toBeCloseTo(0.5, 9);
    expect(drawFormat(payload, 'wide', catalogue)).toMatchObject({ ok: true, refused: [] });
  });

  it('draws a payload in the import format as the workers do, every layer with data-layer', () => {
    const drawn = drawFormat(payload, 'wide', catalogue);
    if (!drawn.ok) throw new Error(JSON.stringify(drawn.issues));
    expect(drawn.width).toBe(400);
    expect(drawn.pxPerUnit).toBe(1);
    expect(drawn.document).toContain('data-layer="band"');
    expect(drawn.document).toContain('data-layer="title"');
    expect(drawn.document).toContain('window.__pressroom');
    expect(drawn.boxes.map((b) => b.name)).toEqual(['band', 'title']);
  });

  it('points a drawing of a shipped library at the console route that serves it', () => {
    const icon = {
      ...payload,
      layers: [
        {
          name: 'star',
          type: 'illustration',
          layout: { x: 0, y: 0, width: 50, height: 50 },
          properties: { illustration_type: 'lucide', illustration_file: 'star' },
        },
      ],
    };
    const drawn = drawFormat(icon, 'wide', catalogue);
    if (!drawn.ok) throw new Error(JSON.stringify(drawn.issues));
    expect(drawn.document).toContain('/console/illustrations/lucide/star');
  });

  it('answers the import issues, with their import paths, for a payload the farm would refuse', () => {
    const bad = { ...payload, layers: [{ ...payload.layers[1], properties: { payload: 'x' } }] };
    const drawn = drawFormat(bad, 'wide', catalogue);
    expect(drawn.ok).toBe(false);
    if (drawn.ok) return;
    expect(drawn.issues.map((i) => i.path)).toContain('layers[0].properties.font_size');
  });

  it('scales print designs to their DPI and reports the bleed', () => {
    const print = {
      name: 'Card',
      type: 'printer',
      unit: 'mm',
      formats: [{ name: 'card', width: 85, height: 55, bleed_size: 3 }],
      layers: [
        { name: 'band', type: 'shape', layout: { x: 0, y: 0, width: 85, height: 10 }, properties: { background_color: 'cmyk(0,0,0,100)' } },
      ],
    };
    const drawn = drawFormat(print, 'card', catalogue);
    if (!drawn.ok) throw new Error(JSON.stringify(drawn.issues));
    expect(drawn.bleed).toBe(3);
    expect(drawn.pxPerUnit).toBeCloseTo(300 / 25.4, 0);
    expect(drawn.boxes[0]!.box.x).toBeCloseTo(3 * drawn.pxPerUnit, 0);
  });

  it("puts a picked colour in the design type's space", () => {
    expect(colorInSpace('printer', '#FF0000')).toBe('cmyk(0,100,100,0)');
    expect(colorInSpace('static', 'cmyk(0,100,100,0)').toUpperCase()).toBe('#FF0000');
    expect(colorInSpace('static', '#0A363A')).toBe('#0A363A');
    expect(colorInSpace('printer', 'not a colour')).toBe('not a colour');
  });

  it('places stored property names in the import layer, and turns uploaded fonts into faces', () => {
    expect(importPlaceOf('image', 'image_url')).toEqual({ key: 'src', field: null, onLayer: false });
    expect(importPlaceOf('text', 'shadow_blur')).toEqual({ key: 'shadow', field: 'blur', onLayer: false });
    expect(importPlaceOf('group', 'locked')).toEqual({ key: 'locked', field: null, onLayer: true });
    const own = uploadedCatalogue(
      [{ id: 'font_1', name: 'Brand', available_weights: [400, '700-italic'], category: 'sans-serif', type: 'custom' }],
      (id, weight, style) => `blob:${id}/${weight}/${style}`,
    );
    const merged = catalogueFromJson({ fonts: catalogue.fonts as never, faces: [...catalogue.faces] as never }, own);
    expect(merged.faces.get('font_1')!.map((f) => [f.weight, f.style, f.path])).toEqual([
      [400, 'normal', 'blob:font_1/400/normal'],
      [700, 'italic', 'blob:font_1/700/italic'],
    ]);
  });
});
