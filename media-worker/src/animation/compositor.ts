import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Composition } from '@pressroom/model';

/**
 * The layer compositor (docs/animation.md, "Frames composited from layer rasters"): every frame
 * of a composited file drawn natively with Skia (`@napi-rs/canvas`) from the rasters the render
 * worker drew once, applying each frame's states as Chromium's player would: visibility,
 * opacity (times the layer's own, already in its raster), translation, then rotation and scale
 * about the layer's transform origin, and typewriting as a clip between the raster with every
 * character shown and the one with none. Frames are raw RGBA for the encoder: no JPEG between.
 */
export interface Compositor {
  /** Frame `i` (from the composition's first), `width × height × 4` bytes of RGBA. */
  frame(i: number): Buffer;
  readonly width: number;
  readonly height: number;
}

/** `rasters[k]` are the raw RGBA bytes of `composition.rasters[k]`. */
export function createCompositor(composition: Composition, rasters: readonly Buffer[]): Compositor {
  const { width, height } = composition;
  const images = composition.rasters.map((r, k) => {
    const [, , w, h] = r.box;
    const bytes = rasters[k]!;
    if (bytes.length !== w * h * 4) throw new Error(`raster ${r.key} has ${bytes.length} bytes, not ${w}×${h}×4`);
    const canvas = createCanvas(w, h);
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(w, h);
    image.data.set(bytes);
    ctx.putImageData(image, 0, 0);
    return canvas;
  });
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d', { alpha: false });
  // One scratch canvas per typewriting item, holding the last count of units drawn into it.
  const typed = new Map<number, { canvas: Canvas; ctx: SKRSContext2D; shown: number }>();
  let last: { key: string; bytes: Buffer } | null = null;

  const typedImage = (index: number, item: Composition['items'][number], shown: number): Canvas | null => {
    const full = item.raster === null ? null : images[item.raster]!;
    const none = item.untyped === null ? null : images[item.untyped]!;
    const units = item.units ?? [];
    if (shown >= units.length) return full;
    if (shown <= 0) return none;
    if (!full) return none;
    const [left, top, w, h] = composition.rasters[item.raster!]!.box;
    let scratch = typed.get(index);
    if (!scratch) {
      const c = createCanvas(w, h);
      scratch = { canvas: c, ctx: c.getContext('2d'), shown: -1 };
      typed.set(index, scratch);
    }
    if (scratch.shown !== shown) {
      const s = scratch.ctx;
      s.globalCompositeOperation = 'copy';
      if (none) s.drawImage(none, 0, 0);
      else s.clearRect(0, 0, w, h);
      s.save();
      s.beginPath();
      for (const [x, y, uw, uh] of shownRegion(units, shown)) s.rect(x - left, y - top, uw, uh);
      s.clip();
      s.drawImage(full, 0, 0);
      s.restore();
      s.globalCompositeOperation = 'source-over';
      scratch.shown = shown;
    }
    return scratch.canvas;
  };

  return {
    width,
    height,
    frame(i) {
      const states = composition.states[Math.min(i, composition.states.length - 1)]!;
      // A frame whose states equal the last one's is the last one's pixels.
      const key = JSON.stringify(states);
      if (last?.key === key) return last.bytes;
      ctx.globalCompositeOperation = 'source-over';
      ctx.globalAlpha = 1;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      // Chromium's frames are JPEGs: what no layer covers is white.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      composition.items.forEach((item, index) => {
        if (item.gates.some((g) => states[g]![0] === 0)) return;
        const s = item.layer === null ? null : states[item.layer]!;
        if (s && (s[0] === 0 || s[1] <= 0 || s[4] <= 0)) return;
        const image = s && item.units ? typedImage(index, item, s[6]) : item.raster === null ? null : images[item.raster]!;
        if (!image) return;
        const raster = item.raster ?? item.untyped!;
        const [left, top] = composition.rasters[raster]!.box;
        const scale = s ? s[4] / item.scale : 1;
        if (!s || (s[2] === 0 && s[3] === 0 && scale === 1 && s[5] === 0)) {
          ctx.globalAlpha = s ? s[1] : 1;
          ctx.drawImage(image, left, top);
          ctx.globalAlpha = 1;
          return;
        }
        const [ox, oy] = item.origin;
        ctx.save();
        ctx.globalAlpha = s[1];
        ctx.translate(ox + s[2], oy + s[3]);
        ctx.rotate((s[5] * Math.PI) / 180);
        ctx.scale(scale, scale);
        ctx.translate(-ox, -oy);
        ctx.drawImage(image, left, top);
        ctx.restore();
      });
      const bytes = canvas.data();
      last = { key, bytes };
      return bytes;
    },
  };
}

/**
 * The area typewriting shows when `shown` units of `units` (boxes in reading order) are shown:
 * each shown unit's box, widened to cover what its glyph paints beyond it (an overhang, a
 * shadow) up to the first hidden unit on its line. Pure; canvas px.
 */
export function shownRegion(
  units: readonly (readonly [number, number, number, number])[],
  shown: number,
): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  for (let i = 0; i < Math.min(shown, units.length); i += 1) {
    const [x, y, w, h] = units[i]!;
    const pad = Math.ceil(h / 4);
    let right = x + w + pad;
    const next = units[i + 1];
    // The last shown unit stops where the next (hidden) one starts on the same line.
    if (i === shown - 1 && next && Math.abs(next[1] - y) < h / 2 && next[0] >= x) right = Math.max(x + w, next[0]);
    out.push([x - pad, y - pad, right - (x - pad), h + 2 * pad]);
  }
  return out;
}
