import { describe, expect, it } from 'vitest';
import type { OverrideContext } from './context.js';
import { type LayerBags, refuseIneffective } from './ineffective.js';
import { parseOverrides } from './parse.js';

const STATIC: OverrideContext = { designType: 'static', mode: 'sync' };

const LAYERS: LayerBags[] = [
  { name: 'title', type: 'text', properties: { payload: 'Hi', side_border: 'none', side_border_thickness: 0 } },
  { name: 'shadowed', type: 'text', properties: { payload: 'Hi', shadow_color: '#000000' } },
  // A shadow colour in one format only: an override can show there.
  { name: 'story-shadow', type: 'text', properties: { payload: 'Hi' }, overrides: { story: { shadow_color: '#000000' } } },
  { name: 'photo', type: 'image', properties: { image_url: 'https://example.com/a.png' } },
  { name: 'duo', type: 'image', properties: { image_url: 'https://example.com/a.png', filter_name: 'duotone' } },
  { name: 'box', type: 'shape', properties: {} },
  { name: 'cta', type: 'button', properties: { payload: 'Go' } },
  { name: 'qr', type: 'qrcode', properties: { payload: 'https://example.com' } },
];

function refused(elements: Record<string, unknown>) {
  const parsed = parseOverrides(elements, STATIC);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return refuseIneffective(parsed.value, LAYERS).map((i) => [i.path, i.code]);
}

describe('refuseIneffective', () => {
  it.each([
    ['a shadow blur without a shadow colour', { title: { shadow_blur: 10 } }, 'elements.title.shadow_blur'],
    ['a shadow offset without a shadow colour', { photo: { shadow_offset_x: -5 } }, 'elements.photo.shadow_offset_x'],
    ['a stroke width without a stroke colour', { photo: { stroke_width: 10 } }, 'elements.photo.stroke_width'],
    ['a stroke colour without a stroke width', { box: { stroke_color: '#ff0000' } }, 'elements.box.stroke_color'],
    ['a side-border thickness with side_border none', { title: { side_border_thickness: 8 } }, 'elements.title.side_border_thickness'],
    ['a side border with no thickness', { title: { side_border: 'left' } }, 'elements.title.side_border'],
    ['a side-border colour with no side border', { title: { side_border_color: '#ff0000' } }, 'elements.title.side_border_color'],
    ['an overlay colour without a direction', { photo: { overlay_color_1: '#ff0000' } }, 'elements.photo.overlay_color_1'],
    ['an overlay direction without a colour', { photo: { overlay_direction: 'vertical' } }, 'elements.photo.overlay_direction'],
    [
      'a duotone palette without the duotone filter',
      { photo: { filter_properties: { name: 'blue_green' } } },
      'elements.photo.filter_properties',
    ],
    ['a mask radius without rounded_corners', { photo: { mask_properties: { radius: 40 } } }, 'elements.photo.mask_properties.radius'],
    ['a pattern colour without a pattern', { box: { pattern_color: '#ff0000' } }, 'elements.box.pattern_color'],
    ['hide_icon on a qrcode with no icon', { qr: { hide_icon: true } }, 'elements.qr.hide_icon'],
    [
      'a qrcode icon hidden in the same request',
      { qr: { image_url: 'https://example.com/i.png', hide_icon: true } },
      'elements.qr.image_url',
    ],
    ['a label shadow blur without a label shadow colour', { cta: { text_shadow_blur: 4 } }, 'elements.cta.text_shadow_blur'],
  ])('refuses %s at its path', (_label, elements, path) => {
    expect(refused(elements)).toEqual([[path, 'invalid_payload']]);
  });

  it('names what the property needs', () => {
    const parsed = parseOverrides({ title: { side_border_color: '#ff0000' } }, STATIC);
    if (!parsed.ok) throw new Error('parse');
    expect(refuseIneffective(parsed.value, LAYERS)[0]!.message).toMatch(/side_border other than "none" and side_border_thickness above 0/);
  });

  it.each([
    ['the enabler sent in the same request', { title: { shadow_blur: 10, shadow_color: '#000' } }],
    ['the enabler set on the layer', { shadowed: { shadow_blur: 10, shadow_offset_y: 4 } }],
    ['the enabler set in one format only', { 'story-shadow': { shadow_offset_x: 6 } }],
    ['both conditions sent', { title: { side_border: 'left', side_border_thickness: 4, side_border_color: '#f00' } }],
    ['the duotone filter on the layer', { duo: { filter_properties: { name: 'blue_green' } } }],
    ['a mask skew alone (it slants without a mask)', { photo: { mask_properties: { skew_y: 10 } } }],
    ['a value equal to the default (turns nothing on)', { title: { shadow_blur: 0, side_border: 'none', stroke_width: 0 } }],
    ['a layer the design does not have', { ghost: { shadow_blur: 10 } }],
    ['the format background', { root: { background_color: '#fff' } }],
  ])('accepts %s', (_label, elements) => {
    expect(refused(elements)).toEqual([]);
  });

  it('reads the request over the layer: null leaves the layer value, a sent value replaces it', () => {
    expect(refused({ shadowed: { shadow_color: null, shadow_blur: 3 } })).toEqual([]);
    const withBorder: LayerBags = { name: 't', type: 'text', properties: { payload: 'x', side_border: 'left', side_border_thickness: 4 } };
    const parsed = parseOverrides({ t: { side_border: 'none', side_border_color: '#f00' } }, STATIC);
    if (!parsed.ok) throw new Error('parse');
    expect(refuseIneffective(parsed.value, [withBorder]).map((i) => i.path)).toEqual(['elements.t.side_border_color']);
  });

  it('uses the prefix of a multipage page', () => {
    const parsed = parseOverrides({ box: { pattern_color: '#ff0000' } }, { designType: 'printer_multipage', mode: 'async' });
    if (!parsed.ok) throw new Error('parse');
    expect(refuseIneffective(parsed.value, LAYERS, ['pages', 'page_2']).map((i) => i.path)).toEqual(['pages.page_2.box.pattern_color']);
  });
});
