import { BOX_ALIGNMENTS, DUOTONE_NAMES, MASK_NAMES, PATTERN_NAMES, SHAPE_TYPES } from '@pressroom/model';
import type { RawElement } from '@pressroom/renderer/testing';
import { URLS } from '../golden/resources.js';
import { ANIMATED } from './animated.js';
import type { GalleryEntry } from './entry.js';

export type { GalleryEntry } from './entry.js';

type Box = [number, number, number, number];
const INK = '#0F172A';
const PAPER = '#F8FAFC';
const ACCENT = '#2563EB';

const text = (name: string, box: Box, properties: Record<string, unknown> = {}): RawElement => ({
  name,
  type: 'text',
  box,
  properties: { payload: 'Pressroom', font: 'Inter', font_size: 18, color: INK, ...properties },
});
const frame = (name: string, box: Box): RawElement => ({
  name: `${name}-frame`,
  type: 'shape',
  box,
  properties: { background_color: '#E2E8F0', border_radius: 4 },
});
const shape = (name: string, box: Box, properties: Record<string, unknown> = {}): RawElement => ({
  name,
  type: 'shape',
  box,
  properties: { background_color: ACCENT, ...properties },
});
const button = (name: string, box: Box, properties: Record<string, unknown> = {}): RawElement => ({
  name,
  type: 'button',
  box,
  properties: {
    payload: 'Label',
    font: 'Inter',
    font_size: 16,
    font_weight: 600,
    color: INK,
    background_color: '#FDE68A',
    border_radius: 6,
    ...properties,
  },
});
const image = (name: string, box: Box, properties: Record<string, unknown> = {}): RawElement => ({
  name,
  type: 'image',
  box,
  properties: { image_url: URLS.photo, ...properties },
});

/** Boxes of a grid of `cols` × `rows` cells over a width × height canvas, 6 px apart. */
function grid(i: number, cols: number, rows: number, width = 200, height = 200, gap = 6): Box {
  const w = Math.floor((width - gap * (cols + 1)) / cols);
  const h = Math.floor((height - gap * (rows + 1)) / rows);
  return [gap + (i % cols) * (w + gap), gap + Math.floor(i / cols) * (h + gap), w, h];
}

/** One framed text per value of `property`, the values sent as a request. */
function perValue(
  name: string,
  family: string,
  caption: string,
  property: string,
  values: readonly unknown[],
  cols: number,
  rows: number,
  props: Record<string, unknown> = {},
): GalleryEntry {
  const elements = values.flatMap((_, i) => [
    frame(`t${i}`, grid(i, cols, rows)),
    text(`t${i}`, grid(i, cols, rows), { payload: 'Ab', ...props }),
  ]);
  return {
    name,
    family,
    caption,
    design: { background: PAPER, elements, overrides: Object.fromEntries(values.map((v, i) => [`t${i}`, { [property]: v }])) },
  };
}

const LONG = 'Every layer drawn at exact pixel geometry';

const TEXT: GalleryEntry[] = [
  perValue(
    'alignment-grid',
    'Alignment',
    'The nine box alignments, top left to bottom right',
    'alignment',
    ['top left', 'top center', 'top right', 'middle left', 'middle center', 'middle right', 'bottom left', 'bottom center', 'bottom right'],
    3,
    3,
  ),
  perValue(
    'alignment-single-axis',
    'Alignment',
    'One axis named, the other centred (Abyssale exports top as top center)',
    'alignment',
    ['top', 'middle', 'bottom', 'left', 'center', 'right'],
    3,
    2,
  ),
  perValue(
    'alignment-custom',
    'Alignment',
    '`custom` on an axis keeps the position the design gave the text',
    'alignment',
    ['top custom', 'middle custom', 'bottom custom', 'custom left', 'custom center', 'custom right'],
    3,
    2,
  ),
  {
    name: 'alignment-justify',
    family: 'Alignment',
    caption: 'Justified text (text layers only), last line left and right',
    design: {
      background: PAPER,
      elements: [
        frame('a', [8, 8, 184, 88]),
        text('a', [8, 8, 184, 88], { payload: LONG, font_size: 16 }),
        frame('b', [8, 104, 184, 88]),
        text('b', [8, 104, 184, 88], { payload: LONG, font_size: 16 }),
      ],
      overrides: { a: { alignment: 'top justify' }, b: { alignment: 'justify-right' } },
    },
  },
  {
    name: 'text-transform',
    family: 'Text',
    caption: 'text_transform: uppercase, lowercase, titlecase, capitalize, none',
    design: {
      background: PAPER,
      elements: ['uppercase', 'lowercase', 'titlecase', 'capitalize', 'none'].map((_, i) =>
        text(`t${i}`, [8, 8 + i * 38, 184, 34], { payload: 'the QUICK brown fox', font_size: 15, alignment: 'middle left' }),
      ),
      overrides: Object.fromEntries(
        ['uppercase', 'lowercase', 'titlecase', 'capitalize', 'none'].map((t, i) => [`t${i}`, { text_transform: t }]),
      ),
    },
  },
  {
    name: 'text-stroke',
    family: 'Text effects',
    caption: 'stroke_width and stroke_color',
    design: {
      background: '#FDE68A',
      elements: [
        text('s', [10, 40, 180, 120], { payload: 'INK', font: 'Anton', font_size: 80, color: '#FFFFFF', alignment: 'middle center' }),
      ],
      overrides: { s: { stroke_width: 4, stroke_color: INK } },
    },
  },
  {
    name: 'text-skew',
    family: 'Text effects',
    caption: 'skew_y 12 and -12',
    design: {
      background: PAPER,
      elements: [
        text('up', [10, 30, 180, 60], { payload: 'Skewed', font_size: 34, font_weight: 800, alignment: 'middle center', color: '#7C3AED' }),
        text('down', [10, 110, 180, 60], {
          payload: 'Skewed',
          font_size: 34,
          font_weight: 800,
          alignment: 'middle center',
          color: '#DB2777',
        }),
      ],
      overrides: { up: { skew_y: 12 }, down: { skew_y: -12 } },
    },
  },
  {
    name: 'text-background',
    family: 'Text effects',
    caption: 'background_color with background_padding, on every line',
    design: {
      background: '#1E293B',
      elements: [text('h', [16, 16, 168, 168], { payload: 'Highlighted on every line of text', font_size: 22, font_weight: 700 })],
      overrides: { h: { background_color: '#FACC15', background_padding: '4 8' } },
    },
  },
  {
    name: 'text-gradient',
    family: 'Text effects',
    caption: 'A gradient text colour',
    design: {
      background: PAPER,
      elements: [
        text('g', [8, 40, 184, 120], { payload: 'Glow', font: 'Poppins', font_weight: 800, font_size: 64, alignment: 'middle center' }),
      ],
      overrides: { g: { color: 'linear-gradient(0% 0% 100% 100%,0% #F97316 1,100% #7C3AED 1)' } },
    },
  },
  {
    name: 'text-side-border',
    family: 'Text effects',
    caption: 'side_border left, bottom (rounded, spread) and right (offset)',
    design: {
      background: PAPER,
      elements: [
        text('left', [12, 12, 176, 52], { payload: 'A quote with a border', font_size: 16 }),
        text('bottom', [12, 76, 176, 50], { payload: 'Underlined', font_size: 22, font_weight: 700 }),
        text('right', [12, 140, 176, 48], { payload: 'Right, offset', font_size: 18, alignment: 'middle right' }),
      ],
      overrides: {
        left: { side_border: 'left', side_border_thickness: 6, side_border_color: ACCENT, side_border_padding: 10 },
        bottom: {
          side_border: 'bottom',
          side_border_thickness: 6,
          side_border_color: '#16A34A',
          side_border_rounded: true,
          side_border_padding: 4,
          side_border_spread: 8,
        },
        right: {
          side_border: 'right',
          side_border_thickness: 4,
          side_border_color: '#E11D48',
          side_border_padding: 10,
          side_border_offset: 6,
        },
      },
    },
  },
  {
    name: 'text-line-height-spacing',
    family: 'Text',
    caption: 'line_height 100 and 180; letter_spacing 3',
    design: {
      background: PAPER,
      elements: [
        text('tight', [8, 8, 90, 184], { payload: 'Line height one hundred', font_size: 16 }),
        text('loose', [104, 8, 90, 184], { payload: 'Line height one eighty', font_size: 16 }),
      ],
      overrides: { tight: { line_height: 100 }, loose: { line_height: 180, letter_spacing: 3 } },
    },
  },
  {
    name: 'text-fitting',
    family: 'Text fitting',
    caption: 'auto_resize down to min_font_size; max_lines 2 with truncation',
    design: {
      background: PAPER,
      elements: [
        frame('shrunk', [8, 8, 184, 70]),
        text('shrunk', [8, 8, 184, 70], { payload: LONG, font_size: 36 }),
        frame('cut', [8, 90, 184, 100]),
        text('cut', [8, 90, 184, 100], { payload: `${LONG}, and then some more words`, font_size: 20 }),
      ],
      overrides: { shrunk: { auto_resize: true, min_font_size: 8 }, cut: { max_lines: 2, text_truncation: true } },
    },
  },
  {
    name: 'text-harmony',
    family: 'Text fitting',
    caption: 'text_harmony balances line lengths (bottom) against the plain wrap (top)',
    design: {
      background: PAPER,
      elements: [
        frame('plain', [8, 8, 184, 88]),
        text('plain', [8, 8, 184, 88], { payload: 'Balanced lines make a calmer layout', font_size: 22, font_weight: 700 }),
        frame('balanced', [8, 104, 184, 88]),
        text('balanced', [8, 104, 184, 88], { payload: 'Balanced lines make a calmer layout', font_size: 22, font_weight: 700 }),
      ],
      overrides: { balanced: { text_harmony: true } },
    },
  },
  {
    name: 'text-overflow-clipped',
    family: 'Text fitting',
    caption: 'No fitting option: a text longer than its box is clipped to the box',
    design: {
      background: PAPER,
      elements: [
        frame('t', [20, 20, 160, 60]),
        text('t', [20, 20, 160, 60], { payload: `${LONG}, spilling far below its box`, font_size: 22 }),
      ],
    },
    show: ['t'],
  },
];

TEXT.push({
  name: 'alignment-boxes',
  family: 'Alignment',
  caption: 'alignment of an image (cover crop), a logo, an illustration and a rating in wide boxes',
  design: {
    background: PAPER,
    elements: [
      frame('img', [8, 8, 184, 40]),
      image('img', [8, 8, 184, 40]),
      frame('logo', [8, 56, 184, 40]),
      { name: 'logo', type: 'logo', box: [8, 56, 184, 40], properties: { image_url: URLS.logo } },
      frame('art', [8, 104, 184, 40]),
      { name: 'art', type: 'illustration', box: [8, 104, 184, 40], properties: { illustration_file: URLS.illustration } },
      frame('stars', [8, 152, 184, 40]),
      { name: 'stars', type: 'rating', box: [8, 152, 184, 40], properties: { rating_score: 80, star_dimension: 20, star_margin: 4 } },
    ],
    overrides: {
      img: { alignment: 'top center' },
      logo: { alignment: 'middle right' },
      art: { alignment: 'middle left' },
      stars: { alignment: 'bottom center' },
    },
  },
  show: ['logo', 'art'],
});

const FONTS: GalleryEntry[] = [
  {
    name: 'fonts-latin',
    family: 'Fonts',
    caption: 'Catalogue families by name: Inter, Lobster, Playfair Display, Roboto Mono, Anton',
    design: {
      background: PAPER,
      elements: ['Inter', 'Lobster', 'Playfair Display', 'Roboto Mono', 'Anton'].map((font, i) =>
        text(`f${i}`, [8, 6 + i * 38, 184, 36], { payload: font, font, font_size: 22, alignment: 'middle left' }),
      ),
    },
    show: ['f0', 'f1', 'f2', 'f3', 'f4'],
  },
  {
    name: 'fonts-weights',
    family: 'Fonts',
    caption: 'font_weight 300, 500, 800 and font_style italic',
    design: {
      background: PAPER,
      elements: [0, 1, 2, 3].map((i) =>
        text(`w${i}`, [8, 8 + i * 46, 184, 42], {
          payload: 'Weight',
          font_size: 26,
          alignment: 'middle left',
          ...(i === 3 ? { font_style: 'italic' } : {}),
        }),
      ),
      overrides: { w0: { font_weight: 300 }, w1: { font_weight: 500 }, w2: { font_weight: 800 }, w3: { font_weight: 800 } },
    },
    show: ['w3'],
  },
  {
    name: 'fonts-cjk',
    family: 'Fonts',
    caption: 'Japanese, Korean and Chinese from the Noto fallbacks',
    design: {
      background: PAPER,
      elements: [
        text('ja', [8, 8, 184, 56], { payload: 'こんにちは世界', font_size: 24 }),
        text('ko', [8, 72, 184, 56], { payload: '안녕하세요 세계', font_size: 24 }),
        text('zh', [8, 136, 184, 56], { payload: '你好，世界', font_size: 24 }),
      ],
    },
    show: ['ja', 'ko', 'zh'],
  },
  {
    name: 'fonts-arabic',
    family: 'Fonts',
    caption: 'Arabic lays out right to left in Noto Sans Arabic',
    design: {
      background: PAPER,
      elements: [text('ar', [8, 30, 184, 140], { payload: 'مرحبا بالعالم، هذا نص عربي', font_size: 26, alignment: 'middle right' })],
    },
    show: ['ar'],
  },
  {
    name: 'fonts-emoji',
    family: 'Fonts',
    caption: 'Emoji in Noto Color Emoji, inline with Latin text',
    design: {
      background: PAPER,
      elements: [text('e', [8, 30, 184, 140], { payload: 'Launch 🚀 day 🎉 👩🏽‍💻', font_size: 26, alignment: 'middle center' })],
    },
    show: ['e'],
  },
];

const BUTTONS: GalleryEntry[] = [
  {
    name: 'button-styles',
    family: 'Buttons',
    caption: 'Fill with radius; gradient background; hugging padding with a label shadow; icon on the right, recoloured',
    design: {
      background: PAPER,
      elements: [0, 1, 2, 3].map((i) => ({
        name: `b${i}`,
        type: 'button',
        box: [12, 8 + i * 48, 176, 40] as Box,
        properties: { payload: 'Get started', font: 'Inter', font_size: 16, font_weight: 600, color: '#FFFFFF', background_color: ACCENT },
      })),
      overrides: {
        b0: { background_color: '#16A34A' },
        b1: { background_color: 'linear-gradient(0% 0% 100% 0%,0% #F97316 1,100% #DB2777 1)' },
        b2: {
          background_padding: '6 18',
          text_shadow_color: '#00000099',
          text_shadow_blur: 2,
          text_shadow_offset_x: 2,
          text_shadow_offset_y: 2,
        },
        b3: { icon_url: URLS.icon, icon_color: '#FFFFFF' },
      },
    },
    show: ['b0'],
  },
  {
    name: 'button-layout',
    family: 'Buttons',
    caption: 'A hugging button placed top left in its frame; label left with an icon on the right (size, gap); label right; auto_resize',
    design: {
      background: PAPER,
      elements: [
        frame('hug', [12, 8, 176, 44]),
        button('hug', [12, 8, 176, 44], { background_padding: '6 12', alignment: 'top left', border_radius: 14 }),
        button('icon', [12, 58, 176, 40], { text_align: 'left', icon_url: URLS.icon, icon_size: 24, icon_gap: 40, icon_position: 'right' }),
        button('right', [12, 104, 176, 40], { text_align: 'right' }),
        button('fit', [12, 150, 176, 40], { payload: 'A label far too long for its button', auto_resize: true, min_font_size: 8 }),
      ],
    },
    show: ['hug', 'icon', 'right', 'fit'],
  },
];

const IMAGES: GalleryEntry[] = [
  {
    name: 'image-fitting',
    family: 'Images',
    caption: 'fitting_type cover (top) and fill (bottom); alignment middle left',
    design: {
      background: PAPER,
      elements: [image('cover', [8, 8, 184, 88]), image('fill', [8, 104, 90, 88]), image('left', [104, 104, 88, 88])],
      overrides: { cover: { fitting_type: 'cover' }, fill: { fitting_type: 'fill' }, left: { alignment: 'middle left' } },
    },
    show: ['cover'],
  },
  {
    name: 'image-offset-zoom',
    family: 'Images',
    caption:
      'position_offset_x/y move the picture inside its box; zoom 160 and 60 around the anchor; a logo zoomed and offset; an empty image slot draws nothing',
    design: {
      background: PAPER,
      elements: [
        frame('offset', [8, 8, 88, 88]),
        image('offset', [8, 8, 88, 88], { position_offset_x: 16, position_offset_y: -12 }),
        image('zoom', [104, 8, 88, 88], { zoom: 160, alignment: 'top left' }),
        frame('small', [8, 104, 88, 88]),
        image('small', [8, 104, 88, 88], { zoom: 60, fitting_type: 'fill' }),
        { name: 'brand', type: 'logo', box: [104, 104, 88, 40], properties: { image_url: URLS.logo, zoom: 80, position_offset_x: 8 } },
        frame('empty', [104, 152, 88, 40]),
        { name: 'empty', type: 'image', box: [104, 152, 88, 40], properties: {} },
      ],
    },
    show: ['offset', 'zoom', 'small', 'brand', 'empty'],
  },
  {
    name: 'image-masks',
    family: 'Masks',
    caption: 'mask_name: circle, rounded_corners, blob, squircle, pentagon, hexagon, parallelogram, window',
    design: {
      background: PAPER,
      elements: MASK_NAMES.map((_, i) => image(`m${i}`, grid(i, 3, 3))),
      overrides: Object.fromEntries(MASK_NAMES.map((m, i) => [`m${i}`, { mask_name: m }])),
    },
  },
  {
    name: 'image-mask-skew',
    family: 'Masks',
    caption: 'mask_properties.skew_y 15 on a plain box and -15 on a rounded mask',
    design: {
      background: PAPER,
      elements: [image('a', [16, 30, 76, 140]), image('b', [108, 30, 76, 140])],
      overrides: {
        a: { mask_properties: { skew_y: 15 } },
        b: { mask_name: 'rounded_corners', mask_properties: { radius: 16, skew_y: -15 } },
      },
    },
  },
  {
    name: 'image-filters-overlay',
    family: 'Images',
    caption: 'grayscale; overlays horizontal, vertical, diagonal; stroke',
    design: {
      background: PAPER,
      elements: [0, 1, 2, 3].map((i) => image(`i${i}`, grid(i, 2, 2))),
      overrides: {
        i0: { filter_name: 'grayscale' },
        i1: { overlay_direction: 'horizontal', overlay_color_1: '#DB2777', overlay_color_2: '#2563EB' },
        i2: { overlay_direction: 'diagonal', overlay_color_1: '#F97316', overlay_color_2: '#16A34A', stroke_width: 4, stroke_color: INK },
        i3: { overlay_direction: 'vertical', overlay_color_1: '#FACC15' },
      },
    },
  },
  ...DUOTONE_NAMES.map(
    (palette): GalleryEntry => ({
      name: `duotone-${palette}`,
      family: 'Duotone',
      caption: `filter_name duotone, palette ${palette}`,
      design: {
        width: 120,
        height: 90,
        background: PAPER,
        elements: [image('photo', [0, 0, 120, 90])],
        overrides: { photo: { filter_name: 'duotone', filter_properties: { name: palette } } },
      },
    }),
  ),
];

const SHAPES: GalleryEntry[] = [
  {
    name: 'shape-gradients',
    family: 'Gradients',
    caption: 'Linear and radial gradients (two and three stops, a transparent stop)',
    design: {
      background: PAPER,
      elements: [shape('linear', [8, 8, 88, 88]), shape('radial', [104, 8, 88, 88]), shape('fade', [8, 104, 184, 88])],
      overrides: {
        linear: { background_color: 'linear-gradient(0% 0% 100% 100%,0% #F97316 1,100% #7C3AED 1)' },
        radial: { background_color: 'radial-gradient(50% 50% 50%,0% #FDE047 1,60% #EA580C 1,100% #7F1D1D 1)' },
        fade: { background_color: 'linear-gradient(0% 0% 100% 0%,0% #2563EB 1,100% #2563EB 0)' },
      },
    },
  },
  {
    name: 'shape-outline',
    family: 'Shapes',
    caption: 'Rectangle with per-corner radii, ellipse, inner stroke',
    design: {
      background: PAPER,
      elements: [
        shape('corners', [8, 8, 88, 88], { border_radius: { tl: 40, tr: 0, br: 40, bl: 0 } }),
        shape('ellipse', [104, 8, 88, 88], { shape_type: 'ellipse' }),
        shape('stroke', [8, 104, 184, 88], { border_radius: 12, background_color: '#FDE68A' }),
      ],
      overrides: { stroke: { stroke_width: 6, stroke_color: INK } },
    },
    show: ['corners', 'ellipse'],
  },
  {
    name: 'shape-geometries',
    family: 'Shapes',
    caption: `shape_type: ${SHAPE_TYPES.join(', ')}`,
    design: {
      width: 300,
      height: 200,
      background: PAPER,
      elements: SHAPE_TYPES.map((type, i) => shape(`g${i}`, grid(i, 6, 4, 300, 200), { shape_type: type })),
    },
    show: ['g2', 'g23'],
  },
  {
    name: 'shape-geometries-styled',
    family: 'Shapes',
    caption: 'Geometries with a corner radius, an inner stroke, a gradient, a pattern and a shadow that follow the outline',
    design: {
      background: PAPER,
      elements: [
        shape('rounded', [8, 8, 88, 88], { shape_type: 'triangle', border_radius: 12 }),
        shape('stroked', [104, 8, 88, 88], { shape_type: 'star', background_color: '#FDE68A', stroke_width: 4, stroke_color: INK }),
        shape('gradient', [8, 104, 88, 88], {
          shape_type: 'heart',
          background_color: 'linear-gradient(0% 0% 100% 100%,0% #F97316 1,100% #7C3AED 1)',
        }),
        shape('patterned', [104, 104, 88, 88], {
          shape_type: 'hexagon',
          background_color: '#FEF3C7',
          pattern_name: 'cross',
          pattern_color: '#B45309',
          shadow_color: '#0F172A80',
          shadow_blur: 6,
          shadow_offset_x: 4,
          shadow_offset_y: 4,
        }),
      ],
    },
    show: ['rounded', 'stroked', 'gradient', 'patterned'],
  },
  ...PATTERN_NAMES.map(
    (pattern): GalleryEntry => ({
      name: `pattern-${pattern}`,
      family: 'Patterns',
      caption: `pattern_name ${pattern}`,
      design: {
        width: 120,
        height: 90,
        background: PAPER,
        elements: [shape('s', [6, 6, 108, 78], { background_color: '#FEF3C7', border_radius: 10 })],
        overrides: { s: { pattern_name: pattern, pattern_color: '#B45309' } },
      },
    }),
  ),
];

const SHADOWS: GalleryEntry[] = [
  {
    name: 'shadows',
    family: 'Shadows',
    caption: 'Box shadow on a shape and a button; drop shadow following a text, an image mask and an illustration',
    design: {
      background: PAPER,
      elements: [
        shape('card', [12, 12, 80, 60], { background_color: '#FFFFFF', border_radius: 8 }),
        {
          name: 'btn',
          type: 'button',
          box: [108, 22, 80, 40],
          properties: { payload: 'Go', font: 'Inter', font_size: 16, color: '#FFFFFF', background_color: ACCENT, border_radius: 20 },
        },
        text('txt', [12, 90, 80, 40], { payload: 'Drop', font_size: 26, font_weight: 800, color: '#F97316' }),
        image('img', [108, 84, 80, 80], { mask_name: 'circle' }),
        { name: 'art', type: 'illustration', box: [20, 140, 56, 56], properties: { illustration_file: URLS.illustration } },
      ],
      overrides: {
        card: { shadow_color: '#0F172A55', shadow_blur: 10, shadow_offset_x: 0, shadow_offset_y: 6 },
        btn: { shadow_color: '#1D4ED8AA', shadow_blur: 6, shadow_offset_x: 0, shadow_offset_y: 4 },
        txt: { shadow_color: '#0F172A88', shadow_blur: 2, shadow_offset_x: 3, shadow_offset_y: 3 },
        img: { shadow_color: '#0F172A88', shadow_blur: 8, shadow_offset_x: 4, shadow_offset_y: 4 },
        art: { shadow_color: '#14532D88', shadow_blur: 3, shadow_offset_x: 4, shadow_offset_y: 4 },
      },
    },
  },
  {
    name: 'opacity-rotation-hidden',
    family: 'Every layer',
    caption: 'opacity 40, rotation 20, and a hidden layer (the red square is not drawn)',
    design: {
      background: PAPER,
      elements: [
        shape('base', [20, 60, 80, 80], { background_color: '#16A34A' }),
        shape('faded', [60, 40, 80, 80]),
        shape('turned', [110, 100, 70, 70], { background_color: '#F97316' }),
        shape('gone', [10, 10, 40, 40], { background_color: '#DC2626' }),
      ],
      overrides: { faded: { opacity: 40 }, turned: { rotation: 20 }, gone: { hidden: true } },
    },
  },
];

/** A group of three squares in a 180 px row (or column) with auto-layout settings. */
function autoLayout(direction: 'horizontal' | 'vertical'): GalleryEntry {
  const placements = ['start', 'center', 'end', 'space-between'] as const;
  const elements: RawElement[] = [];
  placements.forEach((placement, row) => {
    const members = ['#DC2626', '#16A34A', '#2563EB'].map((color, k): RawElement => {
      const at = 20 + k * 50;
      const lane = 12 + row * 46;
      return {
        name: `${placement}-${k}`,
        type: 'shape',
        box: direction === 'horizontal' ? [at, lane, 34, 34] : [lane, at, 34, 34],
        properties: { background_color: color, border_radius: 6 },
      };
    });
    elements.push(frame(placement, direction === 'horizontal' ? [10, 10 + row * 46, 180, 38] : [10 + row * 46, 10, 38, 180]));
    elements.push(...members, {
      name: placement,
      type: 'group',
      box: direction === 'horizontal' ? [10, 10 + row * 46, 180, 38] : [10 + row * 46, 10, 38, 180],
      layer_ids: members.map((m) => m.name),
      properties: { auto_layout: true, direction, placement, gap: 8 },
    });
  });
  return {
    name: `auto-layout-${direction}`,
    family: 'Auto-layout',
    caption: `direction ${direction}, placement start, center, end, space-between, gap 8 (the grey band is the group box)`,
    design: { background: PAPER, elements },
    show: [...placements],
  };
}

/** Both rating paints as gradients. */
const RATING_GRADIENTS = {
  rating_score: 70,
  star_dimension: 32,
  star_margin: 4,
  star_color: 'linear-gradient(0% 0% 100% 0%,0% #F97316 1,100% #DC2626 1)',
  background_color: 'linear-gradient(0% 0% 0% 100%,0% #E2E8F0 1,100% #94A3B8 1)',
};

/** The 9-cell alignment of an auto-layout run: one group per cell. */
function autoLayoutAlignment(): GalleryEntry {
  // The nine two-word cells, in reading order.
  const rank = (a: string) =>
    ['top', 'middle', 'bottom'].indexOf(a.split(' ')[0]!) * 3 + ['left', 'center', 'right'].indexOf(a.split(' ')[1]!);
  const cells = BOX_ALIGNMENTS.filter((a) => a.includes(' ') && !a.includes('custom')).sort((a, b) => rank(a) - rank(b));
  const elements: RawElement[] = [];
  cells.forEach((alignment, i) => {
    const box = grid(i, 3, 3);
    const members = ['#DC2626', '#2563EB'].map(
      (color, k): RawElement => ({
        name: `c${i}-${k}`,
        type: 'shape',
        box: [box[0] + k * 20, box[1], 14, 14 + k * 6],
        properties: { background_color: color, border_radius: 3 },
      }),
    );
    elements.push(frame(`c${i}`, box), ...members, {
      name: `c${i}`,
      type: 'group',
      box,
      layer_ids: members.map((m) => m.name),
      properties: { auto_layout: true, alignment, gap: 4 },
    });
  });
  return {
    name: 'auto-layout-alignment',
    family: 'Auto-layout',
    caption: 'alignment: the nine cells of a horizontal run (the grey band is the group box)',
    design: { background: PAPER, elements },
    show: ['c0', 'c4', 'c8'],
  };
}

const GROUPS: GalleryEntry[] = [
  autoLayout('horizontal'),
  autoLayout('vertical'),
  autoLayoutAlignment(),
  {
    name: 'auto-layout-hidden-member',
    family: 'Auto-layout',
    caption: 'A member hidden by the request takes no room: the others close up',
    design: {
      background: PAPER,
      elements: [
        shape('a', [20, 80, 40, 40], { background_color: '#DC2626' }),
        shape('b', [80, 80, 40, 40], { background_color: '#16A34A' }),
        shape('c', [140, 80, 40, 40]),
        {
          name: 'row',
          type: 'group',
          box: [10, 70, 180, 60],
          layer_ids: ['a', 'b', 'c'],
          properties: { auto_layout: true, direction: 'horizontal', placement: 'center', gap: 10 },
        },
      ],
      overrides: { b: { hidden: true } },
    },
    show: ['row'],
  },
  {
    name: 'group-masks',
    family: 'Masks',
    caption: 'Group masks: ellipse, rectangle with radius, and a rectangle turned 30° around its centre',
    design: {
      background: PAPER,
      elements: [
        image('p1', [0, 0, 100, 100]),
        {
          name: 'ellipse',
          type: 'group',
          box: [0, 0, 100, 100],
          layer_ids: ['p1'],
          properties: { mask: { shape: 'ellipse', width: 90, height: 70 } },
        },
        image('p2', [100, 0, 100, 100]),
        {
          name: 'rounded',
          type: 'group',
          box: [100, 0, 100, 100],
          layer_ids: ['p2'],
          properties: { mask: { shape: 'rectangle', width: 80, height: 80, radius: 20 } },
        },
        image('p3', [0, 100, 200, 100]),
        {
          name: 'turned',
          type: 'group',
          box: [0, 100, 200, 100],
          layer_ids: ['p3'],
          properties: { mask: { shape: 'rectangle', width: 140, height: 40, rotation: 30 } },
        },
      ],
    },
    show: ['ellipse', 'rounded', 'turned'],
  },
];

const MARKS: GalleryEntry[] = [
  {
    name: 'illustrations-named',
    family: 'Illustrations',
    caption: 'Named drawings of the bundled Lucide set, as drawn and recoloured by primary_color',
    design: {
      background: PAPER,
      elements: ['leaf', 'coffee', 'rocket', 'badge-percent', 'heart', 'map-pin'].map(
        (file, i): RawElement => ({
          name: `i${i}`,
          type: 'illustration',
          box: grid(i, 3, 2),
          properties: { illustration_type: 'lucide', illustration_file: file },
        }),
      ),
      overrides: {
        i1: { illustration_properties: { primary_color: '#B45309' } },
        i2: { illustration_properties: { primary_color: '#7C3AED' } },
        i4: { illustration_properties: { primary_color: '#DC2626' } },
        i5: { illustration_properties: { primary_color: '#16A34A' } },
      },
    },
    show: ['i0', 'i3'],
  },
  {
    name: 'illustrations-libraries',
    family: 'Illustrations',
    caption: 'feather, material_icons (filled and outlined) and twemoji drawings, read from their npm packages',
    design: {
      background: PAPER,
      elements: (
        [
          ['feather', 'feather'],
          ['feather', 'camera'],
          ['material_icons', 'home'],
          ['material_icons', 'outlined/favorite'],
          ['twemoji', '1f389'],
          ['twemoji', '🚀'],
        ] as const
      ).map(
        ([library, file], i): RawElement => ({
          name: `l${i}`,
          type: 'illustration',
          box: grid(i, 3, 2),
          properties: { illustration_type: library, illustration_file: file },
        }),
      ),
      overrides: {
        l1: { illustration_properties: { primary_color: '#2563EB' } },
        l3: { illustration_properties: { primary_color: '#DC2626' } },
      },
    },
    show: ['l0', 'l2', 'l3', 'l5'],
  },
  {
    name: 'rating-defaults-gradients',
    family: 'Rating, QR code, logo',
    caption: 'rating_score default (100) and 50 in the default colours; gradient star_color and background_color',
    design: {
      background: PAPER,
      elements: [
        { name: 'full', type: 'rating', box: [10, 10, 180, 40], properties: { star_dimension: 28, star_margin: 6 } },
        { name: 'half', type: 'rating', box: [10, 60, 180, 40], properties: { rating_score: 50, star_dimension: 28, star_margin: 6 } },
        { name: 'gradient', type: 'rating', box: [10, 120, 180, 60], properties: RATING_GRADIENTS },
      ],
    },
    show: ['full', 'half', 'gradient'],
  },
  {
    name: 'rating',
    family: 'Rating, QR code, logo',
    caption: 'rating_score 70 of five stars; four stars with custom colours, right aligned',
    design: {
      background: PAPER,
      elements: [
        { name: 'r1', type: 'rating', box: [10, 40, 180, 40], properties: { rating_score: 70, star_dimension: 28, star_margin: 6 } },
        {
          name: 'r2',
          type: 'rating',
          box: [10, 110, 180, 50],
          properties: {
            rating_score: 50,
            star_count: 4,
            star_dimension: 28,
            star_margin: 6,
            background_color: '#FDE68A',
            alignment: 'middle right',
          },
        },
      ],
      overrides: { r2: { star_color: '#DC2626', rating_score: 84, star_margin: 10 } },
    },
    show: ['r1', 'r2'],
  },
  {
    name: 'qrcode-logo',
    family: 'Rating, QR code, logo',
    caption: 'QR code with colours and a centre icon; one with its icon hidden; a logo contained in its box, aligned left',
    design: {
      background: PAPER,
      elements: [
        {
          name: 'qr',
          type: 'qrcode',
          box: [8, 8, 110, 110],
          properties: { payload: 'https://pressroom.example/gallery', error_correction: 'H' },
        },
        {
          name: 'qr2',
          type: 'qrcode',
          box: [126, 8, 66, 66],
          properties: { payload: 'https://pressroom.example/gallery', image_url: URLS.icon },
        },
        { name: 'brand', type: 'logo', box: [8, 130, 184, 62], properties: { image_url: URLS.logo } },
      ],
      overrides: {
        qr: { foreground_color: '#1E3A8A', background_color: '#FFFFFF', image_url: URLS.icon },
        qr2: { hide_icon: true },
        brand: { alignment: 'middle left' },
      },
    },
    show: ['qr', 'brand'],
  },
  {
    name: 'logo-radius',
    family: 'Rating, QR code, logo',
    caption:
      "a logo's border_radius (the import's radius; Abyssale's logo page) rounds its box and clips the picture, here zoomed to fill it: 24 on every corner, and per corner",
    design: {
      background: '#CBD5E1',
      elements: [
        { name: 'round', type: 'logo', box: [8, 8, 184, 88], properties: { image_url: URLS.photo, zoom: 300, border_radius: 24 } },
        {
          name: 'corners',
          type: 'logo',
          box: [8, 104, 184, 88],
          properties: { image_url: URLS.photo, zoom: 300, border_radius: { tl: 40, tr: 0, br: 40, bl: 0 } },
        },
      ],
    },
    show: ['round', 'corners'],
  },
  {
    name: 'qrcode-margin',
    family: 'Rating, QR code, logo',
    caption: 'QR code margin 0, 2 (the default) and 8 modules; an icon without a level set raises it to H; a blank payload draws nothing',
    design: {
      background: '#CBD5E1',
      elements: [
        ...[0, 2, 8].map(
          (margin, i): RawElement => ({
            name: `m${margin}`,
            type: 'qrcode',
            box: grid(i, 3, 2),
            properties: { payload: 'https://pressroom.example/margin', margin },
          }),
        ),
        {
          name: 'icon',
          type: 'qrcode',
          box: grid(3, 3, 2),
          properties: { payload: 'https://pressroom.example/margin', image_url: URLS.icon },
        },
        { name: 'blank', type: 'qrcode', box: grid(4, 3, 2), properties: { payload: '' } },
      ],
    },
    show: ['m0', 'm8', 'icon', 'blank'],
  },
];

export const GALLERY: GalleryEntry[] = [...TEXT, ...FONTS, ...BUTTONS, ...IMAGES, ...SHAPES, ...SHADOWS, ...GROUPS, ...MARKS, ...ANIMATED];

/** The JSON the page shows under an entry's picture. */
export function shownJson(entry: GalleryEntry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (entry.design.animation) out.animation = entry.design.animation;
  if (entry.design.overrides && Object.keys(entry.design.overrides).length > 0) out.elements = entry.design.overrides;
  if (entry.show) {
    out.design_layers = entry.design.elements
      .filter((e) => entry.show!.includes(e.name))
      .map((e) => ({
        name: e.name,
        type: e.type,
        ...(e.layer_ids ? { layer_ids: e.layer_ids } : {}),
        properties: e.properties,
        ...(e.animation === undefined ? {} : { animation: e.animation }),
      }));
  }
  return out;
}
