import type { FrameSourceFallback } from '@pressroom/renderer';
import type { FixtureDesign } from '../fixture-render.js';

/**
 * The picture gallery (docs/gallery/): one small image per property and value family, each with
 * the JSON that made it. `overrides` are request `elements` (what a generation request sends);
 * properties a request cannot set (auto-layout, a group mask, fonts by family name) are shown as
 * the design's `properties` of the layers named in `show`. The images double as goldens
 * (render-worker/src/static/gallery.e2e.test.ts). An animated entry (`design.animation` set) is
 * pictured as a strip of its frames at `stills`, drawn by Chromium as the frame-range jobs draw them
 * (render-worker/test/gallery/animated.ts); e2e/render-worker/animation/compositor-cases.e2e.test.ts
 * also composites it from layer rasters and holds it to Chromium's frames.
 */
export interface GalleryEntry {
  /** File name (without .webp) and anchor. */
  name: string;
  family: string;
  caption: string;
  design: FixtureDesign;
  /** Layers whose design properties the page shows (when the effect is not in `overrides`). */
  show?: string[];
  /** An animated entry's pictured moments, seconds: one frame each, left to right. */
  stills?: number[];
  /** An animated entry the planner draws in Chromium frame by frame rather than composite (docs/animation.md, fallbacks): why. */
  chromiumBecause?: FrameSourceFallback;
}
