import { describe, expect, it } from 'vitest';
import { FONT_WEIGHTS } from '../fonts/types.js';
import { BOX_ALIGNMENTS, JUSTIFIED_ALIGNMENTS, TEXT_TRANSFORMS } from '../properties/values.js';
import type { OverrideContext } from './context.js';
import { parseOverrides } from './parse.js';
import type { NormalisedOverrides } from './types.js';

const STATIC_SYNC: OverrideContext = { designType: 'static', mode: 'sync' };
const STATIC_ASYNC: OverrideContext = { designType: 'static', mode: 'async' };
const PRINT_ASYNC: OverrideContext = { designType: 'printer', mode: 'async' };

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHSEfHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/';
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>').toString('base64');
const GRADIENT = 'linear-gradient(0% 0% 100% 0%,0% cmyk(0,100,100,0) 1,100% cmyk(0,0,0,0) 1)';

function ok(input: unknown, ctx: OverrideContext = STATIC_SYNC): NormalisedOverrides {
  const result = parseOverrides(input, ctx);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

describe('accepted overrides are normalised', () => {
  it('accepts the bounds themselves', () => {
    const layer = ok({
      t: {
        shadow_offset_x: -200,
        shadow_offset_y: 200,
        shadow_blur: 0,
        skew_y: -20,
        stroke_width: 60,
        payload: 'x'.repeat(10000),
        font_size: 1,
        line_height: 1,
        min_font_size: 0,
        max_lines: 1,
        star_dimension: 400,
        opacity: 0,
      },
    }).layers.t!;
    expect(layer).toMatchObject({ shadow_offset_x: -200, shadow_offset_y: 200, skew_y: -20, stroke_width: 60, star_dimension: 400 });
    expect(layer.payload).toHaveLength(10000);
  });

  it.each([...BOX_ALIGNMENTS, ...JUSTIFIED_ALIGNMENTS])('alignment %s', (alignment) => {
    expect(ok({ t: { alignment } }).layers.t!.alignment).toBe(alignment);
  });
  it.each(FONT_WEIGHTS)('font_weight %s', (w) => expect(ok({ t: { font_weight: w } }).layers.t!.font_weight).toBe(w));
  it.each(TEXT_TRANSFORMS)('text_transform %s', (v) => expect(ok({ t: { text_transform: v } }).layers.t!.text_transform).toBe(v));

  it('converts CMYK to RGB on static designs, solid and in stops', () => {
    const layer = ok({ t: { color: 'cmyk(0,100,100,0)', background_color: GRADIENT, shadow_color: 'cmyka(0,0,0,100,50)' } }).layers.t!;
    expect(layer.color).toEqual({ kind: 'hex', r: 255, g: 0, b: 0, alpha: 1, digits: 6 });
    expect(layer.shadow_color).toEqual({ kind: 'hex', r: 0, g: 0, b: 0, alpha: 0.5, digits: 8 });
    expect(layer.background_color).toMatchObject({
      kind: 'linear-gradient',
      stops: [{ color: { kind: 'hex', r: 255, g: 0, b: 0 } }, { color: { kind: 'hex', r: 255 } }],
    });
  });

  it('keeps CMYK on print designs and accepts a gradient on a layer background_color (checked per type later)', () => {
    const layers = ok({ s: { color: 'cmyk(0,100,100,0)', background_color: GRADIENT } }, PRINT_ASYNC).layers;
    expect(layers.s!.color).toEqual({ kind: 'cmyk', c: 0, m: 100, y: 100, k: 0, alpha: null });
    expect(layers.s!.background_color).toMatchObject({
      kind: 'linear-gradient',
      stops: [{ color: { kind: 'cmyk', m: 100 } }, { color: { kind: 'cmyk' } }],
    });
  });

  it('accepts gradients on text color and root background on static designs', () => {
    const { layers } = ok({ root: { background_color: GRADIENT }, t: { color: 'radial-gradient(50% 50% 50%,0% #000 1,100% #fff 0)' } });
    expect(layers.root!.background_color!.kind).toBe('linear-gradient');
    expect(layers.t!.color!.kind).toBe('radial-gradient');
  });

  it('normalises background_padding', () => {
    expect(ok({ t: { background_padding: '0 10' } }).layers.t!.background_padding).toEqual({ vertical: 0, horizontal: 10 });
    expect(ok({ t: { background_padding: 12 } }).layers.t!.background_padding).toEqual({ vertical: 12, horizontal: 12 });
    expect(ok({ t: { background_padding: '8' } }).layers.t!.background_padding).toEqual({ vertical: 8, horizontal: 8 });
  });

  it('decodes base64 images and data URIs, sniffing the type', () => {
    expect(ok({ i: { image_encoded: PNG } }).layers.i!.image_encoded).toEqual({ mime: 'image/png', base64: PNG });
    expect(ok({ i: { image_encoded: JPEG } }).layers.i!.image_encoded!.mime).toBe('image/jpeg');
    expect(ok({ b: { icon_encoded: `data:image/svg+xml;base64,${SVG}` } }).layers.b!.icon_encoded).toEqual({
      mime: 'image/svg+xml',
      base64: SVG,
    });
  });

  it('the URL wins over the encoded form', () => {
    const layers = ok({
      b: { icon_url: 'https://x.y/i.svg', icon_encoded: PNG },
      i: { image_url: 'http://x.y/a.png', image_encoded: PNG },
    }).layers;
    expect(layers.b).toEqual({ icon_url: 'https://x.y/i.svg' });
    expect(layers.i).toEqual({ image_url: 'http://x.y/a.png' });
  });

  it('drops unknown properties, keeps unknown layer names, treats null as absent', () => {
    const { layers } = ok({ nope: { made_up: 1 }, t: { payload: 'hi', colour: 'red', font_size: null } });
    expect(layers.nope).toEqual({});
    expect(layers.t).toEqual({ payload: 'hi' });
  });

  it('audio_muted takes a boolean, as the design read reports it, or a number 0–1', () => {
    const animated: OverrideContext = { designType: 'animated', mode: 'async' };
    expect(ok({ v: { audio_muted: true } }, animated).layers.v).toMatchObject({ audio_muted: 1 });
    expect(ok({ v: { audio_muted: false } }, animated).layers.v).toMatchObject({ audio_muted: 0 });
    expect(ok({ v: { audio_muted: 0.5 } }, animated).layers.v).toMatchObject({ audio_muted: 0.5 });
  });

  it('async tolerates and ignores bare string values', () => {
    const { layers } = ok({ title: 'Hello', t: { payload: 'x' } }, STATIC_ASYNC);
    expect(Object.keys(layers)).toEqual(['t']);
  });

  it('reads vars as a string map', () => {
    expect(ok({ vars: { first_name: 'Ada' } }).vars).toEqual({ first_name: 'Ada' });
  });

  it('a layer named __proto__ is an ordinary key', () => {
    const value = ok(JSON.parse('{"__proto__": {"payload": "x"}}'));
    expect(Object.keys(value.layers)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(value.layers, '__proto__')?.value).toEqual({ payload: 'x' });
  });

  it('merges the top-level auto-focus settings; auto_focus_properties wins', () => {
    const layer = ok(
      {
        i: {
          auto_focus: true,
          auto_focus_model: 'people',
          focus_zoom: false,
          focus_target: 'left',
          auto_focus_properties: { model: 'generic', focus_target: 'all' },
        },
      },
      STATIC_SYNC,
    ).layers.i!;
    expect(layer).toEqual({ auto_focus: true, auto_focus_properties: { model: 'generic', focus_zoom: 'off', focus_target: 'all' } });
  });

  it('expands the text_to_image string shorthand (async)', () => {
    const layer = ok({ i: { text_to_image: 'a cat, on a mat,https://x.y/1.png,https://x.y/2.png' } }, STATIC_ASYNC).layers.i!;
    expect(layer).toEqual({
      text_to_image: true,
      text_to_image_properties: { prompt: 'a cat, on a mat', inpaint_images: ['https://x.y/1.png', 'https://x.y/2.png'] },
    });
  });

  it('accepts the async AI properties', () => {
    const layer = ok(
      {
        i: {
          text_to_image: true,
          text_to_image_properties: {
            prompt: 'a sleek glass villa',
            model: 'gpt-image-2',
            inpaint_images: Array(16).fill('https://x.y/a.png'),
          },
          upscale: true,
          upscale_properties: { model: 'bria-increase-resolution', upscale_factor: 4 },
          expand: true,
          expand_properties: { model: 'bria-expand' },
          remove_bg: true,
          remove_bg_properties: { model: 'birefnet', remove_bg_crop: true },
        },
      },
      STATIC_ASYNC,
    ).layers.i!;
    expect(layer.text_to_image_properties!.inpaint_images).toHaveLength(16);
    expect(layer.upscale_properties).toEqual({ model: 'bria-increase-resolution', upscale_factor: 4 });
    expect(layer.remove_bg_properties).toEqual({ model: 'birefnet', remove_bg_crop: true });
  });

  it('sync ignores AI *_properties it does not take, and accepts remove_bg and auto_focus', () => {
    const layer = ok({ i: { remove_bg: true, auto_focus: true, upscale_properties: { upscale_factor: 9 } } }).layers.i!;
    expect(layer).toEqual({ remove_bg: true, auto_focus: true });
  });
});
