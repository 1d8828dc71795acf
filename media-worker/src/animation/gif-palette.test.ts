import type { Composition } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { GIF_PALETTE_EVERY, GIF_PALETTE_OPACITY_STEP, gifPaletteFrames } from './gif-palette.js';

type Sample = Composition['states'][number][number];

/** One layer's states over `frames` frames: visible at `opacity(i)` where that is above 0, hidden elsewhere. */
function layer(frames: number, opacity: (i: number) => number): Sample[] {
  return Array.from({ length: frames }, (_, i): Sample => {
    const o = opacity(i);
    return [o > 0 ? 1 : 0, o, 0, 0, 1, 0, -1];
  });
}

/** Per-frame states of these layers. */
function states(...layers: Sample[][]): Composition['states'] {
  return layers[0]!.map((_, i) => layers.map((l) => l[i]!));
}

describe('the frames a GIF palette is made from', () => {
  it('every GIF_PALETTE_EVERYth frame from the first, and the last', () => {
    expect(GIF_PALETTE_EVERY).toBe(4);
    expect(gifPaletteFrames(63)).toEqual([0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 62]);
    expect(gifPaletteFrames(9)).toEqual([0, 4, 8]);
    expect(gifPaletteFrames(1)).toEqual([0]);
    expect(gifPaletteFrames(0)).toEqual([]);
  });

  it('layers that move, scale, turn or type without fading add nothing', () => {
    const moving = Array.from({ length: 20 }, (_, i): Sample => [1, 1, i * 10, i, 1 + i / 10, i * 20, i]);
    expect(
      gifPaletteFrames(
        20,
        states(
          layer(20, () => 1),
          moving,
        ),
      ),
    ).toEqual(gifPaletteFrames(20));
  });

  it('a fade adds a frame wherever the opacity moved more than GIF_PALETTE_OPACITY_STEP since the frame taken before', () => {
    expect(GIF_PALETTE_OPACITY_STEP).toBe(0.25);
    // 0 → 1 over frames 0–10 (0.1 a frame): taken at 0 (0), 3 (0.3), 4 (0.4, every 4th), 7 (0.7), 8, 11 (held at 1).
    const fadeIn = layer(16, (i) => Math.min(1, i / 10));
    expect(gifPaletteFrames(16, states(fadeIn))).toEqual([0, 3, 4, 7, 8, 12, 15]);
    // Two layers fading at once (one out over frames 0–5, 0.2 a frame): either one's move takes a frame.
    const fadeOut = layer(16, (i) => Math.max(0, 1 - i / 5));
    expect(gifPaletteFrames(16, states(fadeIn, fadeOut))).toEqual([0, 2, 4, 7, 8, 12, 15]);
  });

  it('a layer shown between two sampled frames adds the frame it is seen at', () => {
    // Seen at frames 5–6 only, between the 4th and 8th.
    const flash = layer(12, (i) => (i === 5 || i === 6 ? 0.9 : 0));
    expect(gifPaletteFrames(12, states(flash))).toEqual([0, 4, 5, 7, 8, 11]);
    // Hidden (visible 0) counts as opacity 0, whatever the opacity says.
    const hidden = layer(12, () => 1).map((s, i): Sample => (i === 5 ? [0, 1, 0, 0, 1, 0, -1] : s));
    expect(gifPaletteFrames(12, states(hidden))).toEqual([0, 4, 5, 6, 8, 11]);
  });
});
