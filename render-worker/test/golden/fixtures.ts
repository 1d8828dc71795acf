import type { RawElement } from '@pressroom/renderer/testing';
import { URLS } from './resources.js';

export interface Fixture {
  name: string;
  elements: RawElement[];
  overrides?: Record<string, unknown>;
  background?: string | null;
  variables?: Record<string, string>;
  assets?: Record<string, { src: string }>;
  /** Families that must draw every glyph of the texts (no system fallback, no .notdef). */
  glyphFamilies?: string[];
}

type Box = [number, number, number, number];
const INK = '#0f172a';
const PAPER = '#f8fafc';

const text = (name: string, box: Box, properties: Record<string, unknown>): RawElement => ({
  name,
  type: 'text',
  box,
  properties: { font: 'Inter', font_size: 20, color: INK, ...properties },
});
/** A pale frame showing a text box, so alignment inside it is visible. */
const frame = (name: string, box: Box): RawElement => ({
  name: `${name}-frame`,
  type: 'shape',
  box,
  properties: { background_color: '#e2e8f0', border_radius: 4 },
});
const framed = (name: string, box: Box, properties: Record<string, unknown>) => [frame(name, box), text(name, box, properties)];

const GRID_ALIGNMENTS = [
  'top left',
  'top center',
  'top right',
  'middle left',
  'middle center',
  'middle right',
  'bottom left',
  'bottom center',
  'bottom right',
];
const SINGLE_ALIGNMENTS = ['top', 'middle', 'bottom', 'left', 'center', 'right'];
const CUSTOM_ALIGNMENTS = ['top custom', 'middle custom', 'bottom custom', 'custom left', 'custom center', 'custom right', 'custom custom'];

/** Boxes of a 3-column grid over the 320×240 canvas. */
function grid(i: number, cols = 3, rows = 3): Box {
  const w = Math.floor((320 - 8 * (cols + 1)) / cols);
  const h = Math.floor((240 - 8 * (rows + 1)) / rows);
  return [8 + (i % cols) * (w + 8), 8 + Math.floor(i / cols) * (h + 8), w, h];
}

const alignmentFixture = (name: string, values: string[], rows: number): Fixture => ({
  name,
  background: PAPER,
  elements: values.flatMap((alignment, i) => framed(`a${i}`, grid(i, 3, rows), { payload: 'Ab', font_size: 18, alignment })),
});

const LONG = 'Pressroom renders every layer of a design at exact pixel geometry';

export const FIXTURES: Fixture[] = [
  alignmentFixture('text-alignment-grid', GRID_ALIGNMENTS, 3),
  alignmentFixture('text-alignment-single-axis', SINGLE_ALIGNMENTS, 2),
  alignmentFixture('text-alignment-custom', CUSTOM_ALIGNMENTS, 3),
  {
    name: 'text-alignment-justify',
    background: PAPER,
    elements: [
      ...framed('j', [10, 10, 300, 105], { payload: LONG, font_size: 18, alignment: 'top justify' }),
      ...framed('jr', [10, 125, 300, 105], { payload: LONG, font_size: 18, alignment: 'justify-right' }),
    ],
  },
  {
    name: 'text-line-height',
    background: PAPER,
    elements: [
      ...framed('tight', [10, 10, 145, 220], { payload: 'Line height at one hundred percent', font_size: 20, line_height: 100 }),
      ...framed('loose', [165, 10, 145, 220], { payload: 'Line height at one hundred eighty', font_size: 20, line_height: 180 }),
    ],
  },
  {
    name: 'text-skew',
    background: PAPER,
    elements: [
      text('up', [20, 30, 280, 60], {
        payload: 'Skewed up',
        font_size: 36,
        font_weight: 800,
        skew_y: 12,
        alignment: 'middle center',
        color: '#7c3aed',
      }),
      text('down', [20, 140, 280, 60], {
        payload: 'Skewed down',
        font_size: 36,
        font_weight: 800,
        skew_y: -12,
        alignment: 'middle center',
        color: '#db2777',
      }),
    ],
  },
  {
    name: 'text-stroke',
    background: '#fde68a',
    elements: [
      text('s', [10, 40, 300, 160], {
        payload: 'STROKE',
        font: 'Anton',
        font_size: 80,
        color: '#ffffff',
        stroke_width: 4,
        stroke_color: INK,
        alignment: 'middle center',
      }),
    ],
  },
  {
    name: 'text-transform',
    background: PAPER,
    elements: ['uppercase', 'lowercase', 'titlecase', 'capitalize', 'none'].map((t, i) =>
      text(t, [16, 12 + i * 44, 288, 40], {
        payload: `${t}: the QUICK brown fox`,
        font_size: 15,
        text_transform: t,
        alignment: 'middle left',
      }),
    ),
  },
  {
    name: 'text-background-padding',
    background: '#1e293b',
    elements: [
      text('one', [20, 20, 280, 90], {
        payload: 'Highlighted on every line of text',
        font_size: 22,
        font_weight: 700,
        background_color: '#facc15',
        background_padding: 4,
      }),
      text('two', [20, 130, 280, 90], {
        payload: 'Padding six by twelve',
        font_size: 22,
        font_weight: 700,
        color: '#ffffff',
        background_color: '#e11d48',
        background_padding: '6 12',
        alignment: 'middle center',
      }),
    ],
  },
  {
    name: 'text-side-border',
    background: PAPER,
    elements: [
      text('left', [20, 16, 280, 60], {
        payload: 'A quote with a side border on the left',
        font_size: 18,
        side_border: 'left',
        side_border_thickness: 6,
        side_border_color: '#2563eb',
        side_border_padding: 12,
      }),
      text('bottom', [20, 96, 280, 50], {
        payload: 'Underlined headline',
        font_size: 24,
        font_weight: 700,
        side_border: 'bottom',
        side_border_thickness: 6,
        side_border_color: '#16a34a',
        side_border_rounded: true,
        side_border_padding: 6,
        side_border_spread: 8,
      }),
      text('right', [20, 166, 280, 60], {
        payload: 'Right border, offset',
        font_size: 20,
        alignment: 'middle right',
        side_border: 'right',
        side_border_thickness: 4,
        side_border_padding: 10,
        side_border_offset: 6,
      }),
    ],
  },
  {
    name: 'text-auto-resize',
    background: PAPER,
    elements: [
      ...framed('shrunk', [10, 10, 300, 70], { payload: LONG, font_size: 40, auto_resize: true, min_font_size: 8 }),
      ...framed('untouched', [10, 90, 300, 60], { payload: 'Fits already', font_size: 40, auto_resize: true, min_font_size: 8 }),
      ...framed('lines', [10, 160, 300, 70], { payload: LONG, font_size: 30, auto_resize: true, min_font_size: 8, max_lines: 2 }),
    ],
  },
  {
    name: 'text-max-lines-truncation',
    background: PAPER,
    elements: [
      ...framed('two-lines', [10, 10, 300, 100], {
        payload: `${LONG}, with truncation at two lines`,
        font_size: 22,
        max_lines: 2,
        text_truncation: true,
      }),
      ...framed('box', [10, 130, 300, 56], { payload: `${LONG}, truncated where the box ends`, font_size: 22, text_truncation: true }),
    ],
  },
  {
    name: 'text-harmony',
    background: PAPER,
    elements: [
      ...framed('plain', [10, 10, 300, 105], {
        payload: 'Balanced headline lengths make a calmer layout',
        font_size: 28,
        font_weight: 700,
      }),
      ...framed('harmony', [10, 125, 300, 105], {
        payload: 'Balanced headline lengths make a calmer layout',
        font_size: 28,
        font_weight: 700,
        text_harmony: true,
      }),
    ],
  },
  {
    name: 'text-variables',
    background: PAPER,
    variables: { first_name: '{first_name}' },
    elements: [
      text('hello', [20, 30, 280, 80], {
        payload: 'Hello {first_name}, your code is {{code}}',
        font_size: 24,
        font_weight: 700,
        alignment: 'middle center',
      }),
      text('kept', [20, 140, 280, 60], { payload: 'Unset stays {unknown}', font_size: 20, alignment: 'middle center' }),
    ],
    overrides: { vars: { first_name: 'Ada', code: 'PRESS-42' } },
  },
  {
    name: 'text-gradient-color',
    background: PAPER,
    elements: [
      text('g', [10, 40, 300, 160], {
        payload: 'Gradient',
        font: 'Poppins',
        font_weight: 800,
        font_size: 64,
        alignment: 'middle center',
        color: 'linear-gradient(0% 0% 100% 100%,0% #f97316 1,100% #7c3aed 1)',
      }),
    ],
  },
  {
    name: 'button-icons',
    background: PAPER,
    elements: [
      {
        name: 'plain',
        type: 'button',
        box: [20, 14, 280, 44],
        properties: {
          payload: 'Plain button',
          font: 'Inter',
          font_size: 18,
          font_weight: 600,
          color: '#ffffff',
          background_color: '#2563eb',
          border_radius: 22,
        },
      },
      {
        name: 'url',
        type: 'button',
        box: [20, 70, 280, 44],
        properties: {
          payload: 'Icon from URL',
          font: 'Inter',
          font_size: 18,
          color: INK,
          background_color: '#e2e8f0',
          border_radius: 8,
          icon_url: URLS.icon,
        },
      },
      {
        name: 'encoded',
        type: 'button',
        box: [20, 126, 280, 44],
        properties: { payload: 'Encoded icon', font: 'Inter', font_size: 18, color: INK, background_color: '#fde68a', border_radius: 8 },
      },
      {
        name: 'recolor',
        type: 'button',
        box: [20, 182, 280, 44],
        properties: {
          payload: 'Recoloured',
          font: 'Inter',
          font_size: 18,
          font_weight: 700,
          color: '#ffffff',
          background_color: 'linear-gradient(0% 0% 100% 0%,0% #16a34a 1,100% #0d9488 1)',
          border_radius: 22,
          icon_url: URLS.icon,
          icon_position: 'right',
        },
      },
    ],
    // `encoded` gets icon_encoded in the test (a generated PNG); `recolor` paints the SVG white.
    overrides: { recolor: { icon_color: '#ffffff' } },
  },
  {
    name: 'button-padding-text-shadow',
    background: '#0f172a',
    elements: [
      {
        name: 'hug',
        type: 'button',
        box: [20, 20, 280, 90],
        properties: {
          payload: 'Hugs its label',
          font: 'Inter',
          font_size: 20,
          font_weight: 700,
          color: '#ffffff',
          background_color: '#db2777',
          background_padding: '10 24',
          border_radius: 8,
          alignment: 'middle center',
          text_shadow_color: '#00000099',
          text_shadow_blur: 2,
          text_shadow_offset_x: 2,
          text_shadow_offset_y: 2,
        },
      },
      {
        name: 'left',
        type: 'button',
        box: [20, 130, 280, 90],
        properties: {
          payload: 'Bottom left',
          font: 'Inter',
          font_size: 18,
          color: INK,
          background_color: '#facc15',
          background_padding: 8,
          border_radius: 4,
          alignment: 'bottom left',
        },
      },
    ],
  },
  {
    name: 'image-fit-mask-stroke',
    background: PAPER,
    elements: [
      { name: 'cover', type: 'image', box: [10, 10, 140, 100], properties: { image_url: URLS.photo, fitting_type: 'cover' } },
      { name: 'contain', type: 'image', box: [170, 10, 140, 100], properties: { image_url: URLS.photo, fitting_type: 'fill' } },
      {
        name: 'circle',
        type: 'image',
        box: [20, 125, 100, 100],
        properties: { image_url: URLS.photo, mask_name: 'circle', stroke_width: 4, stroke_color: '#f97316' },
      },
      {
        name: 'hexagon',
        type: 'image',
        box: [130, 125, 100, 100],
        properties: { image_url: URLS.photo, mask_name: 'hexagon', filter_name: 'grayscale' },
      },
      { name: 'focus', type: 'image', box: [240, 125, 70, 100], properties: { image_url: URLS.photo } },
    ],
    overrides: { focus: { auto_focus: true } },
  },
  {
    name: 'logo',
    background: '#ffffff',
    assets: { brand: { src: URLS.logo } },
    elements: [
      { name: 'wide', type: 'logo', box: [20, 20, 280, 100], properties: { image_url: 'asset:brand' } },
      { name: 'corner', type: 'logo', box: [20, 140, 280, 80], properties: { image_url: URLS.logo, alignment: 'bottom right' } },
    ],
  },
  {
    name: 'shape-gradients',
    background: PAPER,
    elements: [
      {
        name: 'linear',
        type: 'shape',
        box: [10, 10, 145, 105],
        properties: { background_color: 'linear-gradient(0% 0% 100% 100%,0% #f97316 1,100% #7c3aed 1)', border_radius: 12 },
      },
      {
        name: 'radial',
        type: 'shape',
        box: [165, 10, 145, 105],
        properties: { background_color: 'radial-gradient(50% 50% 50%,0% #fde047 1,60% #ea580c 1,100% #7f1d1d 1)' },
      },
      {
        name: 'ellipse',
        type: 'shape',
        box: [10, 125, 145, 105],
        properties: { shape_type: 'ellipse', background_color: '#0ea5e9', stroke_width: 6, stroke_color: INK },
      },
      {
        name: 'corners',
        type: 'shape',
        box: [165, 125, 145, 105],
        properties: {
          background_color: 'linear-gradient(50% 0% 50% 100%,0% #22c55e 1,100% #22c55e 0)',
          border_radius: { tl: 40, tr: 0, br: 40, bl: 0 },
          stroke_width: 2,
          stroke_color: '#15803d',
        },
      },
    ],
  },
  {
    name: 'illustration',
    background: PAPER,
    elements: [
      { name: 'as-drawn', type: 'illustration', box: [20, 20, 130, 200], properties: { illustration_file: URLS.illustration } },
      {
        name: 'recoloured',
        type: 'illustration',
        box: [170, 20, 130, 200],
        properties: { illustration_file: URLS.illustration, illustration_properties: { primary_color: '#7c3aed' } },
      },
    ],
  },
  {
    name: 'rating',
    background: PAPER,
    elements: [
      { name: 'r35', type: 'rating', box: [20, 20, 280, 50], properties: { rating_score: 70, star_dimension: 40, star_margin: 6 } },
      {
        name: 'r100',
        type: 'rating',
        box: [20, 90, 280, 50],
        properties: { rating_score: 100, star_dimension: 32, alignment: 'middle center' },
      },
      {
        name: 'custom',
        type: 'rating',
        box: [20, 160, 280, 60],
        properties: { rating_score: 45, star_count: 4, star_dimension: 44, alignment: 'bottom right' },
      },
    ],
    overrides: { custom: { star_color: '#e11d48', background_color: '#fecdd3' } },
  },
  {
    name: 'qrcode',
    background: PAPER,
    elements: [
      { name: 'plain', type: 'qrcode', box: [10, 20, 145, 200], properties: { payload: 'https://github.com/pressroom' } },
      {
        name: 'colored',
        type: 'qrcode',
        box: [165, 20, 145, 200],
        properties: {
          payload: 'https://example.com/offer?id=42',
          foreground_color: '#1e3a8a',
          background_color: '#dbeafe',
          error_correction: 'H',
          image_url: URLS.logo,
        },
      },
    ],
  },
  {
    name: 'group-hidden-mask',
    background: PAPER,
    elements: [
      { name: 'm-bg', type: 'shape', box: [0, 0, 320, 240], properties: { background_color: '#2563eb' } },
      { name: 'm-photo', type: 'image', box: [60, 40, 200, 90], properties: { image_url: URLS.photo } },
      {
        name: 'masked',
        type: 'group',
        box: [60, 40, 200, 160],
        layer_ids: ['m-bg', 'm-photo'],
        properties: { mask: { shape: 'ellipse' } },
      },
      { name: 'h1', type: 'shape', box: [10, 10, 60, 60], properties: { background_color: '#dc2626' } },
      { name: 'hidden-group', type: 'group', box: [10, 10, 60, 60], layer_ids: ['h1'] },
      { name: 'shown', type: 'shape', box: [250, 170, 60, 60], properties: { background_color: '#16a34a', border_radius: 8 } },
      { name: 'rounded-rect', type: 'shape', box: [0, 0, 320, 240], properties: { background_color: '#00000022' } },
      {
        name: 'rect-mask',
        type: 'group',
        box: [230, 10, 80, 80],
        layer_ids: ['rounded-rect'],
        properties: { mask: { shape: 'rectangle', radius: 16 } },
      },
    ],
    overrides: { 'hidden-group': { hidden: true } },
  },
  {
    name: 'root-background',
    background: '#ffffff',
    elements: [
      text('t', [20, 80, 280, 80], {
        payload: 'Root background override',
        font_size: 22,
        font_weight: 700,
        color: '#ffffff',
        alignment: 'middle center',
      }),
    ],
    overrides: { root: { background_color: 'linear-gradient(0% 0% 100% 100%,0% #0f766e 1,100% #1e3a8a 1)' } },
  },
  {
    name: 'shadows',
    background: '#f1f5f9',
    elements: [
      {
        name: 'card',
        type: 'shape',
        box: [20, 20, 130, 90],
        properties: { background_color: '#ffffff', border_radius: 12, shadow_color: '#0f172a55', shadow_blur: 16, shadow_offset_y: 6 },
      },
      text('title', [170, 20, 140, 90], {
        payload: 'Drop shadow',
        font_size: 26,
        font_weight: 800,
        color: '#f97316',
        shadow_color: '#0f172a',
        shadow_blur: 0,
        shadow_offset_x: 3,
        shadow_offset_y: 3,
        alignment: 'middle center',
      }),
      {
        name: 'photo',
        type: 'image',
        box: [20, 130, 130, 90],
        properties: {
          image_url: URLS.photo,
          mask_name: 'rounded_corners',
          shadow_color: '#7c3aed',
          shadow_blur: 10,
          shadow_offset_x: 6,
          shadow_offset_y: 6,
        },
      },
      {
        name: 'cta',
        type: 'button',
        box: [170, 150, 140, 50],
        properties: {
          payload: 'Shadowed',
          font: 'Inter',
          font_size: 18,
          font_weight: 700,
          color: '#ffffff',
          background_color: '#2563eb',
          border_radius: 25,
          shadow_color: '#1e3a8a99',
          shadow_blur: 12,
          shadow_offset_y: 8,
        },
      },
    ],
  },
  {
    name: 'text-cjk',
    background: PAPER,
    elements: [
      text('jp', [16, 16, 288, 60], { payload: '日本語のテキスト、ひらがな', font_size: 24 }),
      text('kr', [16, 90, 288, 60], { payload: '한국어 텍스트 렌더링', font_size: 24 }),
      text('sc', [16, 164, 288, 60], { payload: '简体中文渲染测试', font_size: 24 }),
    ],
    glyphFamilies: ['Inter', 'Noto Sans JP', 'Noto Sans KR', 'Noto Sans SC'],
  },
  {
    name: 'text-arabic-rtl',
    background: PAPER,
    elements: [
      text('ar', [16, 20, 288, 90], { payload: 'مرحبا بالعالم، هذا نص عربي', font_size: 26, alignment: 'top right' }),
      text('mixed', [16, 130, 288, 90], { payload: 'عرض Pressroom الجديد 2026', font_size: 24, font_weight: 700 }),
    ],
    glyphFamilies: ['Inter', 'Noto Sans Arabic'],
  },
  {
    name: 'text-emoji',
    background: PAPER,
    elements: [
      text('e', [16, 30, 288, 80], { payload: 'Launch day 🚀🎉 ❤️', font_size: 30, font_weight: 700, alignment: 'middle center' }),
      text('flags', [16, 130, 288, 80], { payload: '👍🏽 🇫🇷 🧑‍💻 ✅', font_size: 36, alignment: 'middle center' }),
    ],
    glyphFamilies: ['Inter', 'Noto Sans', 'Noto Color Emoji'],
  },
];
