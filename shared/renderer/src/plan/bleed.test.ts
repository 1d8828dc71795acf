import { typedLayerInput } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { bleedsWithTrim, extendIntoBleed } from './bleed.js';

const page = { width: 1000, height: 600 };
const bleed = 36;

describe('extendIntoBleed', () => {
  it('extends every side that touches the trim edge to the bleed edge', () => {
    // Trim is 36…964 × 36…564.
    expect(extendIntoBleed({ x: 36, y: 36, width: 928, height: 528 }, page, bleed)).toEqual({ x: 0, y: 0, width: 1000, height: 600 });
    expect(extendIntoBleed({ x: 36, y: 100, width: 200, height: 50 }, page, bleed)).toEqual({ x: 0, y: 100, width: 236, height: 50 });
    expect(extendIntoBleed({ x: 800, y: 500, width: 164, height: 64 }, page, bleed)).toEqual({ x: 800, y: 500, width: 200, height: 100 });
  });

  it('counts half a pixel short of the edge as touching, and a box already in the bleed as crossing', () => {
    expect(extendIntoBleed({ x: 36.4, y: 100, width: 10, height: 10 }, page, bleed).x).toBe(0);
    expect(extendIntoBleed({ x: 20, y: 100, width: 30, height: 10 }, page, bleed)).toMatchObject({ x: 0, width: 50 });
  });

  it('leaves boxes inside the trim, wholly in the bleed, or without bleed alone', () => {
    const inside = { x: 40, y: 40, width: 100, height: 100 };
    expect(extendIntoBleed(inside, page, bleed)).toEqual(inside);
    const outside = { x: 0, y: 100, width: 30, height: 10 };
    expect(extendIntoBleed(outside, page, bleed)).toEqual(outside);
    expect(extendIntoBleed({ x: 0, y: 0, width: 1000, height: 600 }, page, 0)).toEqual({ x: 0, y: 0, width: 1000, height: 600 });
  });
});

describe('bleedsWithTrim', () => {
  const layer = (type: 'shape' | 'image' | 'text' | 'logo', props: Record<string, unknown>) => typedLayerInput(type, props, {});
  it('takes plain rectangles and cover images', () => {
    expect(bleedsWithTrim(layer('shape', { background_color: '#000000' }))).toBe(true);
    expect(bleedsWithTrim(layer('image', { image_url: 'asset:a' }))).toBe(true);
  });
  it('keeps shapes and images whose geometry would change, and every other layer type', () => {
    expect(bleedsWithTrim(layer('shape', { shape_type: 'ellipse' }))).toBe(false);
    expect(bleedsWithTrim(layer('shape', { border_radius: 4 }))).toBe(false);
    expect(bleedsWithTrim(layer('shape', { border_radius: { tl: 0, tr: 3, br: 0, bl: 0 } }))).toBe(false);
    expect(bleedsWithTrim(layer('shape', { stroke_width: 2, stroke_color: '#000000' }))).toBe(false);
    expect(bleedsWithTrim(layer('shape', { rotation: 10 }))).toBe(false);
    expect(bleedsWithTrim(layer('image', { fitting_type: 'fill' }))).toBe(false);
    expect(bleedsWithTrim(layer('image', { mask_name: 'circle' }))).toBe(false);
    expect(bleedsWithTrim(layer('text', { payload: 'x', font_size: 10 }))).toBe(false);
    expect(bleedsWithTrim(layer('logo', {}))).toBe(false);
  });
});
