import type { Design } from '@pressroom/model';
import { parseDesignDocument } from '@pressroom/model';
import type { FixtureDesign } from '../fixture-render.js';
import type { WalkCase } from './cases.js';

/**
 * The walk's designs as print and animated documents (docs/renderer.md, "Print and animated
 * parity"). Print: millimetres at 25 dpi, so a millimetre is about one pixel and the static
 * boxes and lengths keep their size; font sizes are points there, so they are scaled by 72 / 25.
 */
export const PRINT_DPI = 25;
const FONT_LENGTHS = ['font_size', 'min_font_size'];

/** Cases the print check draws (stills and animated frames walk every case; a PDF per case is slower). */
export const PARITY_SUBSET = [
  'text.hidden',
  'text.opacity',
  'text.shadow_color',
  'text.font_size',
  'text.color',
  'text.alignment',
  'text.skew_y',
  'text.max_lines (truncated)',
  'text.side_border',
  'text.background_color',
  'button.background_color',
  'button.border_radius',
  'button.icon_url',
  'image.mask_name',
  'image.mask_properties (skew_y)',
  'image.filter_name (duotone)',
  'image.overlay_direction',
  'logo.alignment',
  'shape.rotation',
  'shape.background_color (gradient)',
  'shape.stroke_width',
  'shape.pattern_name',
  'shape.shape_type (heart)',
  'shape.border_radius (star)',
  'illustration.illustration_type (twemoji)',
  'illustration.illustration_type',
  'illustration.illustration_properties',
  'rating.rating_score',
  'qrcode.foreground_color',
  'group.auto_layout',
  'group.mask (rotation)',
];

/** Group auto-layout is not stored on animated designs (unsupported_for_type). */
export const NOT_ANIMATED = new Set(['group.auto_layout', 'group.direction', 'group.placement', 'group.alignment', 'group.gap']);

/** Print: the subset; animated: every case an animated design can store. */
export function parityCases(all: readonly WalkCase[], kind: 'printer' | 'animated'): WalkCase[] {
  if (kind === 'animated') return all.filter((c) => !NOT_ANIMATED.has(`${c.type}.${c.property}`));
  const byName = new Map(all.map((c) => [c.name, c]));
  const missing = PARITY_SUBSET.filter((n) => !byName.has(n));
  if (missing.length > 0) throw new Error(`parity subset names no walk case: ${missing.join(', ')}`);
  return PARITY_SUBSET.map((n) => byName.get(n)!);
}

export function designOf(fixture: FixtureDesign, kind: 'printer' | 'animated'): Design {
  const width = fixture.width ?? 200;
  const height = fixture.height ?? 200;
  const print = kind === 'printer';
  const doc = {
    name: 'parity',
    type: kind,
    ...(print ? { print: { unit: 'mm', dpi: PRINT_DPI, bleed: 0, safe: 0 } } : { animation: { duration: 2, screenshot_at_s: 1 } }),
    formats: [{ name: 'g', width, height, unit: print ? 'mm' : 'px', background_color: fixture.background ?? '#FFFFFF' }],
    elements: fixture.elements.map((e) => ({
      name: e.name,
      type: e.type,
      layout: { g: { x: e.box![0], y: e.box![1], width: e.box![2], height: e.box![3] } },
      properties: print ? printProperties(e.properties ?? {}) : (e.properties ?? {}),
      ...(e.layer_ids ? { layer_ids: e.layer_ids } : {}),
    })),
  };
  const parsed = parseDesignDocument(doc);
  if (!parsed.ok) throw new Error(`bad ${kind} fixture: ${JSON.stringify(parsed.issues)}`);
  return parsed.design;
}

function printProperties(p: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(p).map(([k, v]) => [
      k,
      FONT_LENGTHS.includes(k) && typeof v === 'number' ? Math.round(((v * 72) / PRINT_DPI) * 10) / 10 : v,
    ]),
  );
}
