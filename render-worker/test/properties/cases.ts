import { ILLUSTRATION_LIBRARIES, type LayerType, SHAPE_TYPES } from '@pressroom/model';
import type { RawElement } from '@pressroom/renderer/testing';
import type { FixtureDesign } from '../fixture-render.js';
import { URLS } from '../golden/resources.js';

/**
 * The property walk (docs/renderer.md, "The property walk"): for every property of every layer
 * type in `PROPERTY_TABLES`, a small design drawn without the property and with it. Each case
 * states what the property needs to show (`base`, on both sides) and the value that differs from
 * the default. `expect: 'refused'` marks the constraints whose documented effect is a refusal
 * (`cannot_build_banner`) rather than pixels; `expect: 'invalid'` the values the design parser
 * refuses with a field error (LAYER_CONSTRAINTS), where they could have no effect; `expect:
 * 'dropped'` the ones it drops with a `property_dropped_for_type` warning.
 */
export interface PropertyCase {
  /** Shown in the test name when a property has several cases. */
  label?: string;
  base?: Record<string, unknown>;
  value: unknown;
  expect?: 'differ' | 'refused' | 'invalid' | 'dropped';
  /** Another box than the type's fixture (alignment shows only where there is room to move). */
  box?: Box;
  /** The other side is the canvas without the layer (a library drawing against nothing). */
  withoutLayer?: true;
}

type Box = [number, number, number, number];

/** The layer under test (named `layer`) and whatever it needs around it, per type. */
interface LayerFixture {
  box: Box;
  properties: Record<string, unknown>;
  /** Members of a group, drawn before it. */
  members?: RawElement[];
}

const RED = '#DC2626';
const BLACK = '#000000';
const LONG = 'Pressroom renders every layer of a design at exact pixel geometry, in every format';
const WIDE_BOX: Box = [20, 60, 160, 80];

export const LAYER_FIXTURES: Partial<Record<LayerType, LayerFixture>> = {
  text: { box: [20, 20, 160, 160], properties: { payload: 'Hello walk', font: 'Inter', font_size: 24, color: BLACK } },
  button: {
    box: [20, 60, 160, 80],
    properties: { payload: 'Buy now', font: 'Inter', font_size: 20, color: '#FFFFFF', background_color: '#2563EB' },
  },
  image: { box: [20, 20, 160, 160], properties: { image_url: URLS.photo } },
  logo: { box: WIDE_BOX, properties: { image_url: URLS.logo } },
  shape: { box: [20, 20, 160, 160], properties: { background_color: '#2563EB' } },
  illustration: { box: [20, 20, 160, 160], properties: { illustration_file: URLS.illustration } },
  rating: { box: [10, 70, 180, 60], properties: { rating_score: 60, star_dimension: 24 } },
  qrcode: { box: [20, 20, 160, 160], properties: { payload: 'https://pressroom.test/walk' } },
  group: {
    box: [20, 20, 160, 160],
    properties: {},
    members: [
      { name: 'm1', type: 'shape', box: [30, 30, 40, 40], properties: { background_color: RED } },
      { name: 'm2', type: 'shape', box: [100, 30, 40, 40], properties: { background_color: '#2563EB' } },
    ],
  },
};

/** Every layer type takes these (`SHARED_PROPS`). */
const SHARED: Record<string, PropertyCase[]> = {
  hidden: [{ value: true }],
  opacity: [{ value: 40 }],
  rotation: [{ value: 30 }],
  shadow_color: [{ base: { shadow_blur: 2, shadow_offset_x: 12, shadow_offset_y: 12 }, value: BLACK }],
  shadow_blur: [{ base: { shadow_color: BLACK, shadow_offset_x: 12, shadow_offset_y: 12 }, value: 12 }],
  shadow_offset_x: [{ base: { shadow_color: BLACK, shadow_blur: 2 }, value: 15 }],
  shadow_offset_y: [{ base: { shadow_color: BLACK, shadow_blur: 2 }, value: 15 }],
};

const stroke = (value: number, color: string) => ({
  stroke_width: [{ base: { stroke_color: color }, value }],
  stroke_color: [{ base: { stroke_width: value }, value: color }],
});

const TYPOGRAPHY: Record<string, PropertyCase[]> = {
  payload: [{ value: 'Other words' }],
  font: [{ value: 'Lobster' }],
  font_size: [{ value: 34 }],
  font_weight: [{ value: 800 }],
  font_style: [{ value: 'italic' }],
  color: [{ value: RED }, { label: 'gradient', value: 'linear-gradient(0% 0% 100% 0%,0% #DC2626 1,100% #2563EB 1)' }],
  letter_spacing: [{ value: 6 }],
  text_transform: [{ value: 'uppercase' }],
  ...stroke(3, RED),
};

/** A drawing each shipped library has. */
const LIBRARY_DRAWING: Record<string, string> = { lucide: 'leaf', feather: 'feather', material_icons: 'home', twemoji: '1f389' };

const SIDE = { side_border: 'left', side_border_thickness: 8, side_border_color: RED };

export const PROPERTY_CASES: Partial<Record<LayerType, Record<string, PropertyCase[]>>> = {
  text: {
    ...SHARED,
    ...TYPOGRAPHY,
    line_height: [{ base: { payload: LONG, font_size: 18 }, value: 200 }],
    // The text overflows its box: clipped without auto_resize, shrunk with it.
    auto_resize: [{ base: { payload: LONG, font_size: 40, min_font_size: 6 }, value: true }],
    // Its effect is a bound: out of reach, the render is refused instead of shrinking further.
    min_font_size: [{ base: { payload: LONG, font_size: 40, auto_resize: true, min_font_size: 6 }, value: 30, expect: 'refused' }],
    alignment: [{ value: 'bottom right' }],
    background_color: [{ value: '#FDE047' }],
    background_padding: [{ base: { background_color: '#FDE047' }, value: '12 24' }],
    skew_y: [{ value: 15 }],
    max_lines: [
      { label: 'truncated', base: { payload: LONG, font_size: 18, text_truncation: true }, value: 1 },
      { label: 'refused', base: { payload: LONG, font_size: 18 }, value: 1, expect: 'refused' },
    ],
    text_harmony: [{ base: { payload: 'Every layer drawn at its exact pixel geometry', font_size: 22 }, value: true }],
    text_truncation: [{ base: { payload: LONG, font_size: 40 }, value: true }],
    side_border: [{ base: { side_border_thickness: 8, side_border_color: RED }, value: 'left' }],
    side_border_thickness: [{ base: { ...SIDE, side_border_thickness: 2 }, value: 12 }],
    side_border_color: [{ base: { side_border: 'left', side_border_thickness: 8 }, value: RED }],
    side_border_rounded: [{ base: { ...SIDE, side_border_thickness: 16 }, value: true }],
    side_border_padding: [{ base: SIDE, value: 20 }],
    side_border_offset: [{ base: SIDE, value: 20 }],
    side_border_spread: [{ base: SIDE, value: 20 }],
  },
  button: {
    ...SHARED,
    ...TYPOGRAPHY,
    line_height: [{ base: { background_padding: '8 16' }, value: 250 }],
    auto_resize: [{ base: { payload: 'Buy everything now, please', min_font_size: 6 }, value: true }],
    min_font_size: [{ base: { payload: 'Buy everything now, please', auto_resize: true, min_font_size: 6 }, value: 19, expect: 'refused' }],
    alignment: [{ base: { background_padding: '8 16' }, value: 'top left' }],
    text_align: [{ value: 'left' }],
    background_color: [{ value: RED }, { label: 'gradient', value: 'radial-gradient(50% 50% 50%,0% #DC2626 1,100% #2563EB 1)' }],
    background_padding: [{ value: '4 8' }],
    border_radius: [{ value: 30 }],
    text_shadow_color: [{ base: { text_shadow_blur: 1, text_shadow_offset_x: 3, text_shadow_offset_y: 3 }, value: BLACK }],
    text_shadow_blur: [{ base: { text_shadow_color: BLACK, text_shadow_offset_x: 3, text_shadow_offset_y: 3 }, value: 6 }],
    text_shadow_offset_x: [{ base: { text_shadow_color: BLACK }, value: 5 }],
    text_shadow_offset_y: [{ base: { text_shadow_color: BLACK }, value: 5 }],
    icon_url: [{ value: URLS.icon }],
    icon_color: [{ base: { icon_url: URLS.icon }, value: RED }],
    icon_size: [{ base: { icon_url: URLS.icon }, value: 40 }],
    icon_gap: [{ base: { icon_url: URLS.icon }, value: 24 }],
    icon_position: [{ base: { icon_url: URLS.icon }, value: 'right' }],
  },
  image: {
    ...SHARED,
    // No source is an empty slot, drawn as nothing, stroke and overlay included.
    image_url: [
      { value: URLS.logo },
      { label: 'empty slot', base: { image_url: undefined, stroke_width: 6, stroke_color: RED }, value: URLS.photo },
    ],
    fitting_type: [{ value: 'fill' }],
    position_offset_x: [{ value: 30 }],
    position_offset_y: [{ value: -30 }],
    zoom: [{ value: 160 }],
    alignment: [{ value: 'middle left' }],
    ...stroke(6, RED),
    mask_name: [{ value: 'circle' }],
    mask_properties: [
      { label: 'radius', base: { mask_name: 'rounded_corners' }, value: { radius: 70 } },
      { label: 'skew_y', value: { skew_y: 15 } },
    ],
    filter_name: [{ value: 'grayscale' }, { label: 'duotone', value: 'duotone' }],
    filter_properties: [{ base: { filter_name: 'duotone' }, value: { name: 'deep_purple_orange' } }],
    overlay_direction: [{ base: { overlay_color_1: RED, overlay_color_2: '#2563EB' }, value: 'horizontal' }],
    overlay_color_1: [{ base: { overlay_direction: 'vertical' }, value: RED }],
    overlay_color_2: [{ base: { overlay_direction: 'vertical', overlay_color_1: RED }, value: '#2563EB' }],
  },
  logo: {
    ...SHARED,
    image_url: [{ value: URLS.illustration }, { label: 'empty slot', base: { image_url: undefined }, value: URLS.logo }],
    alignment: [{ value: 'middle left' }],
    position_offset_x: [{ value: 30 }],
    position_offset_y: [{ value: 15 }],
    zoom: [{ value: 60 }],
    // The fixture's box is wider than the logo: the radius clips the picture where it reaches the box.
    border_radius: [
      { base: { zoom: 300 }, value: 40 },
      { label: 'per corner', base: { zoom: 300 }, value: { tl: 40, tr: 0, br: 40, bl: 0 } },
    ],
  },
  shape: {
    ...SHARED,
    // Every geometry against the default rectangle.
    shape_type: SHAPE_TYPES.filter((t) => t !== 'rectangle').map((t) => ({ label: t, value: t })),
    background_color: [
      { value: RED },
      { label: 'gradient', value: 'linear-gradient(0% 0% 100% 100%,0% #DC2626 1,100% #2563EB 1)' },
      { label: 'heart gradient', base: { shape_type: 'heart' }, value: 'linear-gradient(0% 0% 100% 100%,0% #DC2626 1,100% #2563EB 1)' },
    ],
    border_radius: [
      { value: 40 },
      { label: 'per corner', value: { tl: 60, tr: 0, br: 60, bl: 0 } },
      { label: 'star', base: { shape_type: 'star' }, value: 20 },
      // An ellipse has no corner: the radius is refused, not ignored.
      { label: 'ellipse', base: { shape_type: 'ellipse' }, value: 20, expect: 'invalid' },
    ],
    ...stroke(8, RED),
    stroke_width: [
      { base: { stroke_color: RED }, value: 8 },
      { label: 'triangle', base: { shape_type: 'triangle', stroke_color: RED }, value: 8 },
    ],
    pattern_name: [{ value: 'star' }, { label: 'hexagon', base: { shape_type: 'hexagon' }, value: 'star' }],
    pattern_color: [{ base: { pattern_name: 'star' }, value: RED }],
  },
  illustration: {
    ...SHARED,
    // `leaf` is not a source: the bundled set draws a leaf, a custom illustration of it is refused.
    illustration_type: [
      { base: { illustration_file: 'leaf', illustration_type: 'lucide' }, value: 'custom', expect: 'refused' },
      // Each shipped library draws one of its own drawings, against the canvas without the layer.
      ...Object.keys(ILLUSTRATION_LIBRARIES).map((library) => ({
        label: library,
        base: { illustration_file: LIBRARY_DRAWING[library] },
        value: library,
        withoutLayer: true as const,
      })),
    ],
    illustration_file: [{ value: URLS.logo }],
    illustration_properties: [
      { value: { primary_color: RED } },
      { label: 'feather', base: { illustration_type: 'feather', illustration_file: 'heart' }, value: { primary_color: RED } },
      // Twemoji drawings are multicoloured: the import drops primary_color with a warning, as Abyssale's accepts it.
      {
        label: 'twemoji',
        base: { illustration_type: 'twemoji', illustration_file: '1f389' },
        value: { primary_color: RED },
        expect: 'dropped',
      },
    ],
    alignment: [{ box: WIDE_BOX, value: 'middle left' }],
  },
  rating: {
    ...SHARED,
    rating_score: [{ value: 20 }],
    star_count: [{ value: 3 }],
    star_dimension: [{ value: 30 }],
    star_margin: [{ value: 2 }],
    star_color: [{ value: RED }, { label: 'gradient', value: 'linear-gradient(0% 0% 100% 0%,0% #DC2626 1,100% #2563EB 1)' }],
    background_color: [{ value: '#111827' }, { label: 'gradient', value: 'linear-gradient(0% 0% 100% 0%,0% #DC2626 1,100% #2563EB 1)' }],
    alignment: [{ value: 'middle right' }],
  },
  qrcode: {
    ...SHARED,
    payload: [{ value: 'another payload' }, { label: 'blank slot', value: '' }],
    margin: [{ value: 12 }],
    foreground_color: [{ value: RED }],
    background_color: [{ value: '#FDE047' }],
    error_correction: [{ value: 'H' }, { label: 'over an icon', base: { image_url: URLS.icon }, value: 'L' }],
    image_url: [{ value: URLS.icon }],
    hide_icon: [{ base: { image_url: URLS.icon }, value: true }],
  },
  group: {
    ...SHARED,
    auto_layout: [{ value: true }],
    direction: [{ base: { auto_layout: true }, value: 'vertical' }],
    placement: [{ base: { auto_layout: true }, value: 'end' }],
    gap: [{ base: { auto_layout: true }, value: 30 }],
    alignment: [
      { base: { auto_layout: true }, value: 'bottom right' },
      { label: 'vertical', base: { auto_layout: true, direction: 'vertical' }, value: 'middle center' },
    ],
    mask: [
      { label: 'ellipse', value: { shape: 'ellipse' } },
      {
        label: 'rotation',
        base: { mask: { shape: 'rectangle', width: 120, height: 40 } },
        value: { shape: 'rectangle', width: 120, height: 40, rotation: 45 },
      },
    ],
  },
};

/**
 * Properties the walk does not draw, each with its reason. Keep it short: a property accepted
 * with no effect anywhere belongs in the renderer, not here.
 */
export const WALK_EXCEPTIONS: Record<string, string> = {
  'group.locked': 'Editor state: a locked layer is drawn exactly as an unlocked one (docs/design-format.md).',
  video:
    'Animated designs only: frames draw the video (e2e/render-worker/animation/media-layers.e2e.test.ts); its sound settings are checked by the media-layers tests.',
  audio:
    'Animated designs only, and sound only: volume, mute and speed are checked by the media-layers tests (shared/renderer/src/animation/media-layers.test.ts).',
  code: 'Animated designs only, read-only custom HTML: kept so an export re-imports, but never run in our Chromium, where it could script and fetch (docs/renderer.md).',
};

export interface WalkCase {
  /** `<type>.<property>` plus the case label. */
  name: string;
  type: LayerType;
  property: string;
  without: FixtureDesign;
  with: FixtureDesign;
  /** Where the effect must show: the layer box with a margin for shadows and strokes. */
  region: { x: number; y: number; width: number; height: number };
  expect: 'differ' | 'refused' | 'invalid' | 'dropped';
}

/** Every case of every layer type, as pairs of designs. */
export function walkCases(): WalkCase[] {
  const out: WalkCase[] = [];
  for (const [type, props] of Object.entries(PROPERTY_CASES) as [LayerType, Record<string, PropertyCase[]>][]) {
    const fixture = LAYER_FIXTURES[type]!;
    for (const [property, cases] of Object.entries(props)) {
      for (const c of cases) {
        const design = (extra: Record<string, unknown>): FixtureDesign => ({
          elements: [
            ...(fixture.members ?? []),
            {
              name: 'layer',
              type,
              box: c.box ?? fixture.box,
              properties: { ...fixture.properties, ...c.base, ...extra },
              ...(fixture.members ? { layer_ids: fixture.members.map((m) => m.name) } : {}),
            },
          ],
        });
        const [x, y, width, height] = c.box ?? fixture.box;
        out.push({
          name: `${type}.${property}${c.label ? ` (${c.label})` : ''}`,
          type,
          property,
          without: c.withoutLayer ? { elements: fixture.members ?? [] } : design({}),
          with: design({ [property]: c.value }),
          region: { x: x - 30, y: y - 30, width: width + 60, height: height + 60 },
          expect: c.expect ?? 'differ',
        });
      }
    }
  }
  return out;
}

/**
 * The animation walk: every timeline property of an animated design (docs/design-format.md,
 * "Animation": the visibility window, each tween type, a keyframe's easing, typewriting's split)
 * changes a frame, each on another layer type's fixture, so that every type moves once.
 * `without` and `with` differ only by the property (`base` on both sides); the frame at `at`
 * seconds must show it. compositor-cases.e2e.test.ts also draws each both ways, composited and
 * in Chromium.
 */
export interface AnimationCase {
  label?: string;
  /** The layer type whose fixture (LAYER_FIXTURES) carries the animation. */
  type: LayerType;
  /** The layer's animation without the property (none when absent). */
  base?: RawAnimation;
  /** With it. */
  with: RawAnimation;
  /** When the effect shows, seconds. */
  at: number;
}

interface RawAnimation {
  start_at_s?: number | null;
  end_at_s?: number | null;
  tweens?: { id: string; type: string; keyframes: { time: number; attr: Record<string, number | string>; easing?: string }[] }[];
}

/** The animation walk's timeline: 2 s, every case's keyframes between 0.2 and 1.4 s. */
export const ANIMATION_WALK_DURATION = 2;

const keys = (type: string, from: Record<string, number | string>, to: Record<string, number | string>, easing = 'linear') => ({
  id: `walk-${type}`,
  type,
  keyframes: [
    { time: 0.2, attr: from, easing },
    { time: 1.4, attr: to, easing },
  ],
});
const typed = (split: 'letter' | 'word') =>
  keys('textEffect', { typewriting: 0, textEffectSplit: split }, { typewriting: 100, textEffectSplit: split });

export const ANIMATION_CASES: Record<string, AnimationCase[]> = {
  start_at_s: [{ type: 'logo', with: { start_at_s: 1 }, at: 0.6 }],
  end_at_s: [
    { type: 'button', with: { end_at_s: 1 }, at: 1.2 },
    // A group carries timing only: its window shows and hides its members.
    { label: 'group', type: 'group', with: { start_at_s: 0.6, end_at_s: 1.4 }, at: 1.6 },
  ],
  fade: [{ type: 'image', with: { tweens: [keys('fade', { opacity: 0 }, { opacity: 1 })] }, at: 0.6 }],
  slide: [{ type: 'rating', with: { tweens: [keys('slide', { left: -120, top: 30 }, { left: 0, top: 0 })] }, at: 0.6 }],
  scale: [{ type: 'qrcode', with: { tweens: [keys('scale', { scale: 40 }, { scale: 100 })] }, at: 0.6 }],
  rotate: [{ type: 'illustration', with: { tweens: [keys('rotate', { angle: -90 }, { angle: 0 })] }, at: 0.6 }],
  textEffect: [{ type: 'text', with: { tweens: [typed('letter')] }, at: 0.8 }],
  textEffectSplit: [{ type: 'button', base: { tweens: [typed('letter')] }, with: { tweens: [typed('word')] }, at: 0.6 }],
  easing: [
    {
      type: 'shape',
      base: { tweens: [keys('slide', { left: -120, top: 0 }, { left: 0, top: 0 })] },
      with: { tweens: [keys('slide', { left: -120, top: 0 }, { left: 0, top: 0 }, 'ease-in')] },
      at: 0.8,
    },
  ],
};

/** Timeline properties the animation walk does not draw, each with its reason. */
export const ANIMATION_WALK_EXCEPTIONS: Record<string, string> = {
  audioFade: 'Sound only (video and audio layers): its gain curve is checked by the media-layers and soundtrack tests.',
};

export interface AnimationWalkCase {
  name: string;
  property: string;
  without: FixtureDesign;
  with: FixtureDesign;
  at: number;
  region: WalkCase['region'];
}

/** Every animation case as a pair of animated designs. */
export function animationWalkCases(): AnimationWalkCase[] {
  return Object.entries(ANIMATION_CASES).flatMap(([property, cases]) =>
    cases.map((c) => {
      const fixture = LAYER_FIXTURES[c.type]!;
      const design = (animation: RawAnimation | undefined): FixtureDesign => ({
        animation: { duration: ANIMATION_WALK_DURATION, screenshot_at_s: c.at },
        elements: [
          ...(fixture.members ?? []),
          {
            name: 'layer',
            type: c.type,
            box: fixture.box,
            properties: fixture.properties,
            ...(fixture.members ? { layer_ids: fixture.members.map((m) => m.name) } : {}),
            ...(animation ? { animation } : {}),
          },
        ],
      });
      const [x, y, width, height] = fixture.box;
      return {
        name: `${property} (${c.label ?? c.type})`,
        property,
        without: design(c.base),
        with: design({ ...c.base, ...c.with }),
        at: c.at,
        region: { x: x - 30, y: y - 30, width: width + 60, height: height + 60 },
      };
    }),
  );
}
