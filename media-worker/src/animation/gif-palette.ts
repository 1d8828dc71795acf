import type { Composition } from '@pressroom/model';

/**
 * A GIF's palette is made from a sample of its frames, not from all of them (docs/animation.md,
 * "GIF"): `palettegen stats_mode=full` counts every pixel of the frames it is given, and frames
 * close together add the same colours again. Every `GIF_PALETTE_EVERY`th frame (0.32 s apart at
 * 12.5 fps) is taken, the last, and, where the composition says what each frame shows, every frame
 * at which a layer's opacity has moved by more than `GIF_PALETTE_OPACITY_STEP` since the frame
 * taken before: a fade mixes a layer's colours with what is under it, colours no other frame has.
 * Measured (2026-11-29, docs/animation.md "GIF palette from a sample of the frames"): the example's
 * 63 frames at 1080² give the palette 24 frames, the GIF within 0.02 dB PSNR of the palette of
 * every frame; a photo fading in (the gallery's `animation-several-layers`) 2 dB under it in the
 * fade, 15 dB over the `stats_mode=diff` palette of every frame used before.
 */
export const GIF_PALETTE_EVERY = 4;

/** How far a layer's opacity (0 when hidden) may move between two frames taken for the palette. */
export const GIF_PALETTE_OPACITY_STEP = 0.25;

/**
 * The frames a GIF's palette is made from, in increasing order. Pure. `states`: the composition's
 * per-frame states of its timeline layers (composited frames); without them (Chromium's frames)
 * every `GIF_PALETTE_EVERY`th frame and the last.
 */
export function gifPaletteFrames(frames: number, states?: Composition['states']): number[] {
  const out: number[] = [];
  // Each layer's opacity at the frame taken last (0 when hidden).
  let taken: number[] | null = null;
  for (let i = 0; i < frames; i += 1) {
    const seen = states?.[i]?.map(([visible, opacity]) => (visible === 1 ? opacity : 0)) ?? null;
    const faded = seen !== null && taken !== null && seen.some((o, l) => Math.abs(o - (taken![l] ?? 0)) > GIF_PALETTE_OPACITY_STEP);
    if (i % GIF_PALETTE_EVERY === 0 || i === frames - 1 || faded) {
      out.push(i);
      taken = seen;
    }
  }
  return out;
}
