import { describe, expect, expectTypeOf, it } from 'vitest';
import { parseColor } from '../color/parse.js';
import type { Color } from '../color/types.js';
import { LAYER_PROPERTIES } from './catalogue.js';
import { type LayerInput, layerInput } from './input.js';
import { LAYER_TYPES } from './layer-types.js';

const black = parseColor('#000000');

describe('layerInput', () => {
  it('lays the catalogue defaults under the properties, and a request override (absent values skipped) over them', () => {
    const input = layerInput(
      'text',
      { payload: 'Hi', font: 'Inter', font_size: 40, line_height: 150 },
      { line_height: 90, color: undefined },
    );
    expect(input.line_height).toBe(90);
    expect(black.ok && input.color).toEqual(black.ok && black.color);
    expect(input.text_transform).toBe('none');
    expect(input.payload).toBe('Hi');
    expect(input.min_font_size).toBeNull();
  });

  it('is fully resolved: every catalogue property of the type is present, null where nothing gives a value', () => {
    for (const type of LAYER_TYPES) {
      const input = layerInput(type, {}, {});
      expect(Object.keys(input).sort()).toEqual(Object.keys(LAYER_PROPERTIES[type]).sort());
      for (const [name, value] of Object.entries(input)) {
        const entry = (LAYER_PROPERTIES[type] as Record<string, { default?: unknown }>)[name]!;
        if (entry.default === undefined) expect(value, `${type}.${name}`).toBeNull();
        else expect(value, `${type}.${name}`).not.toBeNull();
      }
    }
  });

  it('reads each value once: a stored colour parsed, a sent colour kept, padding and mute levels normalised', () => {
    const sent = parseColor('#FF0000');
    if (!sent.ok) throw new Error('unreachable');
    const text = layerInput('text', { payload: 'Hi', font_size: 20, color: '#00FF00', background_padding: '4 8' }, {});
    expect(text.color).toMatchObject({ kind: 'hex' });
    expect(text.background_padding).toEqual({ vertical: 4, horizontal: 8 });
    expect(layerInput('text', { color: '#00FF00' }, { color: sent.color }).color).toBe(sent.color);
    expect(layerInput('video', { video_muted: true }, {}).video_muted).toBe(1);
    expect(layerInput('video', { video_muted: true }, { video_muted: 0.5 }).video_muted).toBe(0.5);
    expect(layerInput('illustration', { illustration_properties: { primary_color: '#112233' } }, {}).illustration_properties).toMatchObject(
      {
        primary_color: { kind: 'hex' },
      },
    );
    expect(layerInput('illustration', {}, {}).illustration_properties).toEqual({ primary_color: null });
  });

  it('types each layer type: defaulted fields are present, absent ones null, a misspelt or foreign property is an error', () => {
    const shape: LayerInput<'shape'> = layerInput('shape', {}, {});
    expectTypeOf(shape.stroke_width).toEqualTypeOf<number>();
    expectTypeOf(shape.background_color).toEqualTypeOf<Color | null>();
    expectTypeOf(shape.pattern_name).toExtend<string | null>();
    expectTypeOf(layerInput('text', {}, {}).color).toEqualTypeOf<Color>();
    expectTypeOf(layerInput('video', {}, {}).video_muted).toEqualTypeOf<number>();
    // @ts-expect-error: a typo is not a property of a shape
    expect(shape.strok_width).toBeUndefined();
    // @ts-expect-error: font_size belongs to text and button layers
    expect(shape.font_size).toBeUndefined();
  });
});
