// The layer compositor's pixel work, in AssemblyScript compiled to WebAssembly with SIMD
// (docs/animation.md, "Frames composited from layer rasters"): images are premultiplied RGBA
// (4 bytes a pixel, rows packed) in this module's memory, laid out by the caller
// (wasm-compositor.ts, which owns every address); nothing here allocates. Built by
// `npm run build:wasm` into composite.wasm beside this file (committed; a unit test checks that
// rebuilding gives the same bytes).

/** Where the caller's memory may start: after this module's own static data. */
export function heapBase(): usize {
  return __heap_base;
}

/** `x / 255` rounded to nearest, for `x` in 0..65025, in every 16-bit lane. */
// @ts-ignore: decorator
@inline function div255(x: v128): v128 {
  const r = i16x8.add(x, i16x8.splat(128));
  return i16x8.shr_u(i16x8.add(r, i16x8.shr_u(r, 8)), 8);
}

/** `x / 255` rounded to nearest, for `x` in 0..65025. */
// @ts-ignore: decorator
@inline function div255s(x: u32): u32 {
  const r = x + 128;
  return (r + (r >> 8)) >> 8;
}

/** Straight RGBA to premultiplied, in place: `n` pixels at `ptr`. */
export function premultiply(ptr: usize, n: i32): void {
  let i = 0;
  // Four pixels at a time: each colour times its alpha, / 255 rounded as below; alpha kept.
  const alphas = i32x4.splat(0xff000000);
  for (; i + 4 <= n; i += 4) {
    const p = ptr + (<usize>i << 2);
    const v = v128.load(p);
    const lo = i16x8.extend_low_i8x16_u(v);
    const hi = i16x8.extend_high_i8x16_u(v);
    const alo = i8x16.shuffle(lo, lo, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const ahi = i8x16.shuffle(hi, hi, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    const colours = i8x16.narrow_i16x8_u(div255(i16x8.mul(lo, alo)), div255(i16x8.mul(hi, ahi)));
    v128.store(p, v128.bitselect(v, colours, alphas));
  }
  for (; i < n; i++) {
    const p = ptr + (<usize>i << 2);
    const px = load<u32>(p);
    const a = px >>> 24;
    if (a === 255) continue;
    if (a === 0) {
      store<u32>(p, 0);
      continue;
    }
    const r = div255s((px & 255) * a);
    const g = div255s(((px >>> 8) & 255) * a);
    const b = div255s(((px >>> 16) & 255) * a);
    store<u32>(p, r | (g << 8) | (b << 16) | (a << 24));
  }
}

/** Fills the box (`x`, `y`, `w`, `h`) of an image `stride` pixels wide with the pixel `rgba` (little-endian). */
export function fill(dst: usize, stride: i32, x: i32, y: i32, w: i32, h: i32, rgba: u32): void {
  const v = i32x4.splat(rgba);
  for (let row = y; row < y + h; row++) {
    let p = dst + ((<usize>row * stride + x) << 2);
    const end = p + (<usize>w << 2);
    for (; p + 16 <= end; p += 16) v128.store(p, v);
    for (; p < end; p += 4) store<u32>(p, rgba);
  }
}

/**
 * Copies the box (`x`, `y`, `w`, `h`) of one image into the same place of another of the same
 * width `stride` (typewriting: the typed raster over the untyped one inside the shown characters).
 */
export function copyBox(src: usize, dst: usize, stride: i32, x: i32, y: i32, w: i32, h: i32): void {
  for (let row = y; row < y + h; row++) {
    const at = (<usize>row * stride + x) << 2;
    memory.copy(dst + at, src + at, <usize>w << 2);
  }
}

/** `s` (premultiplied, 16-bit lanes) scaled by the global alpha `ga` (0..256). */
// @ts-ignore: decorator
@inline function withAlpha(s: v128, ga: i32): v128 {
  return i16x8.shr_u(i16x8.add(i16x8.mul(s, i16x8.splat(<i16>ga)), i16x8.splat(128)), 8);
}

/** Source-over of `s` on `d` (premultiplied, 16-bit lanes, two pixels a vector). */
// @ts-ignore: decorator
@inline function over(s: v128, d: v128): v128 {
  // 255 − the source's alpha, in each pixel's four lanes.
  const inv = i16x8.sub(i16x8.splat(255), i8x16.shuffle(s, s, 6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15));
  return i16x8.add(s, div255(i16x8.mul(d, inv)));
}

/**
 * Draws `src` (`sw × sh`, premultiplied) at the whole-pixel offset (`ox`, `oy`) onto `dst` (an
 * image `stride` pixels wide) with the global alpha `ga` (0..256), source-over, inside the box
 * (`cx`, `cy`, `cw`, `ch`), which must lie inside `dst`. No resampling.
 */
export function blit(src: usize, sw: i32, sh: i32, dst: usize, stride: i32, ox: i32, oy: i32, ga: i32, cx: i32, cy: i32, cw: i32, ch: i32): void {
  const x0 = max(cx, ox);
  const y0 = max(cy, oy);
  const x1 = min(cx + cw, ox + sw);
  const y1 = min(cy + ch, oy + sh);
  if (x1 <= x0 || y1 <= y0 || ga <= 0) return;
  const opaque = i32x4.splat(0xff000000);
  for (let y = y0; y < y1; y++) {
    let s = src + ((<usize>(y - oy) * sw + (x0 - ox)) << 2);
    let d = dst + ((<usize>y * stride + x0) << 2);
    const end = d + (<usize>(x1 - x0) << 2);
    for (; d + 16 <= end; d += 16, s += 16) {
      const sv = v128.load(s);
      if (!v128.any_true(sv)) continue;
      if (ga === 256 && i32x4.all_true(i32x4.eq(v128.and(sv, opaque), opaque))) {
        // Four opaque pixels: they cover what is under them.
        v128.store(d, sv);
        continue;
      }
      let lo = i16x8.extend_low_i8x16_u(sv);
      let hi = i16x8.extend_high_i8x16_u(sv);
      if (ga < 256) {
        lo = withAlpha(lo, ga);
        hi = withAlpha(hi, ga);
      }
      const dv = v128.load(d);
      const out = i8x16.narrow_i16x8_u(over(lo, i16x8.extend_low_i8x16_u(dv)), over(hi, i16x8.extend_high_i8x16_u(dv)));
      v128.store(d, out);
    }
    for (; d < end; d += 4, s += 4) {
      const sv = v128.load32_zero(s);
      if (!v128.any_true(sv)) continue;
      let lo = i16x8.extend_low_i8x16_u(sv);
      if (ga < 256) lo = withAlpha(lo, ga);
      const out = i8x16.narrow_i16x8_u(over(lo, i16x8.extend_low_i8x16_u(v128.load32_zero(d))), lo);
      v128.store32_lane(d, out, 0);
    }
  }
}

/**
 * Draws `src` (`sw × sh`, premultiplied) onto `dst` (an image `stride` pixels wide) through the
 * affine map (a, b, c, d, e, f) from the image's coordinates to `dst`'s (x' = a·x + c·y + e,
 * y' = b·x + d·y + f, as a canvas's `setTransform`), sampled bilinearly (the image's edge pixels
 * repeated beyond it, as Skia clamps), with the global alpha `ga` (0..256), source-over, inside
 * the box (`cx`, `cy`, `cw`, `ch`), which must lie inside `dst`. A pixel of `dst` is drawn when
 * its centre falls inside the image (no antialiasing of the image's own edges, as Skia draws an
 * image: rasters carry a transparent margin so that their edges blend). `src` must have 8
 * readable bytes after its last pixel.
 */
export function draw(
  src: usize,
  sw: i32,
  sh: i32,
  dst: usize,
  stride: i32,
  a: f64,
  b: f64,
  c: f64,
  d: f64,
  e: f64,
  f: f64,
  ga: i32,
  cx: i32,
  cy: i32,
  cw: i32,
  ch: i32,
): void {
  if (ga <= 0) return;
  const det = a * d - b * c;
  if (det === 0) return;
  // The inverse map: a pixel centre of dst to the image's coordinates.
  const ia = d / det;
  const ib = -b / det;
  const ic = -c / det;
  const id = a / det;
  const ie = -(ia * e + ic * f);
  const iff = -(ib * e + id * f);
  // The rows the image can reach.
  let top = Infinity;
  let bottom = -Infinity;
  let left = Infinity;
  let right = -Infinity;
  for (let k = 0; k < 4; k++) {
    const u = <f64>(k & 1 ? sw : 0);
    const v = <f64>(k & 2 ? sh : 0);
    const x = a * u + c * v + e;
    const y = b * u + d * v + f;
    top = min(top, y);
    bottom = max(bottom, y);
    left = min(left, x);
    right = max(right, x);
  }
  const y0 = max(cy, <i32>Math.floor(top));
  const y1 = min(cy + ch, <i32>Math.ceil(bottom));
  const xLo = max(cx, <i32>Math.floor(left));
  const xHi = min(cx + cw, <i32>Math.ceil(right));
  if (y1 <= y0 || xHi <= xLo) return;
  const fsw = <f64>sw;
  const fsh = <f64>sh;
  const rowBytes = <usize>sw << 2;
  // The steps along a row, 16.16 fixed point.
  const dU = <i32>Math.round(ia * 65536);
  const dV = <i32>Math.round(ib * 65536);
  for (let y = y0; y < y1; y++) {
    const py = <f64>y + 0.5;
    // Image coordinates of the centre of pixel x of this row: (u0 + ia·x, v0 + ib·x).
    const u0 = ia * 0.5 + ic * py + ie;
    const v0 = ib * 0.5 + id * py + iff;
    // The pixels whose centres fall inside the image: an interval, found roughly then exactly.
    // (In f64 until bounded by the box: a near-zero step puts the edges far beyond any i32.)
    let xsF = <f64>xLo;
    let xeF = <f64>xHi;
    if (ia !== 0) {
      const p = (0 - u0) / ia;
      const q = (fsw - u0) / ia;
      xsF = max(xsF, Math.floor(min(p, q)) - 1);
      xeF = min(xeF, Math.ceil(max(p, q)) + 1);
    } else if (u0 < 0 || u0 >= fsw) continue;
    if (ib !== 0) {
      const p = (0 - v0) / ib;
      const q = (fsh - v0) / ib;
      xsF = max(xsF, Math.floor(min(p, q)) - 1);
      xeF = min(xeF, Math.ceil(max(p, q)) + 1);
    } else if (v0 < 0 || v0 >= fsh) continue;
    if (!(xeF > xsF)) continue;
    let xs = <i32>xsF;
    let xe = <i32>xeF;
    while (xs < xe) {
      const u = u0 + ia * <f64>xs;
      const v = v0 + ib * <f64>xs;
      if (u >= 0 && u < fsw && v >= 0 && v < fsh) break;
      xs++;
    }
    while (xe > xs) {
      const u = u0 + ia * <f64>(xe - 1);
      const v = v0 + ib * <f64>(xe - 1);
      if (u >= 0 && u < fsw && v >= 0 && v < fsh) break;
      xe--;
    }
    if (xe <= xs) continue;
    // The sample point (centre − ½) in 16.16 fixed point, stepped along the row.
    // Stepped from the row's pixel 0 whatever the clip box starts at, so that a pixel comes out the
    // same whichever box it is drawn in (the encode redraws only the box that changed).
    // (Whole numbers in f64, exact: at pixel 0 the point may lie far outside the image, beyond an
    // i32; from xs on it lies inside.)
    const U = <i32>(Math.round((u0 - 0.5) * 65536) + <f64>dU * <f64>xs);
    const V = <i32>(Math.round((v0 - 0.5) * 65536) + <f64>dV * <f64>xs);
    const out = dst + ((<usize>y * stride + xs) << 2);
    // Pixels whose four samples all lie inside the image take the fast path; those by its edges
    // (repeating its edge pixels) the careful one.
    let x = 0;
    const n = xe - xs;
    while (x < n) {
      const Ux = U + dU * x;
      const Vx = V + dV * x;
      const ix = Ux >> 16;
      const iy = Vx >> 16;
      if (ix >= 0 && iy >= 0 && ix < sw - 1 && iy < sh - 1) {
        // How many pixels from x on stay inside: while both coordinates move within range.
        let run = n - x;
        if (dU > 0) run = min(run, ((sw - 1) * 65536 - 1 - Ux) / dU + 1);
        else if (dU < 0) run = min(run, Ux / -dU + 1);
        if (dV > 0) run = min(run, ((sh - 1) * 65536 - 1 - Vx) / dV + 1);
        else if (dV < 0) run = min(run, Vx / -dV + 1);
        interior(src, rowBytes, Ux, Vx, dU, dV, out + (<usize>x << 2), run, ga);
        x += run;
      } else {
        edge(src, sw, sh, Ux, Vx, out + (<usize>x << 2), ga);
        x++;
      }
    }
  }
}

/**
 * Bilinear sample of four premultiplied pixels `t8` (two above) and `b8` (two below), weights out
 * of 256: each channel's level × 65536, unrounded, in four 32-bit lanes.
 */
// @ts-ignore: decorator
@inline function bilinear(t8: v128, b8: v128, fx: i32, fy: i32): v128 {
  const t = i16x8.extend_low_i8x16_u(t8);
  const bo = i16x8.extend_low_i8x16_u(b8);
  // Each column's level × 256 (at most 65280, unrounded), then the two columns in 32 bits.
  const vert = i16x8.add(i16x8.mul(t, i16x8.splat(<i16>(256 - fy))), i16x8.mul(bo, i16x8.splat(<i16>fy)));
  return i32x4.add(i32x4.extmul_low_i16x8_u(vert, i16x8.splat(<i16>(256 - fx))), i32x4.extmul_high_i16x8_u(vert, i16x8.splat(<i16>fx)));
}

/**
 * `wide` (levels × 65536, from `bilinear`) times the global alpha `ga` (0..256), rounded once to
 * levels. With alpha, first brought to × 256 (within 1/512 of a level) to stay in 32 bits.
 */
// @ts-ignore: decorator
@inline function levels(wide: v128, ga: i32): v128 {
  return ga >= 256
    ? i32x4.shr_u(i32x4.add(wide, i32x4.splat(32768)), 16)
    : i32x4.shr_u(i32x4.add(i32x4.mul(i32x4.shr_u(i32x4.add(wide, i32x4.splat(128)), 8), i32x4.splat(ga)), i32x4.splat(32768)), 16);
}

/** One sample (see `bilinear`) with the global alpha, in the low four 16-bit lanes (and again in the high four). */
// @ts-ignore: decorator
@inline function sample(t8: v128, b8: v128, fx: i32, fy: i32, ga: i32): v128 {
  const s = levels(bilinear(t8, b8, fx, fy), ga);
  return i16x8.narrow_i32x4_u(s, s);
}

/** `run` pixels from `out` sampled at (U, V) stepping (dU, dV) (16.16), every sample's four pixels inside the image. */
function interior(src: usize, rowBytes: usize, U: i32, V: i32, dU: i32, dV: i32, out: usize, run: i32, ga: i32): void {
  let k = 0;
  // Two pixels at a time: their samples in one vector, blended and stored together.
  for (; k + 2 <= run; k += 2, U += 2 * dU, V += 2 * dV, out += 8) {
    const U1 = U + dU;
    const V1 = V + dV;
    const p0 = src + <usize>(V >> 16) * rowBytes + (<usize>(U >> 16) << 2);
    const p1 = src + <usize>(V1 >> 16) * rowBytes + (<usize>(U1 >> 16) << 2);
    const t0 = v128.load64_zero(p0);
    const b0 = v128.load64_zero(p0 + rowBytes);
    const t1 = v128.load64_zero(p1);
    const b1 = v128.load64_zero(p1 + rowBytes);
    if (!v128.any_true(v128.or(v128.or(t0, b0), v128.or(t1, b1)))) continue;
    const s = i16x8.narrow_i32x4_u(
      levels(bilinear(t0, b0, (U >> 8) & 255, (V >> 8) & 255), ga),
      levels(bilinear(t1, b1, (U1 >> 8) & 255, (V1 >> 8) & 255), ga),
    );
    if (ga >= 256 && i16x8.extract_lane_u(s, 3) === 255 && i16x8.extract_lane_u(s, 7) === 255) {
      // Opaque: they cover what is under them.
      v128.store64_lane(out, i8x16.narrow_i16x8_u(s, s), 0);
      continue;
    }
    const blended = over(s, i16x8.extend_low_i8x16_u(v128.load64_zero(out)));
    v128.store64_lane(out, i8x16.narrow_i16x8_u(blended, blended), 0);
  }
  if (k < run) {
    const p = src + <usize>(V >> 16) * rowBytes + (<usize>(U >> 16) << 2);
    const t8 = v128.load64_zero(p);
    const b8 = v128.load64_zero(p + rowBytes);
    if (!v128.any_true(v128.or(t8, b8))) return;
    const s = sample(t8, b8, (U >> 8) & 255, (V >> 8) & 255, ga);
    const blended = over(s, i16x8.extend_low_i8x16_u(v128.load32_zero(out)));
    v128.store32_lane(out, i8x16.narrow_i16x8_u(blended, blended), 0);
  }
}

/** One pixel sampled at (U, V) (16.16) by the image's edge: samples outside repeat its edge pixels. */
function edge(src: usize, sw: i32, sh: i32, U: i32, V: i32, out: usize, ga: i32): void {
  let iy = V >> 16;
  let fy = (V >> 8) & 255;
  if (iy < 0) {
    iy = 0;
    fy = 0;
  } else if (iy >= sh - 1) {
    iy = sh - 1;
    fy = 0;
  }
  let ix = U >> 16;
  let fx = (U >> 8) & 255;
  if (ix < 0) {
    ix = 0;
    fx = 0;
  } else if (ix >= sw - 1) {
    ix = sw - 1;
    fx = 0;
  }
  const rowBytes = <usize>sw << 2;
  const p = src + <usize>iy * rowBytes + (<usize>ix << 2);
  const t8 = v128.load64_zero(p);
  const b8 = fy ? v128.load64_zero(p + rowBytes) : t8;
  if (!v128.any_true(v128.or(t8, b8))) return;
  const s = sample(t8, b8, fx, fy, ga);
  const blended = over(s, i16x8.extend_low_i8x16_u(v128.load32_zero(out)));
  v128.store32_lane(out, i8x16.narrow_i16x8_u(blended, blended), 0);
}

/**
 * The box (`x`, `y`, `w`, `h`) of the opaque RGBA frame `rgba` (`width × height`) as I420 into
 * the I420 frame `out` of the same size: BT.601 limited range, exactly as i420.ts's rgbaToI420
 * (fixed point, rounded to nearest; chroma from the sum of each 2×2 block). All even.
 */
export function toI420(rgba: usize, width: i32, height: i32, out: usize, x: i32, y: i32, w: i32, h: i32): void {
  const cw = width >> 1;
  const uPlane = out + <usize>width * height;
  const vPlane = uPlane + <usize>cw * (height >> 1);
  for (let row = 0; row < h; row += 2) {
    let a = rgba + ((<usize>(y + row) * width + x) << 2);
    let b = a + (<usize>width << 2);
    let y0 = out + <usize>(y + row) * width + x;
    let y1 = y0 + width;
    let c = <usize>((y + row) >> 1) * cw + (x >> 1);
    let col = 0;
    // Eight pixels of each of the two rows at a time: eight luma bytes a row, four of Cb and Cr.
    for (; col + 8 <= w; col += 8) {
      const a0 = v128.load(a);
      const a1 = v128.load(a, 16);
      const b0 = v128.load(b);
      const b1 = v128.load(b, 16);
      v128.store64_lane(y0, luma8(a0, a1), 0);
      v128.store64_lane(y1, luma8(b0, b1), 0);
      const m = i32x4.splat(255);
      // Each 2×2 block's sums: the rows added, then neighbouring columns.
      const ra = i32x4.add(v128.and(a0, m), v128.and(b0, m));
      const rb = i32x4.add(v128.and(a1, m), v128.and(b1, m));
      const ga = i32x4.add(v128.and(i32x4.shr_u(a0, 8), m), v128.and(i32x4.shr_u(b0, 8), m));
      const gb = i32x4.add(v128.and(i32x4.shr_u(a1, 8), m), v128.and(i32x4.shr_u(b1, 8), m));
      const ba = i32x4.add(v128.and(i32x4.shr_u(a0, 16), m), v128.and(i32x4.shr_u(b0, 16), m));
      const bb = i32x4.add(v128.and(i32x4.shr_u(a1, 16), m), v128.and(i32x4.shr_u(b1, 16), m));
      const r = i32x4.add(i32x4.shuffle(ra, rb, 0, 2, 4, 6), i32x4.shuffle(ra, rb, 1, 3, 5, 7));
      const g = i32x4.add(i32x4.shuffle(ga, gb, 0, 2, 4, 6), i32x4.shuffle(ga, gb, 1, 3, 5, 7));
      const bl = i32x4.add(i32x4.shuffle(ba, bb, 0, 2, 4, 6), i32x4.shuffle(ba, bb, 1, 3, 5, 7));
      const half = i32x4.splat(33685504);
      const cb = i32x4.shr_s(
        i32x4.add(i32x4.add(i32x4.mul(r, i32x4.splat(-9714)), i32x4.mul(g, i32x4.splat(-19070))), i32x4.add(i32x4.mul(bl, i32x4.splat(28784)), half)),
        18,
      );
      const cr = i32x4.shr_s(
        i32x4.add(i32x4.add(i32x4.mul(r, i32x4.splat(28784)), i32x4.mul(g, i32x4.splat(-24103))), i32x4.add(i32x4.mul(bl, i32x4.splat(-4681)), half)),
        18,
      );
      const both = i16x8.narrow_i32x4_u(cb, cr);
      const bytes = i8x16.narrow_i16x8_u(both, both);
      v128.store32_lane(uPlane + c, bytes, 0);
      v128.store32_lane(vPlane + c, bytes, 1);
      a += 32;
      b += 32;
      y0 += 8;
      y1 += 8;
      c += 4;
    }
    for (; col < w; col += 2) {
      const p0 = load<u32>(a);
      const p1 = load<u32>(a, 4);
      const p2 = load<u32>(b);
      const p3 = load<u32>(b, 4);
      const r0 = p0 & 255;
      const g0 = (p0 >> 8) & 255;
      const b0 = (p0 >> 16) & 255;
      const r1 = p1 & 255;
      const g1 = (p1 >> 8) & 255;
      const b1 = (p1 >> 16) & 255;
      const r2 = p2 & 255;
      const g2 = (p2 >> 8) & 255;
      const b2 = (p2 >> 16) & 255;
      const r3 = p3 & 255;
      const g3 = (p3 >> 8) & 255;
      const b3 = (p3 >> 16) & 255;
      store<u8>(y0, (16829 * r0 + 33039 * g0 + 6416 * b0 + 1081344) >> 16);
      store<u8>(y0, (16829 * r1 + 33039 * g1 + 6416 * b1 + 1081344) >> 16, 1);
      store<u8>(y1, (16829 * r2 + 33039 * g2 + 6416 * b2 + 1081344) >> 16);
      store<u8>(y1, (16829 * r3 + 33039 * g3 + 6416 * b3 + 1081344) >> 16, 1);
      const r = <i32>(r0 + r1 + r2 + r3);
      const g = <i32>(g0 + g1 + g2 + g3);
      const bl = <i32>(b0 + b1 + b2 + b3);
      store<u8>(uPlane + c, (-9714 * r - 19070 * g + 28784 * bl + 33685504) >> 18);
      store<u8>(vPlane + c, (28784 * r - 24103 * g - 4681 * bl + 33685504) >> 18);
      a += 8;
      b += 8;
      y0 += 2;
      y1 += 2;
      c += 1;
    }
  }
}

/** The luma of eight opaque RGBA pixels (`p` then `q`, four each), in the low eight bytes. */
// @ts-ignore: decorator
@inline function luma8(p: v128, q: v128): v128 {
  return i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(luma4(p), luma4(q)), i16x8.splat(0));
}

/** Y = 16 + (65.481 R + 128.553 G + 24.966 B) / 255, in 16-bit fixed point with +0.5, of four pixels. */
// @ts-ignore: decorator
@inline function luma4(p: v128): v128 {
  const m = i32x4.splat(255);
  const r = v128.and(p, m);
  const g = v128.and(i32x4.shr_u(p, 8), m);
  const b = v128.and(i32x4.shr_u(p, 16), m);
  return i32x4.shr_u(
    i32x4.add(i32x4.add(i32x4.mul(r, i32x4.splat(16829)), i32x4.mul(g, i32x4.splat(33039))), i32x4.add(i32x4.mul(b, i32x4.splat(6416)), i32x4.splat(1081344))),
    16,
  );
}
