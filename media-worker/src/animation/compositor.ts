import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import type { Composition } from '@pressroom/model';
import { i420Bytes, rgbaToI420 } from './i420.js';
import { skia } from './skia.js';

/**
 * The layer compositor (docs/animation.md, "Frames composited from layer rasters"): every frame
 * of a composited file drawn natively with Skia (`@napi-rs/canvas`) from the rasters the render
 * worker drew once, applying each frame's states as Chromium's player would: visibility,
 * opacity (times the layer's own, already in its raster), translation, then rotation and scale
 * about the layer's transform origin, and typewriting as a clip between the raster with every
 * character shown and the one with none. A video layer's item draws the video's frame of the
 * moment (decoded by ffmpeg, video-layers.ts) in its box the same way. Frames are raw RGBA for
 * the encoder: no JPEG between.
 */
export interface Compositor {
  /**
   * Frame `i` (from the composition's first): `width × height × 4` bytes of RGBA, or I420
   * (`pixels: 'i420'`), in one of a few buffers the compositor reuses in turn; a frame that
   * repeats the previous one is the same buffer again. `videos[k]` is what
   * `composition.videos[k]` shows at it (null: nothing); frames with videos are asked in order.
   */
  frame(i: number, videos?: readonly (VideoFrame | null)[]): Buffer;
  /**
   * Frame `i` written into `into` (a buffer of one frame's size, the caller's to keep). False when
   * it repeats the previous frame: `into` is then left as it was, unless `always`. `videos` as
   * for `frame`.
   */
  frameInto(i: number, into: Buffer, always?: boolean, videos?: readonly (VideoFrame | null)[]): boolean;
  readonly width: number;
  readonly height: number;
  readonly pixels: FramePixels;
}

/**
 * How frames come out: RGBA (a GIF's palette works on RGB), or I420 (yuv420p, the MP4's
 * encoding format: ffmpeg then converts nothing, i420.ts). I420 needs an even width and height.
 */
export type FramePixels = 'rgba' | 'i420';

/** A video's own frame `index`, decoded at its `size` (RGBA, not premultiplied). */
export interface VideoFrame {
  index: number;
  bytes: Buffer;
}

/** `rasters[k]` are the raw RGBA bytes of `composition.rasters[k]`. */
export function createCompositor(composition: Composition, rasters: readonly Buffer[], pixels: FramePixels = 'rgba'): Compositor {
  const { createCanvas } = skia();
  const { width, height } = composition;
  if (pixels === 'i420' && (width % 2 !== 0 || height % 2 !== 0)) throw new Error(`I420 frames need an even size, not ${width}×${height}`);
  for (const [k, r] of composition.rasters.entries()) {
    const [, , w, h] = r.box;
    const bytes = rasters[k]!;
    if (bytes.length !== w * h * 4) throw new Error(`raster ${r.key} has ${bytes.length} bytes, not ${w}×${h}×4`);
  }
  // Each raster becomes a Skia image when a frame first draws it: a thread compositing a chunk
  // of the file makes only those its frames show (a layer's rasters at other scales serve a few
  // frames each).
  const made = new Map<number, Canvas>();
  const image = (k: number): Canvas => {
    let canvas = made.get(k);
    if (canvas) return canvas;
    const [, , w, h] = composition.rasters[k]!.box;
    // A transparent pixel all round (PAD): Skia does not antialias an image's own edges, so a
    // raster drawn at a fractional offset would snap its edges to whole pixels where Chromium
    // blends them; inside a transparent margin, bilinear sampling blends them.
    canvas = createCanvas(w + 2 * PAD, h + 2 * PAD);
    const ctx = canvas.getContext('2d');
    const data = ctx.createImageData(w, h);
    data.data.set(rasters[k]!);
    ctx.putImageData(data, PAD, PAD);
    made.set(k, canvas);
    return canvas;
  };
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d', { alpha: false });
  // One scratch canvas per typewriting item, holding the last count of units drawn into it.
  const typed = new Map<number, { canvas: Canvas; ctx: SKRSContext2D; shown: number }>();
  // One canvas per video, holding the frame shown (its index; -1: none yet).
  const videoCanvases = composition.videos.map((v) => {
    const c = createCanvas(v.size[0], v.size[1]);
    const vctx = c.getContext('2d');
    return { canvas: c, ctx: vctx, image: vctx.createImageData(v.size[0], v.size[1]), shown: -1 };
  });
  let videoFrames: readonly (VideoFrame | null)[] = [];
  const videoImage = (k: number): Canvas | null => {
    const frame = videoFrames[k] ?? null;
    if (frame === null) return null;
    const v = videoCanvases[k]!;
    if (v.shown !== frame.index) {
      v.image.data.set(frame.bytes);
      v.ctx.putImageData(v.image, 0, 0);
      v.shown = frame.index;
    }
    return v.canvas;
  };

  const typedImage = (index: number, item: Composition['items'][number], shown: number): Canvas | null => {
    const full = item.raster === null ? null : image(item.raster);
    const none = item.untyped === null ? null : image(item.untyped);
    const units = item.units ?? [];
    if (shown >= units.length) return full;
    if (shown <= 0) return none;
    if (!full) return none;
    const [left, top, w, h] = composition.rasters[item.raster!]!.box;
    let scratch = typed.get(index);
    if (!scratch) {
      const c = createCanvas(w + 2 * PAD, h + 2 * PAD);
      scratch = { canvas: c, ctx: c.getContext('2d'), shown: -1 };
      typed.set(index, scratch);
    }
    if (scratch.shown !== shown) {
      const s = scratch.ctx;
      s.globalCompositeOperation = 'copy';
      if (none) s.drawImage(none, 0, 0);
      else s.clearRect(0, 0, w + 2 * PAD, h + 2 * PAD);
      s.save();
      s.beginPath();
      for (const [x, y, uw, uh] of shownRegion(units, shown)) s.rect(x - left + PAD, y - top + PAD, uw, uh);
      s.clip();
      s.drawImage(full, 0, 0);
      s.restore();
      s.globalCompositeOperation = 'source-over';
      scratch.shown = shown;
    }
    return scratch.canvas;
  };

  type Box = [number, number, number, number];
  // Frames go out through a stream that holds a few of them at once: each frame is written into
  // the next of a ring of buffers, never into one still queued.
  // (Made on first use: a compositor thread writes into buffers of its own, `frameInto`.)
  const frameSize = pixels === 'i420' ? i420Bytes(width, height) : width * height * 4;
  const ring: Buffer[] = [];
  let ringAt = 0;
  // The frame drawn last, whole: each frame is drawn into it where it changed, then copied out.
  const work = Buffer.alloc(frameSize);
  let previous: { states: Composition['states'][number]; boxes: (Box | null)[] } | null = null;
  let last: Buffer | null = null;

  /** Where an item paints at these states (its raster's box through its transform, widened for antialiasing); null: nowhere. */
  const boxOf = (item: Composition['items'][number], states: Composition['states'][number]): Box | null => {
    if (item.gates.some((g) => states[g]![0] === 0)) return null;
    const s = item.layer === null ? null : states[item.layer]!;
    const { raster, scale: k } = pick(item, s);
    const rect = item.video !== null ? composition.videos[item.video]!.box : raster === null ? null : composition.rasters[raster]!.box;
    if (rect === null) return null;
    const [left, top, w, h] = rect;
    // A video's own turn (its raster-less box) comes after the motion: scale and turns about one origin commute.
    const own = item.video !== null ? composition.videos[item.video]!.rotation : 0;
    if (!s && own === 0) return [left, top, w, h];
    if (s && (s[0] === 0 || s[1] <= 0 || s[4] <= 0)) return null;
    const [ox, oy] = item.origin;
    const [dx, dy] = s ? [s[2], s[3]] : [0, 0];
    const a = (((s ? s[5] : 0) + own) * Math.PI) / 180;
    const cos = Math.cos(a) * k;
    const sin = Math.sin(a) * k;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const [cx, cy] of [
      [left, top],
      [left + w, top],
      [left, top + h],
      [left + w, top + h],
    ] as const) {
      const x = ox + dx + cos * (cx - ox) - sin * (cy - oy);
      const y = oy + dy + sin * (cx - ox) + cos * (cy - oy);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    return [x0 - 2, y0 - 2, x1 - x0 + 4, y1 - y0 + 4];
  };

  const draw = (states: Composition['states'][number]) => {
    ctx.globalCompositeOperation = 'source-over';
    ctx.globalAlpha = 1;
    // Chromium's frames are JPEGs: what no layer covers is white.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    composition.items.forEach((item, index) => {
      if (item.gates.some((g) => states[g]![0] === 0)) return;
      const s = item.layer === null ? null : states[item.layer]!;
      if (s && (s[0] === 0 || s[1] <= 0 || s[4] <= 0)) return;
      if (item.video !== null) {
        drawVideo(item, item.video, s);
        return;
      }
      const { raster, scale } = pick(item, s);
      if (raster === null) return;
      const drawn = s && item.units ? typedImage(index, item, s[6]) : item.raster === null ? null : image(raster);
      if (!drawn) return;
      const [left, top] = composition.rasters[raster]!.box;
      if (!s || (s[2] === 0 && s[3] === 0 && scale === 1 && s[5] === 0)) {
        ctx.globalAlpha = s ? s[1] : 1;
        ctx.drawImage(drawn, left - PAD, top - PAD);
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
      ctx.drawImage(drawn, left - PAD, top - PAD);
      ctx.restore();
    });
  };

  /**
   * A video's frame in its box (its fit is in the decoded frame), with the layer's opacity, and
   * its motion then its own turn about its origin (CSS: translate, rotate, scale, then transform).
   */
  const drawVideo = (item: Composition['items'][number], k: number, s: Composition['states'][number][number] | null) => {
    const image = videoImage(k);
    if (!image) return;
    const video = composition.videos[k]!;
    const [left, top, w, h] = video.box;
    ctx.save();
    ctx.globalAlpha = video.opacity * (s ? s[1] : 1);
    if ((s && (s[2] !== 0 || s[3] !== 0 || s[4] !== 1 || s[5] !== 0)) || video.rotation !== 0) {
      const [ox, oy] = item.origin;
      if (s) {
        ctx.translate(ox + s[2], oy + s[3]);
        ctx.rotate((s[5] * Math.PI) / 180);
        ctx.scale(s[4], s[4]);
      } else ctx.translate(ox, oy);
      ctx.rotate((video.rotation * Math.PI) / 180);
      ctx.translate(-ox, -oy);
    }
    ctx.drawImage(image, left, top, w, h);
    ctx.restore();
  };

  /**
   * Brings `work` (the last frame drawn, whole) to frame `i`, drawing and reading back only what
   * changed since the previous frame: the union of the old and new boxes of every item whose
   * state moved (reading a whole 1080² frame back from Skia costs more than drawing it). False:
   * frame `i` is the previous frame, pixel for pixel (nothing moved).
   */
  const advance = (i: number, videos: readonly (VideoFrame | null)[]): boolean => {
    const states = composition.states[Math.min(i, composition.states.length - 1)]!;
    const boxes = composition.items.map((item) => boxOf(item, states));
    const shownBefore = videoFrames.map((f) => f?.index ?? -1);
    videoFrames = videos;
    let dirty: Box | null = null;
    if (!previous) dirty = [0, 0, width, height];
    else {
      for (const [k, item] of composition.items.entries()) {
        const moved =
          (item.layer !== null && !sameSample(previous.states[item.layer]!, states[item.layer]!)) ||
          item.gates.some((g) => previous!.states[g]![0] !== states[g]![0]) ||
          (item.video !== null && (shownBefore[item.video] ?? -1) !== (videos[item.video]?.index ?? -1));
        if (!moved) continue;
        dirty = union(dirty, previous.boxes[k] ?? null);
        dirty = union(dirty, boxes[k] ?? null);
      }
    }
    // I420 converts whole 2×2 blocks: the box is widened to even edges.
    const clipped = dirty && clip(dirty, width, height, pixels === 'i420' ? 2 : 1);
    const first = !previous;
    previous = { states, boxes };
    if (!first && !clipped) return false;
    const [dx, dy, dw, dh] = clipped!;
    ctx.save();
    ctx.beginPath();
    ctx.rect(dx, dy, dw, dh);
    ctx.clip();
    draw(states);
    ctx.restore();
    const drawn = ctx.getImageData(dx, dy, dw, dh).data;
    if (pixels === 'i420') rgbaToI420(drawn, dw, dh, work, width, height, dx, dy);
    else {
      const source = Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
      for (let y = 0; y < dh; y += 1) source.copy(work, ((dy + y) * width + dx) * 4, y * dw * 4, (y + 1) * dw * 4);
    }
    return true;
  };

  return {
    width,
    height,
    pixels,
    frame(i, videos = []) {
      if (!advance(i, videos) && last) return last;
      if (ring.length === 0) for (let k = 0; k < FRAME_RING; k += 1) ring.push(Buffer.alloc(frameSize));
      const out = ring[ringAt]!;
      ringAt = (ringAt + 1) % ring.length;
      work.copy(out);
      last = out;
      return out;
    },
    frameInto(i, into, always = false, videos = []) {
      const changed = advance(i, videos);
      if (changed || always) work.copy(into);
      return changed;
    },
  };
}

/**
 * The raster an item is drawn from at a state, and the scale to draw it at: of the raster as
 * designed (scale 1) and those drawn at other scales (`item.scaled`), the one at the smallest
 * scale at or above the state's, so it is only ever shrunk (and not at all at a scale drawn);
 * above every one, the largest, enlarged. A raster cut by the canvas's edge (`inPlace`) serves
 * only its own scale, unmoved and unturned.
 */
function pick(
  item: Composition['items'][number],
  s: Composition['states'][number][number] | null,
): { raster: number | null; scale: number } {
  const scale = s ? s[4] : 1;
  const designed = item.raster ?? item.untyped;
  if (scale === 1 || item.scaled.length === 0) return { raster: designed, scale };
  const still = s !== null && s[2] === 0 && s[3] === 0 && s[5] === 0;
  let from = { raster: designed, scale: 1 };
  let best = scale <= 1 + SAME_SCALE ? from : null;
  for (const drawn of item.scaled) {
    if (drawn.inPlace) {
      if (still && Math.abs(drawn.scale / scale - 1) <= SAME_SCALE) return { raster: drawn.raster, scale: 1 };
      continue;
    }
    if (drawn.scale >= scale - SAME_SCALE && (best === null || drawn.scale < best.scale)) best = drawn;
    if (drawn.scale > from.scale) from = drawn;
  }
  best ??= from;
  const by = scale / best.scale;
  return { raster: best.raster, scale: Math.abs(by - 1) <= SAME_SCALE ? 1 : by };
}

/** Scales this close are one (planRasterScales draws scales rounded to 4 decimals). */
const SAME_SCALE = 1e-4;

/** The transparent margin around every raster's image, px (see createCompositor). */
const PAD = 1;

/** Frames the encoder's input stream may hold at once (being written, buffered, being made), with margin. */
const FRAME_RING = 6;

function sameSample(a: readonly number[], b: readonly number[]): boolean {
  return a.every((v, i) => v === b[i]);
}

function union(
  a: [number, number, number, number] | null,
  b: [number, number, number, number] | null,
): [number, number, number, number] | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  return [x, y, Math.max(a[0] + a[2], b[0] + b[2]) - x, Math.max(a[1] + a[3], b[1] + b[3]) - y];
}

/** A box rounded out to whole multiples of `step` px inside the canvas; null when nothing of it is. */
function clip(
  [x, y, w, h]: [number, number, number, number],
  width: number,
  height: number,
  step: number,
): [number, number, number, number] | null {
  const x0 = Math.max(0, Math.floor(x / step) * step);
  const y0 = Math.max(0, Math.floor(y / step) * step);
  const x1 = Math.min(width, Math.ceil((x + w) / step) * step);
  const y1 = Math.min(height, Math.ceil((y + h) / step) * step);
  return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null;
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
