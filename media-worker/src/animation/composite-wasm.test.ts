// The compositor's WebAssembly functions (wasm/composite.ts) against straightforward references
// in JavaScript: the transformed draw within one level, I420 byte for byte as i420.ts, the clip
// box, global alpha, the image's edges; and the committed composite.wasm is what its source
// builds to.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPOSITE_WASM, type CompositeInstance, createCompositeInstance, type WasmImage } from './composite-wasm.js';
import { i420Bytes, rgbaToI420 } from './i420.js';

type Matrix = [number, number, number, number, number, number];

/** A seeded generator of bytes (fast-check drives the seeds). */
function bytes(seed: number, n: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i += 1) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = s & 255;
  }
  return out;
}

/** Straight RGBA of `w × h`: random colours, alpha 0, 255 or between, so that every case of `over` is met. */
function straight(seed: number, w: number, h: number): Uint8Array {
  const out = bytes(seed, w * h * 4);
  for (let p = 0; p < w * h; p += 1) {
    const pick = out[p * 4 + 3]! % 3;
    if (pick === 0) out[p * 4 + 3] = 0;
    else if (pick === 1) out[p * 4 + 3] = 255;
  }
  return out;
}

function premultiplied(rgba: Uint8Array): Float64Array {
  const out = new Float64Array(rgba.length);
  for (let p = 0; p < rgba.length; p += 4) {
    const a = rgba[p + 3]!;
    for (let c = 0; c < 3; c += 1) out[p + c] = Math.round((rgba[p + c]! * a) / 255);
    out[p + 3] = a;
  }
  return out;
}

/**
 * The reference draw: each pixel of `frame` (opaque RGBA, `width` wide) whose centre maps inside
 * the image is the image sampled bilinearly there (at 1/256 px; edge pixels repeated), times `alpha`, over it;
 * NaN where the centre falls on the image's edge or the sample on a step of 1/256 px.
 */
function referenceDraw(
  frame: Float64Array,
  width: number,
  height: number,
  image: Float64Array,
  sw: number,
  sh: number,
  m: Matrix,
  alpha: number,
  [cx, cy, cw, ch]: [number, number, number, number],
): void {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  const at = (x: number, y: number, k: number) =>
    image[(Math.min(sh - 1, Math.max(0, y)) * sw + Math.min(sw - 1, Math.max(0, x))) * 4 + k]!;
  for (let y = Math.max(0, cy); y < Math.min(height, cy + ch); y += 1)
    for (let x = Math.max(0, cx); x < Math.min(width, cx + cw); x += 1) {
      const px = x + 0.5 - e;
      const py = y + 0.5 - f;
      const u = (d * px - c * py) / det;
      const v = (-b * px + a * py) / det;
      // Sampled at 1/256 px, as the fixed point of the draw.
      const qu = (u - 0.5) * 256;
      const qv = (v - 0.5) * 256;
      const near = (t: number, edge: number) => Math.abs(t - edge) < 1e-6;
      // The draw steps along a row in 16.16 fixed point: by the row's end it may be a few 1/65536 px off.
      const onStep = (q: number) => Math.abs(q - Math.round(q)) < 0.2;
      if (near(u, 0) || near(u, sw) || near(v, 0) || near(v, sh) || onStep(qu) || onStep(qv)) {
        // A centre on the image's very edge, or a sample by a step of 1/256 px: either answer is
        // right (rounding decides).
        frame.fill(Number.NaN, (y * width + x) * 4, (y * width + x) * 4 + 4);
        continue;
      }
      if (!(u >= 0 && u < sw && v >= 0 && v < sh)) continue;
      const su = Math.floor(qu) / 256;
      const sv = Math.floor(qv) / 256;
      const x0 = Math.floor(su);
      const y0 = Math.floor(sv);
      const fx = su - x0;
      const fy = sv - y0;
      // The sample in whole levels, then over the frame, rounded.
      const s = [0, 1, 2, 3].map((k) =>
        Math.round(
          (at(x0, y0, k) * (1 - fx) * (1 - fy) +
            at(x0 + 1, y0, k) * fx * (1 - fy) +
            at(x0, y0 + 1, k) * (1 - fx) * fy +
            at(x0 + 1, y0 + 1, k) * fx * fy) *
            alpha,
        ),
      );
      for (let k = 0; k < 4; k += 1) {
        const at4 = (y * width + x) * 4 + k;
        frame[at4] = s[k]! + Math.round((frame[at4]! * (255 - s[3]!)) / 255);
      }
    }
}

/** A frame in the instance's memory, filled with one opaque colour. */
function frameOf(wasm: CompositeInstance, width: number, height: number, rgba = 0xffffffff): WasmImage {
  const frame = wasm.image(width, height);
  wasm.fn.fill(frame.ptr, width, 0, 0, width, height, rgba);
  return frame;
}

function read(wasm: CompositeInstance, image: WasmImage): Uint8Array {
  return wasm.heap().slice(image.ptr, image.ptr + image.width * image.height * 4);
}

const turned = (degrees: number, scale: number, x: number, y: number): Matrix => {
  const r = (degrees * Math.PI) / 180;
  return [Math.cos(r) * scale, Math.sin(r) * scale, -Math.sin(r) * scale, Math.cos(r) * scale, x, y];
};

function maxDifference(got: Uint8Array, want: Float64Array): number {
  let worst = 0;
  for (let i = 0; i < got.length; i += 1) if (!Number.isNaN(want[i]!)) worst = Math.max(worst, Math.abs(got[i]! - want[i]!));
  return worst;
}

describe('draw: an image through an affine map, bilinear, source-over', () => {
  it('matches the reference within one level (random images, turns, scales, offsets, alpha, clip boxes)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0.3, max: 2.5, noNaN: true }),
        fc.double({ min: -10, max: 50, noNaN: true }),
        fc.double({ min: -10, max: 50, noNaN: true }),
        fc.integer({ min: 0, max: 256 }),
        fc.tuple(
          fc.integer({ min: 0, max: 40 }),
          fc.integer({ min: 0, max: 40 }),
          fc.integer({ min: 1, max: 64 }),
          fc.integer({ min: 1, max: 64 }),
        ),
        (seed, sw, sh, degrees, scale, x, y, ga, [cx, cy, cw, ch]) => {
          const width = 64;
          const height = 64;
          const clip: [number, number, number, number] = [cx, cy, Math.min(cw, width - cx), Math.min(ch, height - cy)];
          const wasm = createCompositeInstance();
          const frame = frameOf(wasm, width, height, 0xff336699);
          const rgba = straight(seed, sw, sh);
          const image = wasm.image(sw, sh);
          wasm.put(image, rgba, sw, sh, 0, 0);
          const m = turned(degrees, scale, x, y);
          wasm.fn.draw(image.ptr, sw, sh, frame.ptr, width, ...m, ga, ...clip);
          const want = new Float64Array(width * height * 4);
          for (let p = 0; p < width * height; p += 1) want.set([0x99, 0x66, 0x33, 255], p * 4);
          referenceDraw(want, width, height, premultiplied(rgba), sw, sh, m, ga / 256, clip);
          const got = read(wasm, frame);
          expect(maxDifference(got, want)).toBeLessThanOrEqual(1);
        },
      ),
      { seed: 39, numRuns: 150 },
    );
  });

  it('draws nothing outside its clip box, and nothing at alpha 0', () => {
    const wasm = createCompositeInstance();
    const frame = frameOf(wasm, 32, 32);
    const image = wasm.image(16, 16);
    wasm.put(
      image,
      new Uint8Array(16 * 16 * 4).map((_, i) => (i % 4 === 3 ? 255 : 0)),
      16,
      16,
      0,
      0,
    );
    wasm.fn.draw(image.ptr, 16, 16, frame.ptr, 32, ...turned(30, 1.5, 16, 2), 0, 0, 0, 32, 32);
    expect(read(wasm, frame).every((v) => v === 255)).toBe(true);
    wasm.fn.draw(image.ptr, 16, 16, frame.ptr, 32, ...turned(30, 1.5, 16, 2), 256, 8, 8, 10, 6);
    const out = read(wasm, frame);
    for (let y = 0; y < 32; y += 1)
      for (let x = 0; x < 32; x += 1) {
        const inside = x >= 8 && x < 18 && y >= 8 && y < 14;
        if (!inside) expect(out[(y * 32 + x) * 4], `(${x}, ${y})`).toBe(255);
      }
    // Inside, the black image covers the white frame where it reaches.
    expect(out[(10 * 32 + 12) * 4]).toBe(0);
  });

  it('at alpha 1 and whole-pixel offsets copies the image exactly (draw and blit alike)', () => {
    const rgba = straight(7, 9, 5);
    for (const how of ['draw', 'blit'] as const) {
      const wasm = createCompositeInstance();
      const frame = frameOf(wasm, 20, 12, 0xff000000);
      const image = wasm.image(9, 5);
      wasm.put(image, rgba, 9, 5, 0, 0);
      if (how === 'draw') wasm.fn.draw(image.ptr, 9, 5, frame.ptr, 20, 1, 0, 0, 1, 3, 4, 256, 0, 0, 20, 12);
      else wasm.fn.blit(image.ptr, 9, 5, frame.ptr, 20, 3, 4, 256, 0, 0, 20, 12);
      const want = new Float64Array(20 * 12 * 4);
      for (let p = 0; p < 20 * 12; p += 1) want[p * 4 + 3] = 255;
      referenceDraw(want, 20, 12, premultiplied(rgba), 9, 5, [1, 0, 0, 1, 3, 4], 1, [0, 0, 20, 12]);
      expect(maxDifference(read(wasm, frame), want.map(Math.round)), how).toBe(0);
    }
  });

  it('a pixel comes out the same whichever clip box it is drawn in (the encode redraws boxes)', () => {
    const rgba = straight(11, 30, 30);
    const draw = (clip: [number, number, number, number]) => {
      const wasm = createCompositeInstance();
      const frame = frameOf(wasm, 48, 48);
      const image = wasm.image(30, 30);
      wasm.put(image, rgba, 30, 30, 0, 0);
      wasm.fn.draw(image.ptr, 30, 30, frame.ptr, 48, ...turned(17, 0.9, 20.3, 1.7), 200, ...clip);
      return read(wasm, frame);
    };
    const whole = draw([0, 0, 48, 48]);
    const part = draw([13, 9, 21, 30]);
    for (let y = 9; y < 39; y += 1)
      expect(part.subarray((y * 48 + 13) * 4, (y * 48 + 34) * 4)).toEqual(whole.subarray((y * 48 + 13) * 4, (y * 48 + 34) * 4));
  });

  it("draws a raster shrunk far from the frame's left edge (its coordinates there beyond 16.16 fixed point)", () => {
    const width = 3000;
    const height = 8;
    const rgba = straight(5, 100, 100);
    const wasm = createCompositeInstance();
    const frame = frameOf(wasm, width, height);
    const image = wasm.image(100, 100);
    wasm.put(image, rgba, 100, 100, 0, 0);
    // At 5 %, drawn at x 2900: the frame's pixel 0 is 58 000 px left of the image.
    const m: Matrix = [0.05, 0, 0, 0.05, 2900.33, 0.23];
    wasm.fn.draw(image.ptr, 100, 100, frame.ptr, width, ...m, 256, 0, 0, width, height);
    const want = new Float64Array(width * height * 4).fill(255);
    referenceDraw(want, width, height, premultiplied(rgba), 100, 100, m, 1, [0, 0, width, height]);
    const got = read(wasm, frame);
    expect(got.subarray((2 * width + 2900) * 4, (2 * width + 2905) * 4).some((v) => v !== 255)).toBe(true);
    // (The reference leaves out no pixel here: none samples on a step of 1/256 px.)
    expect(want.subarray((2 * width + 2900) * 4, (2 * width + 2905) * 4).every((v) => !Number.isNaN(v))).toBe(true);
    expect(maxDifference(got, want)).toBeLessThanOrEqual(1);
  });

  it('with a transparent margin, an edge at a fractional offset is blended, not snapped', () => {
    const wasm = createCompositeInstance();
    const frame = frameOf(wasm, 12, 4);
    // A black 4×2 raster inside a transparent pixel all round (the compositor's PAD), half a pixel right.
    const image = wasm.image(6, 4);
    const black = new Uint8Array(4 * 2 * 4).map((_, i) => (i % 4 === 3 ? 255 : 0));
    wasm.put(image, black, 4, 2, 1, 1);
    wasm.fn.draw(image.ptr, 6, 4, frame.ptr, 12, 1, 0, 0, 1, 2.5, 0, 256, 0, 0, 12, 4);
    const row = [...read(wasm, frame).subarray(12 * 4, 24 * 4)].filter((_, i) => i % 4 === 0);
    // Columns 3 and 7 are half covered (edges blend: 127.5, within a level); 4–6 fully; the rest untouched.
    expect(row.map((v) => (v === 127 ? 128 : v))).toEqual([255, 255, 255, 128, 0, 0, 0, 128, 255, 255, 255, 255]);
  });
});

describe('premultiply', () => {
  it('is straight RGBA times its alpha, rounded', () => {
    const wasm = createCompositeInstance();
    const rgba = straight(3, 16, 16);
    const image = wasm.image(16, 16);
    wasm.put(image, rgba, 16, 16, 0, 0);
    expect(maxDifference(read(wasm, image), premultiplied(rgba))).toBe(0);
  });
});

describe('toI420', () => {
  it('is i420.ts byte for byte, for any even box', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 10 }),
        (seed, hx, hy, hw, hh) => {
          const width = 40;
          const height = 20;
          const [x, y] = [hx * 2, hy * 2];
          const [w, h] = [Math.min(hw * 2, width - x), Math.min(hh * 2, height - y)];
          const rgba = bytes(seed, width * height * 4).map((v, i) => (i % 4 === 3 ? 255 : v));
          const wasm = createCompositeInstance();
          const frame = wasm.image(width, height);
          wasm.heap().set(rgba, frame.ptr);
          const out = wasm.alloc(i420Bytes(width, height));
          wasm.fn.toI420(frame.ptr, width, height, out, x, y, w, h);
          const box = new Uint8Array(w * h * 4);
          for (let row = 0; row < h; row += 1)
            box.set(rgba.subarray(((y + row) * width + x) * 4, ((y + row) * width + x + w) * 4), row * w * 4);
          const want = new Uint8Array(i420Bytes(width, height));
          rgbaToI420(box, w, h, want, width, height, x, y);
          expect(Buffer.from(wasm.heap().subarray(out, out + want.length)).equals(Buffer.from(want))).toBe(true);
        },
      ),
      { seed: 420, numRuns: 100 },
    );
  });
});

describe('composite.wasm', () => {
  it('is what its source builds to (npm run build:wasm)', { timeout: 60_000 }, async () => {
    const asc = await import('assemblyscript/asc');
    const dir = fileURLToPath(new URL('./wasm/', import.meta.url));
    const outputs = new Map<string, Uint8Array>();
    const { error } = await asc.main([`${dir}composite.ts`, '--config', `${dir}asconfig.json`, '--target', 'release'], {
      writeFile: (name, contents) => {
        outputs.set(name, typeof contents === 'string' ? Buffer.from(contents) : contents);
      },
    });
    expect(error).toBeNull();
    const built = [...outputs.entries()].find(([name]) => name.endsWith('composite.wasm'));
    expect(built, 'asc wrote composite.wasm').toBeDefined();
    expect(Buffer.from(built![1]).equals(readFileSync(COMPOSITE_WASM)), 'composite.wasm is stale: run npm run build:wasm').toBe(true);
  });
});
