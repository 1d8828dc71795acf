/**
 * RGBA to I420 (yuv420p, BT.601 limited range, as ffmpeg's scaler converts RGB for x264 by
 * default), for the box of a frame the compositor redrew: the MP4's frames go to ffmpeg already
 * in the encoder's format, so ffmpeg converts nothing (2.8 ms a 1080² frame of its CPU) and the
 * pipe carries 1.5 bytes a pixel instead of 4 (docs/animation.md, "Where a composited frame's CPU
 * goes"). Pure; fixed-point, each output rounded to nearest. Chroma is the mean of each 2×2
 * block (centre-sited, as ffmpeg's scaler places it for RGB input).
 */

/** Bytes of an I420 frame: a full-size luma plane, then the half-size Cb and Cr planes. */
export function i420Bytes(width: number, height: number): number {
  return width * height + 2 * (width / 2) * (height / 2);
}

/**
 * Writes `rgba` (`w × h` pixels of straight or opaque RGBA, rows packed) into the I420 frame
 * `out` of `width × height` at (`x`, `y`). Width, height, `x`, `y`, `w` and `h` are even.
 */
export function rgbaToI420(
  rgba: Uint8Array | Uint8ClampedArray,
  w: number,
  h: number,
  out: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
): void {
  const cw = width >> 1;
  const uPlane = width * height;
  const vPlane = uPlane + cw * (height >> 1);
  // One 32-bit load a pixel (little-endian: R in the low byte).
  const px = new Uint32Array(rgba.buffer, rgba.byteOffset, w * h);
  for (let row = 0; row < h; row += 2) {
    let a = row * w;
    let b = a + w;
    let y0 = (y + row) * width + x;
    let y1 = y0 + width;
    let c = ((y + row) >> 1) * cw + (x >> 1);
    for (let col = 0; col < w; col += 2) {
      const p0 = px[a]!;
      const p1 = px[a + 1]!;
      const p2 = px[b]!;
      const p3 = px[b + 1]!;
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
      // Y = 16 + (65.481 R + 128.553 G + 24.966 B) / 255, in 16-bit fixed point with +0.5.
      out[y0] = (16829 * r0 + 33039 * g0 + 6416 * b0 + 1081344) >> 16;
      out[y0 + 1] = (16829 * r1 + 33039 * g1 + 6416 * b1 + 1081344) >> 16;
      out[y1] = (16829 * r2 + 33039 * g2 + 6416 * b2 + 1081344) >> 16;
      out[y1 + 1] = (16829 * r3 + 33039 * g3 + 6416 * b3 + 1081344) >> 16;
      const r = r0 + r1 + r2 + r3;
      const g = g0 + g1 + g2 + g3;
      const bl = b0 + b1 + b2 + b3;
      // Cb = 128 + (−37.797 R − 74.203 G + 112 B) / 255, Cr = 128 + (112 R − 93.786 G − 18.214 B) / 255,
      // from the sums of four pixels (hence >> 18), with +0.5.
      out[uPlane + c] = (-9714 * r - 19070 * g + 28784 * bl + 33685504) >> 18;
      out[vPlane + c] = (28784 * r - 24103 * g - 4681 * bl + 33685504) >> 18;
      a += 2;
      b += 2;
      y0 += 2;
      y1 += 2;
      c += 1;
    }
  }
}
