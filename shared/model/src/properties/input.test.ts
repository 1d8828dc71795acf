import { describe, expect, it } from 'vitest';
import { type LayerInput, layerInput } from './input.js';

describe('layerInput', () => {
  it('lays the catalogue defaults under the properties, and a request override (absent values skipped) over them', () => {
    const input = layerInput(
      'text',
      { payload: 'Hi', font: 'Inter', font_size: 40, line_height: 150 },
      { line_height: 90, color: undefined },
    );
    expect(input.line_height).toBe(90);
    expect(input.color).toBe('#000000');
    expect(input.text_transform).toBe('none');
    expect(input.payload).toBe('Hi');
    expect(input.min_font_size).toBeUndefined();
  });

  it('types each layer type: defaulted fields are present, a misspelt or foreign property is an error', () => {
    const shape: LayerInput<'shape'> = layerInput('shape', {}, {});
    const width: number = shape.stroke_width;
    const pattern: string | undefined = shape.pattern_name;
    expect([width, pattern]).toEqual([0, undefined]);
    // @ts-expect-error: a typo is not a property of a shape
    expect(shape.strok_width).toBeUndefined();
    // @ts-expect-error: font_size belongs to text and button layers
    expect(shape.font_size).toBeUndefined();
    // @ts-expect-error: an optional property may be absent
    const fill: string = layerInput('shape', {}, {}).background_color;
    expect(fill).toBeUndefined();
  });
});
