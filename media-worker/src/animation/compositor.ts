import type { Composition } from '@pressroom/model';
import { createCompositeInstance, type WasmImage } from './composite-wasm.js';
import { i420Bytes } from './i420.js';

/**
 * The layer compositor (docs/animation.md, "Frames composited from layer rasters"): every frame
 * of a composited file drawn natively (WebAssembly with SIMD, composite-wasm.ts) from the rasters
 * the render worker drew once, applying each frame's states as Chromium's player would:
 * visibility, opacity (times the layer's own, already in its raster), translation, then rotation
 * and scale about the layer's transform origin, and typewriting as a clip between the raster with
 * every character shown and the one with none. A video layer's item draws the video's frame of the
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

/** An affine map (a, b, c, d, e, f), as a canvas's `setTransform`: x' = a·x + c·y + e, y' = b·x + d·y + f. */
type Matrix = [number, number, number, number, number, number];

/** `m` then `n` applied to a point: the map `m·n` (n first), as a canvas's `transform` composes. */
function times(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const translate = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];
const rotate = (degrees: number): Matrix => {
  const a = (degrees * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0];
};
const scaling = (x: number, y: number): Matrix => [x, 0, 0, y, 0, 0];

/** `rasters[k]` are the raw RGBA bytes of `composition.rasters[k]` (straight alpha). */
export function createCompositor(composition: Composition, rasters: readonly Buffer[], pixels: FramePixels = 'rgba'): Compositor {
  const { width, height } = composition;
  if (pixels === 'i420' && (width % 2 !== 0 || height % 2 !== 0)) throw new Error(`I420 frames need an even size, not ${width}×${height}`);
  for (const [k, r] of composition.rasters.entries()) {
    const [, , w, h] = r.box;
    const bytes = rasters[k]!;
    if (bytes.length !== w * h * 4) throw new Error(`raster ${r.key} has ${bytes.length} bytes, not ${w}×${h}×4`);
  }
  const wasm = createCompositeInstance();
  const { fn } = wasm;
  // The frame drawn last, whole, premultiplied (opaque: white under everything).
  const canvas = wasm.image(width, height);
  // Each raster is premultiplied into the instance's memory when a frame first draws it: a thread
  // compositing a chunk of the file makes only those its frames show (a layer's rasters at other
  // scales serve a few frames each).
  const made = new Map<number, WasmImage>();
  const image = (k: number): WasmImage => {
    let drawn = made.get(k);
    if (drawn) return drawn;
    const [, , w, h] = composition.rasters[k]!.box;
    // A transparent pixel all round (PAD): an image's own edges are not antialiased (a pixel is
    // drawn when its centre falls inside it), so a raster drawn at a fractional offset would snap
    // its edges to whole pixels where Chromium blends them; inside a transparent margin, bilinear
    // sampling blends them.
    drawn = wasm.image(w + 2 * PAD, h + 2 * PAD);
    wasm.put(drawn, rasters[k]!, w, h, PAD, PAD);
    made.set(k, drawn);
    return drawn;
  };
  // One scratch image per typewriting item, holding the last count of units drawn into it.
  const typed = new Map<number, { image: WasmImage; shown: number }>();
  // One image per video, holding the frame shown (its index; -1: none yet), made on first use.
  const videoImages: ({ image: WasmImage; shown: number } | null)[] = composition.videos.map(() => null);
  let videoFrames: readonly (VideoFrame | null)[] = [];
  const videoImage = (k: number): WasmImage | null => {
    const frame = videoFrames[k] ?? null;
    if (frame === null) return null;
    const [w, h] = composition.videos[k]!.size;
    let v = videoImages[k];
    if (!v) {
      v = { image: wasm.image(w, h), shown: -1 };
      videoImages[k] = v;
    }
    if (v.shown !== frame.index) {
      wasm.put(v.image, frame.bytes, w, h, 0, 0);
      v.shown = frame.index;
    }
    return v.image;
  };

  const typedImage = (index: number, item: Composition['items'][number], shown: number): WasmImage | null => {
    const full = item.raster === null ? null : image(item.raster);
    const none = item.untyped === null ? null : image(item.untyped);
    const units = item.units ?? [];
    if (shown >= units.length) return full;
    if (shown <= 0) return none;
    if (!full) return none;
    const [left, top] = composition.rasters[item.raster!]!.box;
    let scratch = typed.get(index);
    if (!scratch) {
      scratch = { image: wasm.image(full.width, full.height), shown: -1 };
      typed.set(index, scratch);
    }
    if (scratch.shown !== shown) {
      const { ptr, width: w, height: h } = scratch.image;
      if (none) fn.copyBox(none.ptr, ptr, w, 0, 0, w, h);
      else fn.fill(ptr, w, 0, 0, w, h, 0);
      // The typed raster inside the shown units' boxes: the pixels whose centres fall inside one.
      for (const [x, y, uw, uh] of shownRegion(units, shown)) {
        const x0 = Math.max(0, Math.ceil(x - left + PAD - 0.5));
        const y0 = Math.max(0, Math.ceil(y - top + PAD - 0.5));
        const x1 = Math.min(w, Math.ceil(x - left + PAD + uw - 0.5));
        const y1 = Math.min(h, Math.ceil(y - top + PAD + uh - 0.5));
        if (x1 > x0 && y1 > y0) fn.copyBox(full.ptr, ptr, w, x0, y0, x1 - x0, y1 - y0);
      }
      scratch.shown = shown;
    }
    return scratch.image;
  };

  /** `image` drawn onto the frame through `m` with `alpha`, inside the box `clip`. */
  const paint = (image: WasmImage, m: Matrix, alpha: number, [cx, cy, cw, ch]: Box) => {
    const ga = Math.round(alpha * 256);
    if (ga <= 0) return;
    if (m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && Number.isInteger(m[4]) && Number.isInteger(m[5]))
      fn.blit(image.ptr, image.width, image.height, canvas.ptr, width, m[4], m[5], ga, cx, cy, cw, ch);
    else fn.draw(image.ptr, image.width, image.height, canvas.ptr, width, ...m, ga, cx, cy, cw, ch);
  };

  type Box = [number, number, number, number];
  // Frames go out through a stream that holds a few of them at once: each frame is written into
  // the next of a ring of buffers, never into one still queued.
  // (Made on first use: a compositor thread writes into buffers of its own, `frameInto`.)
  const frameSize = pixels === 'i420' ? i420Bytes(width, height) : width * height * 4;
  const ring: Buffer[] = [];
  let ringAt = 0;
  // The frame drawn last, whole, as it goes out: each frame is drawn into it where it changed,
  // then copied out. RGBA: the canvas itself (opaque, so premultiplied is straight); I420: the
  // canvas converted, in the instance's memory too.
  const work = pixels === 'i420' ? wasm.alloc(frameSize) : canvas.ptr;
  const workBytes = () => wasm.heap().subarray(work, work + frameSize);
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

  // The items under every one that ever changes never change: they are drawn once, over white, into
  // an underlay, and each frame's box starts as a copy of it instead of a fill and their draws
  // (a pixel comes out of a draw the same whatever the box, so the frame is the same byte for byte).
  const still = stillItems(composition);
  let underlay: WasmImage | null = null;
  const base = (box: Box) => {
    if (still === 0) {
      // Chromium's frames are JPEGs: what no layer covers is white.
      fn.fill(canvas.ptr, width, ...box, 0xffffffff);
      return;
    }
    if (!underlay) {
      // Made on the first frame, which is drawn whole: the canvas is all redrawn below.
      underlay = wasm.image(width, height);
      const whole: Box = [0, 0, width, height];
      fn.fill(canvas.ptr, width, ...whole, 0xffffffff);
      drawItems(composition.states[0]!, whole, 0, still);
      fn.copyBox(canvas.ptr, underlay.ptr, width, ...whole);
    }
    fn.copyBox(underlay.ptr, canvas.ptr, width, ...box);
  };

  const draw = (states: Composition['states'][number], box: Box) => {
    base(box);
    drawItems(states, box, still, composition.items.length);
  };

  /** Items `from` to `to` (not included) at these states, inside `box`. */
  const drawItems = (states: Composition['states'][number], box: Box, from: number, to: number) => {
    composition.items.slice(from, to).forEach((item, k) => {
      const index = from + k;
      if (item.gates.some((g) => states[g]![0] === 0)) return;
      const s = item.layer === null ? null : states[item.layer]!;
      if (s && (s[0] === 0 || s[1] <= 0 || s[4] <= 0)) return;
      if (item.video !== null) {
        drawVideo(item, item.video, s, box);
        return;
      }
      const { raster, scale } = pick(item, s);
      if (raster === null) return;
      const drawn = s && item.units ? typedImage(index, item, s[6]) : item.raster === null ? null : image(raster);
      if (!drawn) return;
      const [left, top] = composition.rasters[raster]!.box;
      const at = translate(left - PAD, top - PAD);
      if (!s || (s[2] === 0 && s[3] === 0 && scale === 1 && s[5] === 0)) {
        paint(drawn, at, s ? s[1] : 1, box);
        return;
      }
      // CSS's order of the individual transforms, about the layer's origin: translate, rotate, scale.
      const [ox, oy] = item.origin;
      const motion = times(times(translate(ox + s[2], oy + s[3]), rotate(s[5])), scaling(scale, scale));
      paint(drawn, times(times(motion, translate(-ox, -oy)), at), s[1], box);
    });
  };

  /**
   * A video's frame in its box (its fit is in the decoded frame), with the layer's opacity, and
   * its motion then its own turn about its origin (CSS: translate, rotate, scale, then transform).
   */
  const drawVideo = (item: Composition['items'][number], k: number, s: Composition['states'][number][number] | null, box: Box) => {
    const image = videoImage(k);
    if (!image) return;
    const video = composition.videos[k]!;
    const [left, top, w, h] = video.box;
    let m = times(translate(left, top), scaling(w / image.width, h / image.height));
    if ((s && (s[2] !== 0 || s[3] !== 0 || s[4] !== 1 || s[5] !== 0)) || video.rotation !== 0) {
      const [ox, oy] = item.origin;
      const motion = s ? times(times(translate(ox + s[2], oy + s[3]), rotate(s[5])), scaling(s[4], s[4])) : translate(ox, oy);
      m = times(times(times(motion, rotate(video.rotation)), translate(-ox, -oy)), m);
    }
    paint(image, m, video.opacity * (s ? s[1] : 1), box);
  };

  /**
   * Brings `work` (the last frame drawn, whole) to frame `i`, drawing and reading back only what
   * changed since the previous frame: the union of the old and new boxes of every item whose
   * state moved (converting and copying out a whole 1080² frame costs more than drawing the box). False:
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
    draw(states, clipped!);
    if (pixels === 'i420') fn.toI420(canvas.ptr, width, height, work, ...clipped!);
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
      out.set(workBytes());
      last = out;
      return out;
    },
    frameInto(i, into, always = false, videos = []) {
      const changed = advance(i, videos);
      if (changed || always) into.set(workBytes());
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

/**
 * How many items, from the bottom, are drawn the same in every frame: no video, and neither their
 * layer's state nor their gates' visibility ever change. Pure.
 */
export function stillItems(composition: Composition): number {
  const [first, ...rest] = composition.states;
  if (!first) return 0;
  const constant = (layer: number, whole: boolean) =>
    rest.every((states) => (whole ? sameSample(states[layer]!, first[layer]!) : states[layer]![0] === first[layer]![0]));
  const changes = composition.items.findIndex(
    (item) => item.video !== null || (item.layer !== null && !constant(item.layer, true)) || item.gates.some((g) => !constant(g, false)),
  );
  return changes === -1 ? composition.items.length : changes;
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
