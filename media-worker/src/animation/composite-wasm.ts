import { readFileSync } from 'node:fs';

/**
 * The compositor's pixel work in WebAssembly with SIMD (`wasm/composite.ts`, AssemblyScript,
 * compiled into `wasm/composite.wasm`, committed; docs/animation.md, "Frames composited from
 * layer rasters"): images are premultiplied RGBA in the instance's memory, at addresses this
 * module hands out. One instance per compositor: its memory (the frame, the rasters drawn so
 * far) goes when the compositor does.
 */
export interface CompositeExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  premultiply(ptr: number, n: number): void;
  fill(dst: number, stride: number, x: number, y: number, w: number, h: number, rgba: number): void;
  copyBox(src: number, dst: number, stride: number, x: number, y: number, w: number, h: number): void;
  /** An image drawn at a whole-pixel offset (`wasm/composite.ts` says how). */
  blit(...args: [...Drawn, ox: number, oy: number, ...Clipped]): void;
  /** An image drawn through the affine map (a, b, c, d, e, f), bilinearly. */
  draw(...args: [...Drawn, a: number, b: number, c: number, d: number, e: number, f: number, ...Clipped]): void;
  toI420(rgba: number, width: number, height: number, out: number, x: number, y: number, w: number, h: number): void;
}

/** What a draw draws, and where: the image (`sw × sh` at `src`) onto the frame (`stride` px wide at `dst`). */
type Drawn = [src: number, sw: number, sh: number, dst: number, stride: number];
/** How: the global alpha (0..256), inside the box (`cx`, `cy`, `cw`, `ch`). */
type Clipped = [ga: number, cx: number, cy: number, cw: number, ch: number];

/** The compiled module's file, beside its source (scripts/build.mjs keeps this URL relative to the source in a bundle). */
export const COMPOSITE_WASM = new URL('./wasm/composite.wasm', import.meta.url);

let compiled: WebAssembly.Module | null = null;

/** A premultiplied RGBA image in an instance's memory: `width × height` pixels from `ptr`. */
export interface WasmImage {
  ptr: number;
  width: number;
  height: number;
}

export interface CompositeInstance {
  readonly fn: CompositeExports;
  /** `bytes` of zeroed memory (8 more readable after them, as `draw` reads), 16-byte aligned. */
  alloc(bytes: number): number;
  /** The instance's memory as bytes; a new view after any `alloc` (growing memory detaches the old one). */
  heap(): Uint8Array;
  /** A new premultiplied image of `width × height`, transparent. */
  image(width: number, height: number): WasmImage;
  /**
   * Straight-alpha RGBA (`w × h`, rows packed) premultiplied into `into` at (`x`, `y`): `into`'s
   * other pixels are left as they are.
   */
  put(into: WasmImage, rgba: Uint8Array, w: number, h: number, x: number, y: number): void;
}

/** A new instance, with a bump allocator over its memory (nothing is freed: the instance goes whole). */
export function createCompositeInstance(): CompositeInstance {
  compiled ??= new WebAssembly.Module(readFileSync(COMPOSITE_WASM));
  const fn = new WebAssembly.Instance(compiled, {}).exports as unknown as CompositeExports;
  let top = align(fn.heapBase());
  let view = new Uint8Array(fn.memory.buffer);
  const heap = () => {
    if (view.buffer !== fn.memory.buffer) view = new Uint8Array(fn.memory.buffer);
    return view;
  };
  const alloc = (bytes: number) => {
    const ptr = top;
    top = align(ptr + bytes + 8);
    const short = top - fn.memory.buffer.byteLength;
    if (short > 0) fn.memory.grow(Math.ceil(short / PAGE));
    return ptr;
  };
  return {
    fn,
    alloc,
    heap,
    image: (width, height) => ({ ptr: alloc(width * height * 4), width, height }),
    put(into, rgba, w, h, x, y) {
      const bytes = heap();
      if (x === 0 && w === into.width) bytes.set(rgba.subarray(0, w * h * 4), into.ptr + y * w * 4);
      else
        for (let row = 0; row < h; row += 1)
          bytes.set(rgba.subarray(row * w * 4, (row + 1) * w * 4), into.ptr + ((y + row) * into.width + x) * 4);
      for (let row = 0; row < h; row += 1) fn.premultiply(into.ptr + ((y + row) * into.width + x) * 4, w);
    },
  };
}

const PAGE = 65536;

function align(n: number): number {
  return Math.ceil(n / 16) * 16;
}
