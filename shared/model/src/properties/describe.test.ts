import { describe, expect, it } from 'vitest';
import { FONT_WEIGHTS } from '../fonts/types.js';
import { LAYER_PROPERTIES } from './catalogue.js';
import { describeLayerProperties, type PropertyDescriptor } from './describe.js';
import { DESIGN_TYPES } from './layer-types.js';
import { BOX_ALIGNMENTS, SHAPE_TYPES, TEXT_ALIGNMENTS } from './values.js';

const find = (layers: Partial<Record<string, PropertyDescriptor[]>>, type: string, name: string) => {
  const found = layers[type]?.find((d) => d.name === name);
  if (found === undefined) throw new Error(`${type}.${name} is not described`);
  return found;
};

describe('describeLayerProperties', () => {
  const statics = describeLayerProperties('static');
  const animated = describeLayerProperties('animated');

  it('describes the layer types the design type allows, every catalogue property once', () => {
    expect(Object.keys(statics).sort()).toEqual(['button', 'group', 'illustration', 'image', 'logo', 'qrcode', 'rating', 'shape', 'text']);
    expect(Object.keys(animated)).toContain('video');
    expect(Object.keys(describeLayerProperties('printer_multipage'))).not.toContain('audio');
    for (const [type, descriptors] of Object.entries(animated)) {
      const names = descriptors!.map((d) => d.name);
      expect(new Set(names).size, type).toBe(names.length);
      const top = names.filter((n) => !n.includes('.'));
      const expected = Object.keys(LAYER_PROPERTIES[type as keyof typeof LAYER_PROPERTIES]).filter(
        (n) => type !== 'group' || !['auto_layout', 'direction', 'placement', 'gap'].includes(n),
      );
      expect(top, type).toEqual(expected);
    }
    expect(statics.group!.map((d) => d.name)).toContain('auto_layout');
  });

  it('gives numbers their design range and the range a request may send on that layer type', () => {
    expect(find(statics, 'text', 'font_size')).toMatchObject({ kind: 'number', min: 1, max: 2000, override: { min: 1 } });
    expect(find(statics, 'text', 'stroke_width')).toMatchObject({ min: 0, max: 1000, override: { min: 0, max: 40 }, default: 0 });
    expect(find(statics, 'button', 'stroke_width').override).toEqual({ min: 0, max: 40 });
    expect(find(statics, 'shape', 'stroke_width').override).toEqual({ min: 0, max: 60 });
    expect(find(statics, 'rating', 'star_count')).toMatchObject({ kind: 'integer', min: 1, max: 10, override: null });
    expect(find(statics, 'rating', 'star_dimension').override).toEqual({ min: 0, max: 400 });
    expect(find(statics, 'image', 'mask_properties.skew_y')).toMatchObject({
      kind: 'number',
      min: -22,
      max: 22,
      override: { min: -22, max: 22 },
    });
  });

  it("gives the import's narrower bound where it has one (what an import or a document PUT takes)", () => {
    expect(find(statics, 'shape', 'rotation')).toMatchObject({ min: -360, max: 360 });
    // A rotation is a turn: its bound's ends are the same value, so a step past one comes round.
    expect(find(statics, 'shape', 'rotation').import).toEqual({ min: 0, max: 360, circular: true });
    const circular = Object.values(statics).flatMap((list) => (list ?? []).filter((d) => d.import?.circular).map((d) => d.name));
    expect(new Set(circular)).toEqual(new Set(['rotation']));
    expect(find(statics, 'shape', 'opacity').import).toEqual({ min: 0, max: 100, integer: true });
    expect(find(statics, 'rating', 'rating_score').import).toEqual({ min: 0, max: 100, integer: true });
    expect(find(statics, 'rating', 'star_count').import).toEqual({ min: 5, max: 5, integer: true });
    expect(find(statics, 'shape', 'shadow_blur').import).toEqual({ min: 0, max: 200 });
    expect(find(statics, 'button', 'text_shadow_blur').import).toEqual({ min: 0, max: 200 });
    expect(find(statics, 'text', 'font_size').import).toBeUndefined();
  });

  it('gives enums their values, per layer type', () => {
    expect(find(statics, 'text', 'alignment')).toMatchObject({ kind: 'enum', values: TEXT_ALIGNMENTS, default: 'top left' });
    expect(find(statics, 'text', 'alignment').override).toEqual({ values: TEXT_ALIGNMENTS });
    expect(find(statics, 'button', 'alignment').override).toEqual({ values: BOX_ALIGNMENTS });
    expect(find(statics, 'text', 'font_weight')).toMatchObject({ kind: 'integer', min: 100, max: 900, override: { values: FONT_WEIGHTS } });
    expect(find(statics, 'shape', 'shape_type')).toMatchObject({ kind: 'enum', values: [...SHAPE_TYPES], override: null });
    expect(find(statics, 'image', 'filter_properties.name').values).toContain('blue_green');
  });

  it('names the colour kind, the other kinds, and what a request cannot set', () => {
    expect(find(statics, 'text', 'color')).toMatchObject({ kind: 'color', color: 'rgb-fill', default: '#000000', override: {} });
    expect(find(statics, 'shape', 'background_color').color).toBe('fill');
    // A design's rating colours take a gradient; a request's do not (docs/overrides.md).
    expect(find(statics, 'rating', 'background_color').color).toBe('rgb-fill');
    expect(find(statics, 'text', 'font').kind).toBe('font');
    expect(find(statics, 'image', 'image_url').kind).toBe('url');
    expect(find(statics, 'text', 'auto_resize').kind).toBe('boolean');
    expect(find(statics, 'text', 'rotation').override).toBeNull();
    expect(find(statics, 'group', 'mask')).toMatchObject({ kind: 'object', override: null });
    // A code layer cannot be targeted at all: not even its shared properties.
    for (const d of animated.code!) expect(d.override, d.name).toBeNull();
  });

  it('is plain data', () => {
    for (const designType of DESIGN_TYPES) {
      const layers = describeLayerProperties(designType);
      expect(JSON.parse(JSON.stringify(layers))).toEqual(layers);
    }
  });
});
