// One compositor thread of the media worker's pool (composite-pool.ts; docs/animation.md,
// "Frames composited from layer rasters"): composites a chunk of a file's frames in a WebAssembly
// instance of its own per file (composite-wasm.ts), each frame written in place into the file's
// shared ring of frames. Each piscina thread loads it: from sources through tsx, or compiled as
// the `composite-thread` entry of farm/src/entries.mjs.

import { parseComposition } from '@pressroom/model';
import { type CompositeChunk, type CompositeTask, frameBytes } from './composite-pool.js';
import { type Compositor, createCompositor } from './compositor.js';

/**
 * The compositors of the files this thread worked on last, newest last. A file's chunks come
 * one after another, so its compositor (its rasters premultiplied into its memory once, and the frame
 * it drew last, from which the next one is drawn by difference) is kept between them.
 */
const kept: { key: string; compositor: Compositor }[] = [];
const KEPT_FILES = 2;

function compositorOf(task: CompositeTask): Compositor {
  const key = `${task.file}\u0000${task.pixels}`;
  const at = kept.findIndex((k) => k.key === key);
  if (at >= 0) {
    const [found] = kept.splice(at, 1);
    kept.push(found!);
    return found!.compositor;
  }
  const composition = parseComposition(JSON.parse(Buffer.from(task.composition).toString('utf8')));
  const compositor = createCompositor(
    composition,
    task.rasters.map((r) => Buffer.from(r)),
    task.pixels,
  );
  kept.push({ key, compositor });
  if (kept.length > KEPT_FILES) kept.shift();
  return compositor;
}

export default function compositeChunk(task: CompositeTask): CompositeChunk {
  const compositor = compositorOf(task);
  const size = frameBytes(compositor.width, compositor.height, compositor.pixels);
  const written: boolean[] = [];
  for (let i = task.start; i < task.end; i += 1) {
    const slot = Buffer.from(task.ring, (i % task.slots) * size, size);
    // A frame that repeats the previous one is not written ("the same again"), except the first
    // of a chunk: the frame before it may have come from another thread.
    written.push(compositor.frameInto(task.frames?.[i - task.start] ?? i, slot, i === task.start) || i === task.start);
  }
  return { written };
}
