import { describe, expect, it } from 'vitest';
import { layerTypesFor, PROPERTY_TABLES } from '../design/properties/index.js';
import { DESIGN_TYPES } from '../design/types.js';
import { parseOverrides } from '../overrides/parse.js';
import { describeLayerProperties, type PropertyDescriptor } from './describe.js';

const find = (list: PropertyDescriptor[] | undefined, name: string) => {
  const d = list?.find((p) => p.name === name);
  if (!d) throw new Error(`no descriptor ${name}`);
  return d;
};

describe('describeLayerProperties', () => {
  it('describes every property of every layer type the design type allows, once, and no other type', () => {
    for (const designType of DESIGN_TYPES) {
      const described = describeLayerProperties(designType);
      expect(Object.keys(described).sort()).toEqual([...layerTypesFor(designType)].sort());
      for (const [type, list] of Object.entries(described)) {
        const top = list.filter((d) => !d.name.includes('.')).map((d) => d.name);
        expect(top, `${designType}/${type}`).toEqual(Object.keys(PROPERTY_TABLES[type as keyof typeof PROPERTY_TABLES]));
        expect(new Set(list.map((d) => d.name)).size).toBe(list.length);
      }
    }
    expect(describeLayerProperties('static').video).toBeUndefined();
    expect(describeLayerProperties('animated').video).toBeDefined();
  });

  it('gives each kind: text, font, colour with its gradient rule, url, enum values, booleans, numbers with both ranges', () => {
    const { text, image, shape, button } = describeLayerProperties('static');
    expect(find(text, 'payload')).toMatchObject({ kind: 'text', override: {} });
    expect(find(text, 'font')).toMatchObject({ kind: 'font' });
    expect(find(text, 'color')).toMatchObject({ kind: 'color', color: 'rgb-fill', default: '#000000' });
    expect(find(shape, 'background_color')).toMatchObject({ kind: 'color', color: 'fill' });
    expect(find(image, 'image_url')).toMatchObject({ kind: 'url' });
    expect(find(button, 'icon_url')).toMatchObject({ kind: 'url' });
    expect(find(text, 'text_transform')).toMatchObject({
      kind: 'enum',
      values: ['none', 'uppercase', 'lowercase', 'titlecase', 'capitalize'],
    });
    expect(find(text, 'auto_resize')).toMatchObject({ kind: 'boolean', default: false });
    expect(find(text, 'opacity')).toMatchObject({ kind: 'number', min: 0, max: 100, override: { min: 0, max: 100 } });
    expect(find(text, 'font_weight').override).toEqual({ values: [100, 200, 300, 400, 500, 600, 700, 800, 900] });
    // The override bound that depends on the layer type.
    expect(find(text, 'stroke_width').override).toEqual({ min: 0, max: 40 });
    expect(find(shape, 'stroke_width').override).toEqual({ min: 0, max: 60 });
    // Lengths are integer pixels on RGB designs, floats on print.
    expect(find(text, 'font_size').kind).toBe('integer');
    expect(find(describeLayerProperties('printer').text, 'font_size').kind).toBe('number');
    expect(find(image, 'mask_properties.skew_y')).toMatchObject({ kind: 'number', override: { min: -22, max: 22 } });
  });

  it('marks what a request cannot override as null', () => {
    const { text, button, rating } = describeLayerProperties('static');
    for (const name of ['rotation', 'letter_spacing']) expect(find(text, name).override).toBeNull();
    expect(find(button, 'icon_size').override).toBeNull();
    expect(find(rating, 'star_count').override).toBeNull();
  });

  it('every overridable numeric bound and enum value is one the override parser accepts, and one past a bound it refuses', () => {
    for (const designType of DESIGN_TYPES) {
      for (const [type, list] of Object.entries(describeLayerProperties(designType))) {
        for (const d of list) {
          if (d.override === null || d.name.includes('.')) continue;
          const parse = (value: unknown) => parseOverrides({ l: { [d.name]: value } }, { designType, mode: 'async' }).ok;
          const where = `${designType}/${type}/${d.name}`;
          for (const v of d.override.values ?? []) expect(parse(v), `${where}=${v}`).toBe(true);
          if (d.kind === 'number' || d.kind === 'integer') {
            // stroke_width's own bound per layer type is narrowed later (checkAgainstDesign).
            if (d.override.min !== undefined && d.name !== 'star_dimension') {
              expect(parse(d.override.min), `${where} min`).toBe(true);
              expect(parse(d.override.min - 1), `${where} below`).toBe(false);
            }
            if (d.override.max !== undefined && d.name !== 'stroke_width') {
              expect(parse(d.override.max), `${where} max`).toBe(true);
              expect(parse(d.override.max + 1), `${where} above`).toBe(false);
            }
          }
        }
      }
    }
  });
});
