import type { Easing, Tween } from '@pressroom/model';
import type { RawElement } from '@pressroom/renderer/testing';
import { URLS } from '../golden/resources.js';
import type { GalleryEntry } from './entry.js';

/**
 * The gallery's animated entries (docs/gallery/, "Animation"; docs/animation.md): what each
 * animation feature does, pictured as a strip of frames at `stills`, left to right, each drawn by
 * Chromium as a frame-range job draws it. Short timelines (2 s) at the gallery's 200 px, so that
 * compositor-cases.e2e.test.ts can draw every one both ways, composited and in Chromium, cheaply.
 */

type Box = [number, number, number, number];
const INK = '#0F172A';
const PAPER = '#F8FAFC';
const ACCENT = '#2563EB';
const WARM = '#F97316';
const DURATION = 2;

type Keys = [time: number, attr: Record<string, number | string>, easing?: Easing][];
const tween = (id: string, type: Tween['type'], keys: Keys) => ({
  id,
  type,
  keyframes: keys.map(([time, attr, easing]) => ({ time, attr, easing: easing ?? 'linear' })),
});
const animation = (tweens: ReturnType<typeof tween>[], start: number | null = null, end: number | null = null) => ({
  start_at_s: start,
  end_at_s: end,
  tweens,
});
const typing = (split: 'letter' | 'word', from: number, to: number) =>
  tween(`type-${split}`, 'textEffect', [
    [from, { typewriting: 0, textEffectType: 'classic', textEffectSplit: split, textEffectTiming: 'in' }],
    [to, { typewriting: 100, textEffectType: 'classic', textEffectSplit: split, textEffectTiming: 'in' }],
  ]);

const text = (name: string, box: Box, properties: Record<string, unknown>, anim?: object): RawElement => ({
  name,
  type: 'text',
  box,
  properties: { payload: 'Pressroom', font: 'Inter', font_size: 22, font_weight: 700, color: INK, ...properties },
  ...(anim ? { animation: anim } : {}),
});
const shape = (name: string, box: Box, properties: Record<string, unknown>, anim?: object): RawElement => ({
  name,
  type: 'shape',
  box,
  properties: { background_color: ACCENT, ...properties },
  ...(anim ? { animation: anim } : {}),
});

/** One animated entry: every layer it names in `show` is pictured with its `animation`. */
function entry(
  name: string,
  caption: string,
  elements: RawElement[],
  stills: number[],
  options: { width?: number; height?: number; chromiumBecause?: GalleryEntry['chromiumBecause'] } = {},
): GalleryEntry {
  return {
    name,
    family: 'Animation',
    caption: `${caption} (frames at ${stills.map((s) => `${s} s`).join(', ')})`,
    design: {
      background: PAPER,
      elements,
      animation: { duration: DURATION, screenshot_at_s: stills.at(-1)! },
      ...(options.width ? { width: options.width } : {}),
      ...(options.height ? { height: options.height } : {}),
    },
    show: elements.filter((e) => e.animation !== undefined).map((e) => e.name),
    stills,
    ...(options.chromiumBecause ? { chromiumBecause: options.chromiumBecause } : {}),
  };
}

const STILLS = [0, 0.4, 0.8, 1.6];

export const ANIMATED: GalleryEntry[] = [
  entry(
    'animation-fade',
    'fade: opacity keyframes (0–1) times the layer’s own opacity: a card fades in, a badge at 60 % of its own 70 % fades out',
    [
      shape(
        'card',
        [20, 30, 160, 90],
        { border_radius: 12 },
        animation([
          tween('card-in', 'fade', [
            [0.2, { opacity: 0 }],
            [1, { opacity: 1 }],
          ]),
        ]),
      ),
      shape(
        'badge',
        [60, 130, 80, 50],
        { background_color: WARM, border_radius: 25, opacity: 70 },
        animation([
          tween('badge-out', 'fade', [
            [0.4, { opacity: 1 }],
            [1.4, { opacity: 0.6 }],
          ]),
        ]),
      ),
    ],
    STILLS,
  ),
  entry(
    'animation-slide',
    'slide: a pixel offset {left, top} from the layer’s box; a card comes in from the left, a title rises with its shadow',
    [
      shape(
        'card',
        [20, 20, 160, 80],
        { border_radius: 10 },
        animation([
          tween('card-in', 'slide', [
            [0, { left: -180, top: 0 }],
            [1, { left: 0, top: 0 }],
          ]),
        ]),
      ),
      text(
        'title',
        [20, 120, 160, 50],
        { shadow_color: '#94A3B8', shadow_blur: 2, shadow_offset_x: 3, shadow_offset_y: 3 },
        animation([
          tween('title-up', 'slide', [
            [0.4, { left: 0, top: 60 }],
            [1.2, { left: 0, top: 0 }],
          ]),
        ]),
      ),
    ],
    STILLS,
  ),
  entry(
    'animation-scale',
    'scale: percent around the box centre; a button pops 40 → 115 → 100 %, a dot grows to 160 %',
    [
      {
        name: 'cta',
        type: 'button',
        box: [30, 40, 140, 56],
        properties: {
          payload: 'Buy now',
          font: 'Inter',
          font_size: 18,
          font_weight: 700,
          color: '#FFFFFF',
          background_color: ACCENT,
          border_radius: 28,
        },
        animation: animation([
          tween('cta-pop', 'scale', [
            [0.2, { scale: 40 }, 'ease-out'],
            [0.8, { scale: 115 }, 'ease-in-out'],
            [1.2, { scale: 100 }],
          ]),
        ]),
      },
      shape(
        'dot',
        [85, 130, 30, 30],
        { shape_type: 'ellipse', background_color: WARM },
        animation([
          tween('dot-grow', 'scale', [
            [0, { scale: 100 }],
            [1.6, { scale: 160 }],
          ]),
        ]),
      ),
    ],
    STILLS,
  ),
  entry(
    'animation-rotate',
    'rotate: degrees added to the layer’s own rotation; a star turns a full circle, a label already at 20° swings to −20°',
    [
      shape(
        'star',
        [60, 20, 80, 80],
        { shape_type: 'star', background_color: WARM },
        animation([
          tween('star-spin', 'rotate', [
            [0, { angle: 0 }],
            [2, { angle: 360 }],
          ]),
        ]),
      ),
      text(
        'label',
        [30, 120, 140, 50],
        { rotation: 20, alignment: 'middle center', background_color: '#DBEAFE' },
        animation([
          tween('label-swing', 'rotate', [
            [0.4, { angle: 0 }, 'ease-in-out'],
            [1.6, { angle: -40 }],
          ]),
        ]),
      ),
    ],
    STILLS,
  ),
  entry(
    'animation-typewriting-letter',
    'textEffect typewriting split by letter: 0–100 % of the characters shown, each in its fitted place (the text never re-wraps)',
    [
      text(
        'headline',
        [16, 40, 168, 120],
        { payload: 'Every frame, typed letter by letter', font_size: 24 },
        animation([typing('letter', 0.2, 1.6)]),
      ),
    ],
    [0.2, 0.6, 1, 1.6],
  ),
  entry(
    'animation-typewriting-word',
    'textEffect typewriting split by word: whole words appear, on every line of the fitted text',
    [
      text(
        'headline',
        [16, 30, 168, 140],
        { payload: 'Words arrive one at a time on every line', font_size: 24, alignment: 'top center' },
        animation([typing('word', 0.2, 1.6)]),
      ),
    ],
    [0.2, 0.6, 1, 1.6],
  ),
  entry(
    'animation-visibility-windows',
    'start_at_s / end_at_s: each layer shown from its start (inclusive) to its end (exclusive); three cards take turns, the last stays',
    [
      shape('one', [20, 50, 100, 100], { background_color: '#DC2626', border_radius: 8 }, animation([], 0, 0.6)),
      shape('two', [50, 50, 100, 100], { background_color: '#16A34A', border_radius: 8 }, animation([], 0.6, 1.2)),
      shape('three', [80, 50, 100, 100], { border_radius: 8 }, animation([], 1.2, null)),
    ],
    [0, 0.6, 1.2, 1.6],
  ),
  entry(
    'animation-group-window',
    'a group carries a visibility window only: its members appear with it at 0.6 s, one of them sliding on its own',
    [
      shape('panel', [20, 40, 160, 120], { background_color: '#E2E8F0', border_radius: 12 }),
      text('name', [36, 60, 128, 40], { payload: 'New in', font_size: 20 }),
      shape(
        'bar',
        [36, 110, 128, 20],
        { background_color: WARM, border_radius: 10 },
        animation([
          tween('bar-in', 'slide', [
            [0.6, { left: -40, top: 0 }],
            [1.2, { left: 0, top: 0 }],
          ]),
        ]),
      ),
      {
        name: 'box',
        type: 'group',
        box: [20, 40, 160, 120],
        layer_ids: ['panel', 'name', 'bar'],
        properties: {},
        animation: animation([], 0.6, null),
      },
    ],
    [0.4, 0.6, 0.8, 1.6],
  ),
  entry(
    'animation-easing',
    'easing of each keyframe’s segment: linear, ease-in, ease-out, ease-in-out, the same slide from the left',
    (['linear', 'ease-in', 'ease-out', 'ease-in-out'] as const).map((easing, i) =>
      shape(
        `e${i}`,
        [150, 20 + i * 42, 36, 30],
        { background_color: [ACCENT, '#DC2626', '#16A34A', WARM][i], border_radius: 6 },
        animation([
          tween(`e${i}-move`, 'slide', [
            [0, { left: -140, top: 0 }, easing],
            [1.6, { left: 0, top: 0 }],
          ]),
        ]),
      ),
    ),
    [0, 0.4, 0.8, 1.6],
  ),
  entry(
    'animation-several-layers',
    'several layers moving at once: a photo scales in, a logo fades, a title types while a button slides up and pops',
    [
      {
        name: 'photo',
        type: 'image',
        box: [0, 0, 200, 110],
        properties: { image_url: URLS.photo },
        animation: animation([
          tween('photo-zoom', 'scale', [
            [0, { scale: 130 }, 'ease-out'],
            [1.2, { scale: 100 }],
          ]),
          tween('photo-fade', 'fade', [
            [0, { opacity: 0 }],
            [0.6, { opacity: 1 }],
          ]),
        ]),
      },
      {
        name: 'logo',
        type: 'logo',
        box: [8, 8, 50, 30],
        properties: { image_url: URLS.logo },
        animation: animation([
          tween('logo-in', 'fade', [
            [0.4, { opacity: 0 }],
            [1, { opacity: 1 }],
          ]),
        ]),
      },
      text('title', [12, 116, 176, 30], { payload: 'Summer sale', font_size: 22 }, animation([typing('letter', 0.3, 1.1)])),
      {
        name: 'cta',
        type: 'button',
        box: [50, 152, 100, 36],
        properties: {
          payload: 'Shop',
          font: 'Inter',
          font_size: 16,
          font_weight: 700,
          color: '#FFFFFF',
          background_color: WARM,
          border_radius: 18,
        },
        animation: animation([
          tween('cta-up', 'slide', [
            [0.6, { left: 0, top: 40 }, 'ease-out'],
            [1.1, { left: 0, top: 0 }],
          ]),
          tween('cta-pop', 'scale', [
            [1.1, { scale: 100 }],
            [1.3, { scale: 112 }],
            [1.5, { scale: 100 }],
          ]),
        ]),
      },
    ],
    [0.2, 0.6, 1, 1.6],
  ),
  entry(
    'animation-wide-format',
    'a non-square format (320×100, a leaderboard banner): slides and typewriting in a wide box',
    [
      shape(
        'stripe',
        [0, 0, 90, 100],
        { background_color: ACCENT },
        animation([
          tween('stripe-in', 'slide', [
            [0, { left: -90, top: 0 }, 'ease-out'],
            [0.6, { left: 0, top: 0 }],
          ]),
        ]),
      ),
      text('title', [104, 14, 204, 40], { payload: 'Launch week', font_size: 26 }, animation([typing('word', 0.4, 1)])),
      text(
        'sub',
        [104, 58, 204, 28],
        { payload: 'Every format, every frame', font_size: 16, font_weight: 400, color: '#475569' },
        animation([
          tween('sub-fade', 'fade', [
            [0.8, { opacity: 0 }],
            [1.4, { opacity: 1 }],
          ]),
        ]),
      ),
    ],
    [0.2, 0.8, 1.1, 1.6],
    { width: 320, height: 100 },
  ),
  entry(
    'animation-group-opacity',
    'a moving layer inside a group with its own opacity: the group fades both members together, so Chromium draws every frame (fallback group_effect)',
    [
      shape('back', [30, 40, 140, 120], { background_color: '#DC2626', border_radius: 12 }),
      shape(
        'front',
        [60, 70, 80, 60],
        { border_radius: 8 },
        animation([
          tween('front-in', 'slide', [
            [0, { left: 0, top: 50 }],
            [1, { left: 0, top: 0 }],
          ]),
        ]),
      ),
      { name: 'pair', type: 'group', box: [30, 40, 140, 120], layer_ids: ['back', 'front'], properties: { opacity: 50 } },
    ],
    [0, 0.4, 0.8, 1.6],
    { chromiumBecause: 'group_effect' },
  ),
  entry(
    'animation-typewriting-turned',
    'typewriting on a text turned by its own rotation: its characters’ boxes are not upright, so Chromium draws every frame (fallback typewriting_transformed)',
    [
      text(
        'headline',
        [20, 60, 160, 80],
        { payload: 'Typed at an angle', rotation: -12, alignment: 'middle center' },
        animation([typing('letter', 0.2, 1.4)]),
      ),
    ],
    [0.2, 0.6, 1, 1.6],
    { chromiumBecause: 'typewriting_transformed' },
  ),
];
