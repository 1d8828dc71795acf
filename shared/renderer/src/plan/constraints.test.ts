import { LAYER_CONSTRAINTS, type StaticDesign } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { parseTestDesign, testDesign } from '../testing/design.js';

/** The design parser's answer for one layer (the issues it refuses with, as the error message). */
function refusal(type: string, properties: Record<string, unknown>): string {
  try {
    testDesign([{ name: 'l', type, properties }]);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('layer constraints: a value that would have no effect is refused at validation, with its path', () => {
  it('a radius on a geometry without corners, and per-corner radii off the rectangle', () => {
    expect(refusal('shape', { shape_type: 'ellipse', border_radius: 12 })).toMatch(/border_radius.*unsupported_for_type.*no corner/);
    expect(refusal('shape', { shape_type: 'heart', border_radius: { tl: 4, tr: 4, br: 4, bl: 4 } })).toMatch(/unsupported_for_type/);
    expect(refusal('shape', { shape_type: 'triangle', border_radius: { tl: 4, tr: 0, br: 0, bl: 0 } })).toMatch(
      /one radius for every corner/,
    );
    expect(refusal('shape', { shape_type: 'triangle', border_radius: 4 })).toBe('accepted');
    expect(refusal('shape', { shape_type: 'rectangle', border_radius: { tl: 4, tr: 0, br: 0, bl: 0 } })).toBe('accepted');
    expect(refusal('shape', { shape_type: 'ellipse', border_radius: 0 })).toBe('accepted');
  });

  it('primary_color on twemoji is dropped with a warning (Abyssale accepts it); undraw, which is not shipped, is refused by name', () => {
    const twemoji = parseTestDesign([
      {
        name: 'l',
        type: 'illustration',
        properties: { illustration_type: 'twemoji', illustration_file: '1f389', illustration_properties: { primary_color: '#FF0000' } },
      },
    ]);
    expect(twemoji.ok).toBe(true);
    expect(twemoji.warnings).toContainEqual(
      expect.objectContaining({
        code: 'property_dropped_for_type',
        path: 'elements[0].properties.illustration_properties.primary_color',
        layer: 'l',
      }),
    );
    if (twemoji.ok) expect((twemoji.design as StaticDesign).elements[0]!.properties).toMatchObject({ illustration_properties: {} });
    expect(refusal('illustration', { illustration_type: 'undraw', illustration_file: 'astronaut' })).toMatch(
      /illustration_type.*unsupported_for_type.*undraw library is not shipped/,
    );
    expect(refusal('illustration', { illustration_type: 'icons8', illustration_file: 'x' })).toMatch(/unknown_enum_value/);
  });

  it('a QR icon given as a data URL of more than 1 MB', () => {
    const big = `data:image/png;base64,${'A'.repeat(1_400_000)}`;
    expect(refusal('qrcode', { payload: 'x', image_url: big })).toMatch(/image_url.*out_of_range.*1 MB/);
    expect(refusal('qrcode', { payload: 'x', image_url: `data:image/png;base64,${'A'.repeat(1000)}` })).toBe('accepted');
  });

  it('the empty slots and the blank QR payload are valid layers, with Abyssale defaults', () => {
    const design = testDesign([
      { name: 'img', type: 'image' },
      { name: 'logo', type: 'logo' },
      { name: 'qr', type: 'qrcode' },
      { name: 'stars', type: 'rating' },
    ]);
    const props = Object.fromEntries(
      (design as StaticDesign).elements.map((e) => [e.name, e.properties as unknown as Record<string, unknown>]),
    );
    expect(props.img!.image_url).toBeUndefined();
    expect(props.qr).toMatchObject({ payload: '', margin: 2 });
    expect(props.qr!.error_correction).toBeUndefined();
    expect(props.stars).toMatchObject({ rating_score: 100, star_color: '#FFCD59', background_color: '#EAEAEA' });
    expect(Object.keys(LAYER_CONSTRAINTS).sort()).toEqual(['illustration', 'qrcode', 'shape']);
  });
});
