import type { Design } from '@pressroom/model';
import { type NormalisedOverrides, parseDesignDocument, parseOverrides } from '@pressroom/model';

export interface RawElement {
  name: string;
  type: string;
  box?: [number, number, number, number];
  properties?: Record<string, unknown>;
  layer_ids?: string[];
  /** The layer's `animation` (an animated design's: visibility window and tweens). */
  animation?: unknown;
}

/**
 * A one-format design (`g`, 320×240 unless given) through the real parser, so tests see the
 * defaults production sees; animated when `animation` is given. Throws with the parser's issues
 * on a bad fixture.
 */
export function testDesign(
  elements: RawElement[],
  options: {
    width?: number;
    height?: number;
    background?: string | null;
    variables?: Record<string, string>;
    assets?: Record<string, { src: string }>;
    fonts?: unknown[];
    /** An animated design's timeline (`duration`, `screenshot_at_s`): the design is then `animated`. */
    animation?: { duration: number; screenshot_at_s?: number };
  } = {},
): Design {
  const result = parseTestDesign(elements, options);
  if (!result.ok) throw new Error(`bad fixture: ${JSON.stringify(result.issues)}`);
  return result.design;
}

/** The parser's whole answer for the same one-format design, warnings included. */
export function parseTestDesign(elements: RawElement[], options: Parameters<typeof testDesign>[1] = {}) {
  return parseDesignDocument({
    name: 'test',
    type: options.animation ? 'animated' : 'static',
    ...(options.animation ? { animation: options.animation } : {}),
    formats: [
      { name: 'g', width: options.width ?? 320, height: options.height ?? 240, unit: 'px', background_color: options.background ?? null },
    ],
    elements: elements.map((e) => ({
      name: e.name,
      type: e.type,
      layout: { g: toBox(e.box ?? [0, 0, 100, 100]) },
      properties: e.properties ?? {},
      ...(e.layer_ids ? { layer_ids: e.layer_ids } : {}),
      ...(e.animation === undefined ? {} : { animation: e.animation }),
    })),
    ...(options.variables ? { variables: options.variables } : {}),
    ...(options.assets ? { assets: options.assets } : {}),
    ...(options.fonts ? { fonts: options.fonts } : {}),
  });
}

/** Request overrides through the real validator (sync, static). */
export function testOverrides(elements: Record<string, unknown>): NormalisedOverrides {
  const result = parseOverrides(elements, { designType: 'static', mode: 'sync' });
  if (!result.ok) throw new Error(`bad overrides: ${JSON.stringify(result.issues)}`);
  return result.value;
}

function toBox([x, y, width, height]: [number, number, number, number]) {
  return { x, y, width, height };
}
