import { createRequire } from 'node:module';

type Skia = typeof import('@napi-rs/canvas');

let loaded: Skia | null = null;

/**
 * `@napi-rs/canvas`, loaded on first use with its allocator told not to ask for transparent huge
 * pages. The module's own allocator (mimalloc) backs the big buffers a frame's read-back makes
 * with huge pages and hands them back when freed, so every frame's buffers came back as fresh
 * 2 MB pages the kernel zeroed: 6–7 ms of a composited 1080² frame's 15 ms was that zeroing
 * (docs/animation.md, "Where a composited frame's CPU goes"). mimalloc reads `MIMALLOC_ALLOW_THP`
 * when the module loads, hence the lazy load (a static import would load it before any line here
 * runs). An operator's own setting wins.
 */
export function skia(): Skia {
  if (loaded) return loaded;
  avoidHugePages();
  loaded = createRequire(import.meta.url)('@napi-rs/canvas') as Skia;
  return loaded;
}

/**
 * Sets `MIMALLOC_ALLOW_THP=0` unless the operator set it. Called on the main thread before a
 * compositor thread starts (composite-pool.ts): a worker thread's `process.env` is its own copy,
 * and the allocator reads the process's real environment once, when the module first loads.
 */
export function avoidHugePages(): void {
  process.env['MIMALLOC_ALLOW_THP'] ??= '0';
}
