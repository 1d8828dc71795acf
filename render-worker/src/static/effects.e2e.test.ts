import { PATTERN_NAMES } from '@pressroom/model';
import type { RawElement } from '@pressroom/renderer/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  differingPixels,
  type FixtureDesign,
  fixtureRenderer,
  near,
  pixelAt,
  type RawImage,
  rawPixels,
} from '../../test/fixture-render.js';
import { BrowserSupervisor } from '../browser/index.js';

/**
 * The effects the renderer once accepted and ignored (docs/renderer.md): each is drawn by real
 * Chromium on a 200×200 white canvas and checked at pixels whose colour only the effect explains.
 */
let supervisor: BrowserSupervisor;
let render: ReturnType<typeof fixtureRenderer>;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  render = fixtureRenderer(supervisor);
});
afterAll(async () => {
  await supervisor.stop();
});

const RED = '#DC2626';
const GREEN = '#16A34A';
const BLUE = '#2563EB';
const WHITE = '#FFFFFF';
const svgUrl = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" preserveAspectRatio="none">${body}</svg>`)}`;

async function pixels(fixture: FixtureDesign): Promise<RawImage> {
  return rawPixels((await render(fixture)).file.bytes);
}

const square = (name: string, box: [number, number, number, number], color: string): RawElement => ({
  name,
  type: 'shape',
  box,
  properties: { background_color: color },
});

describe('group mask rotation', () => {
  const masked = (mask: Record<string, unknown>): FixtureDesign => ({
    elements: [
      square('fill', [0, 0, 200, 200], RED),
      { name: 'g', type: 'group', box: [20, 20, 160, 160], layer_ids: ['fill'], properties: { mask } },
    ],
  });

  it('turns a rectangle mask around its centre', async () => {
    const flat = await pixels(masked({ shape: 'rectangle', width: 140, height: 40 }));
    const turned = await pixels(masked({ shape: 'rectangle', width: 140, height: 40, rotation: 90 }));
    // Unturned: a wide bar across the centre.
    expect(near(pixelAt(flat, 150, 100), RED)).toBe(true);
    expect(near(pixelAt(flat, 100, 45), WHITE)).toBe(true);
    // A quarter turn: the same bar standing upright, on the same centre.
    expect(near(pixelAt(turned, 100, 45), RED)).toBe(true);
    expect(near(pixelAt(turned, 150, 100), WHITE)).toBe(true);
    expect(near(pixelAt(turned, 100, 100), RED)).toBe(true);
  });

  it('turns an ellipse mask, and 45 degrees cuts the corners a rectangle would keep', async () => {
    const ellipse = await pixels(masked({ shape: 'ellipse', width: 150, height: 30, rotation: 90 }));
    expect(near(pixelAt(ellipse, 100, 40), RED)).toBe(true);
    expect(near(pixelAt(ellipse, 160, 100), WHITE)).toBe(true);
    const diagonal = await pixels(masked({ shape: 'rectangle', width: 160, height: 20, rotation: 45 }));
    expect(near(pixelAt(diagonal, 140, 140), RED)).toBe(true);
    expect(near(pixelAt(diagonal, 140, 60), WHITE)).toBe(true);
    expect(near(pixelAt(diagonal, 160, 100), WHITE)).toBe(true);
  });
});

describe('group auto-layout', () => {
  // Three 40 px squares stored apart; the group box is 180 px long on the layout axis.
  const row = (props: Record<string, unknown>, overrides?: Record<string, unknown>): FixtureDesign => ({
    elements: [
      square('a', [30, 20, 40, 40], RED),
      square('b', [90, 20, 40, 40], GREEN),
      square('c', [150, 20, 40, 40], BLUE),
      { name: 'g', type: 'group', box: [10, 10, 180, 60], layer_ids: ['a', 'b', 'c'], properties: { auto_layout: true, ...props } },
    ],
    ...(overrides ? { overrides } : {}),
  });
  const column = (props: Record<string, unknown>): FixtureDesign => ({
    elements: [
      square('a', [20, 30, 40, 40], RED),
      square('b', [20, 90, 40, 40], GREEN),
      square('c', [20, 150, 40, 40], BLUE),
      {
        name: 'g',
        type: 'group',
        box: [10, 10, 60, 180],
        layer_ids: ['a', 'b', 'c'],
        properties: { auto_layout: true, direction: 'vertical', ...props },
      },
    ],
  });
  /** Expected left (or top) edge of a, b and c. */
  const CASES = [
    ['start', 10, [10, 60, 110]],
    ['center', 10, [30, 80, 130]],
    ['end', 10, [50, 100, 150]],
    ['space-between', 0, [10, 80, 150]],
  ] as const;

  it.each(CASES)('horizontal, %s, gap %i', async (placement, gap, starts) => {
    const img = await pixels(row({ direction: 'horizontal', placement, gap }));
    [RED, GREEN, BLUE].forEach((color, i) => {
      expect(near(pixelAt(img, starts[i]! + 3, 40), color), `${color} at ${starts[i]}`).toBe(true);
      expect(near(pixelAt(img, starts[i]! + 37, 40), color), `${color} ends at ${starts[i]! + 40}`).toBe(true);
    });
  });

  it.each(CASES)('vertical, %s, gap %i', async (placement, gap, starts) => {
    const img = await pixels(column({ placement, gap }));
    [RED, GREEN, BLUE].forEach((color, i) => {
      expect(near(pixelAt(img, 40, starts[i]! + 3), color), `${color} at ${starts[i]}`).toBe(true);
      expect(near(pixelAt(img, 40, starts[i]! + 37), color), `${color} ends at ${starts[i]! + 40}`).toBe(true);
    });
  });

  it('a hidden member takes no room: the others close up', async () => {
    const img = await pixels(row({ placement: 'start', gap: 10 }, { b: { hidden: true } }));
    expect(near(pixelAt(img, 80, 40), BLUE)).toBe(true);
    expect(near(pixelAt(img, 130, 40), WHITE)).toBe(true);
  });

  it('without auto_layout the stored boxes stand', async () => {
    const img = await pixels(row({ auto_layout: false, placement: 'start', gap: 10 }));
    expect(near(pixelAt(img, 50, 40), RED)).toBe(true);
    expect(near(pixelAt(img, 15, 40), WHITE)).toBe(true);
  });
});

describe('named illustrations', () => {
  const leaf = (props: Record<string, unknown>): FixtureDesign => ({
    elements: [{ name: 'art', type: 'illustration', box: [20, 20, 160, 160], properties: { illustration_file: 'leaf', ...props } }],
  });
  const count = (img: RawImage, hex: string) => {
    let n = 0;
    for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (near(pixelAt(img, x, y), hex, 40)) n++;
    return n;
  };

  it('draws a drawing of the bundled set by name, recoloured by primary_color', async () => {
    const drawn = await pixels(leaf({ illustration_type: 'lucide', illustration_properties: { primary_color: GREEN } }));
    expect(count(drawn, GREEN)).toBeGreaterThan(1000);
    const plain = await pixels(leaf({ illustration_type: 'lucide' }));
    expect(count(plain, '#000000')).toBeGreaterThan(1000);
  });

  it('on a custom illustration the same name is not a source: refused, naming the layer, not drawn empty', async () => {
    await expect(pixels(leaf({}))).rejects.toMatchObject({ code: 'cannot_build_banner', layer: 'art' });
  });
});

describe('shape patterns', () => {
  const patterned = (pattern_name?: string) =>
    pixels({
      elements: [
        {
          name: 's',
          type: 'shape',
          box: [0, 0, 200, 200],
          properties: { background_color: '#FEF3C7', ...(pattern_name ? { pattern_name, pattern_color: '#111827' } : {}) },
        },
      ],
    });

  it('every documented pattern draws, and each differently', async () => {
    const plain = await patterned();
    const drawn: RawImage[] = [];
    for (const name of PATTERN_NAMES) {
      const img = await patterned(name);
      const ink = differingPixels(plain, img);
      expect(ink, name).toBeGreaterThan(200 * 200 * 0.03);
      expect(ink, name).toBeLessThan(200 * 200 * 0.9);
      drawn.push(img);
    }
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        expect(differingPixels(drawn[i]!, drawn[j]!), `${PATTERN_NAMES[i]} vs ${PATTERN_NAMES[j]}`).toBeGreaterThan(400);
      }
    }
  });
});

describe('duotone', () => {
  // Left half black, right half white: duotone maps them to the palette's two colours.
  const halves = svgUrl('<rect width="50" height="100" fill="#000"/><rect x="50" width="50" height="100" fill="#fff"/>');
  const image = (props: Record<string, unknown>): FixtureDesign => ({
    elements: [{ name: 'photo', type: 'image', box: [0, 0, 200, 200], properties: { image_url: halves, ...props } }],
  });

  it('maps black to the dark colour and white to the light one', async () => {
    const img = await pixels(image({ filter_name: 'duotone', filter_properties: { name: 'deep_blue_red' } }));
    expect(near(pixelAt(img, 50, 100), '#0B1D51', 6), String(pixelAt(img, 50, 100))).toBe(true);
    expect(near(pixelAt(img, 150, 100), '#E63946', 6), String(pixelAt(img, 150, 100))).toBe(true);
  });

  it('without a palette name uses the first palette; grayscale stays grey', async () => {
    const img = await pixels(image({ filter_name: 'duotone' }));
    expect(near(pixelAt(img, 50, 100), '#1E3A8A', 6), String(pixelAt(img, 50, 100))).toBe(true);
    expect(near(pixelAt(img, 150, 100), '#6EE7B7', 6), String(pixelAt(img, 150, 100))).toBe(true);
    const grey = await pixels(image({ filter_name: 'grayscale' }));
    expect(near(pixelAt(grey, 150, 100), WHITE, 6)).toBe(true);
  });

  it('mixes mid-tones between the two colours', async () => {
    const mid = svgUrl('<rect width="100" height="100" fill="#808080"/>');
    const img = await pixels({
      elements: [
        {
          name: 'photo',
          type: 'image',
          box: [0, 0, 200, 200],
          properties: { image_url: mid, filter_name: 'duotone', filter_properties: { name: 'deep_blue_red' } },
        },
      ],
    });
    const [r, g, b] = pixelAt(img, 100, 100);
    // Halfway (in sRGB values) from #0B1D51 to #E63946.
    expect(Math.abs(r - (0x0b + 0xe6) / 2)).toBeLessThan(12);
    expect(Math.abs(g - (0x1d + 0x39) / 2)).toBeLessThan(12);
    expect(Math.abs(b - (0x51 + 0x46) / 2)).toBeLessThan(12);
  });
});

describe('image mask skew_y', () => {
  const solid = svgUrl(`<rect width="100" height="100" fill="${BLUE}"/>`);
  const image = (mask_properties?: Record<string, unknown>, mask_name?: string): FixtureDesign => ({
    elements: [
      {
        name: 'photo',
        type: 'image',
        box: [40, 40, 120, 120],
        properties: { image_url: solid, ...(mask_properties ? { mask_properties } : {}), ...(mask_name ? { mask_name } : {}) },
      },
    ],
  });

  it('slants the mask outline: the right edge rises, the left falls, the picture still fills it', async () => {
    const upright = await pixels(image());
    const slanted = await pixels(image({ skew_y: 20 }));
    expect(near(pixelAt(upright, 45, 45), BLUE)).toBe(true);
    expect(near(pixelAt(upright, 155, 30), WHITE)).toBe(true);
    // tan(20°) × 60 px ≈ 22 px up on the right, down on the left.
    expect(near(pixelAt(slanted, 45, 45), WHITE)).toBe(true);
    expect(near(pixelAt(slanted, 155, 30), BLUE)).toBe(true);
    expect(near(pixelAt(slanted, 45, 170), BLUE)).toBe(true);
    const negative = await pixels(image({ skew_y: -20 }));
    expect(near(pixelAt(negative, 45, 30), BLUE)).toBe(true);
    expect(near(pixelAt(negative, 155, 45), WHITE)).toBe(true);
  });

  it('slants a named mask too', async () => {
    const circle = await pixels(image(undefined, 'circle'));
    const slanted = await pixels(image({ skew_y: 20 }, 'circle'));
    expect(differingPixels(circle, slanted)).toBeGreaterThan(1000);
  });
});

describe('text overflow without a fitting option', () => {
  const LONG = 'A sentence far too long for its small box, which would spill below it if it were not clipped';
  const text = (box: [number, number, number, number], payload = LONG): FixtureDesign => ({
    elements: [{ name: 't', type: 'text', box, properties: { payload, font: 'Inter', font_size: 24, color: '#000000' } }],
  });

  it('is clipped to the box and marked clipped', async () => {
    const { file, inspected } = await render(text([20, 20, 160, 40]), { type: 'png' }, (page) =>
      page.$eval('[data-layer="t"]', (el) => (el as HTMLElement).dataset.overflow ?? null),
    );
    expect(inspected).toBe('clipped');
    const img = await rawPixels(file.bytes);
    const blank = await pixels({ elements: [] });
    expect(differingPixels(img, blank, { x: 0, y: 64, width: 200, height: 136 })).toBe(0);
    expect(differingPixels(img, blank, { x: 20, y: 20, width: 160, height: 40 })).toBeGreaterThan(100);
  });

  it('a text that fits is not touched', async () => {
    const { inspected } = await render(text([20, 20, 160, 160], 'Fits'), { type: 'png' }, (page) =>
      page.$eval('[data-layer="t"]', (el) => (el as HTMLElement).dataset.overflow ?? null),
    );
    expect(inspected).toBeNull();
  });
});
