import type { Composition } from '@pressroom/model';
import { RUNS_COMPILED } from '@pressroom/model';
import { Piscina } from 'piscina';
import { createCompositor, type FramePixels } from './compositor.js';
import { i420Bytes } from './i420.js';

/**
 * Where a composited file's frames are drawn (docs/animation.md, "Where the work runs"). With
 * threads, chunks of a file's frames are composited side by side on a piscina pool while the
 * task's own thread only pipes them to ffmpeg in order; with none, on the task's own thread.
 */
export interface CompositePool {
  /** A file to composite: its frames as many times as the encoder reads them, until closed. */
  open(file: CompositedFile): CompositeSession;
  stop(): Promise<void>;
}

export interface CompositeSession {
  /**
   * Every frame of the file, in order, from the first: raw, as the encoder takes them. `only`
   * (increasing frame numbers): those frames alone, the others not composited (a GIF's palette
   * pass, gifPaletteFrames).
   */
  frames(signal: AbortSignal, only?: readonly number[]): AsyncIterable<Buffer>;
  /**
   * The encoder is done with every frame it was given (its ffmpeg has ended): the session's
   * ring of frames may serve another file. Until then a frame handed over may still be in the
   * encoder's pipe.
   */
  close(): void;
}

export interface CompositedFile {
  /** Unique per file (the banner id): a thread keeps a file's compositor between its chunks. */
  id: string;
  composition: Composition;
  /** `rasters[k]` are the raw RGBA bytes of `composition.rasters[k]`. */
  rasters: readonly Buffer[];
  pixels: FramePixels;
  frames: number;
}

/**
 * What a thread is asked: frames `start` to `end` (excluded) of a file, each written into its
 * slot of the file's shared ring of frames (frame `f` in slot `f % slots`). With `frames`, the
 * `start`–`end` are places in a sample of the file's frames, and `frames` the frame numbers at
 * those places (the place `p` in slot `p % slots`).
 */
export interface CompositeTask {
  file: string;
  pixels: FramePixels;
  /** The composition as UTF-8 JSON, shared (not copied) with every thread. */
  composition: SharedArrayBuffer;
  rasters: SharedArrayBuffer[];
  ring: SharedArrayBuffer;
  slots: number;
  start: number;
  end: number;
  frames?: number[];
}

/** A thread's answer: per frame, true when its slot holds it, false when it repeats the frame before. */
export interface CompositeChunk {
  written: boolean[];
}

/** The thread's file when compiled (the `composite-thread` entry of farm/src/entries.mjs), relative to this source file. */
export const COMPILED_THREAD = '../../dist/composite-thread.js';

/** Frames the encoder's input stream may still hold once handed over (as the compositor's own ring). */
const IN_STREAM = 6;
/** About this many bytes of frames in one chunk: a few frames of a large format, more of a small one. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** No more frames than this in a chunk: a file's first frames start to flow soon. */
const CHUNK_MAX_FRAMES = 16;

/**
 * The chunks a file's frames are composited in, in order: each `[start, end)`. Pure. Chunks are
 * whole frames, about `CHUNK_BYTES` each, so the frames in flight stay bounded whatever the size.
 */
export function planChunks(frames: number, frameBytes: number): [number, number][] {
  const size = Math.max(1, Math.min(CHUNK_MAX_FRAMES, Math.floor(CHUNK_BYTES / frameBytes)));
  const out: [number, number][] = [];
  for (let start = 0; start < frames; start += size) out.push([start, Math.min(frames, start + size)]);
  return out;
}

/** Bytes of one frame as the encoder takes it. */
export function frameBytes(width: number, height: number, pixels: FramePixels): number {
  return pixels === 'i420' ? i420Bytes(width, height) : width * height * 4;
}

export function createCompositePool(options: { threads: number }): CompositePool {
  const { threads } = options;
  if (threads === 0)
    return {
      open: (file) => ({ frames: (signal, only) => inline(file, signal, only), close: () => undefined }),
      stop: async () => undefined,
    };
  const underTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  const pool = new Piscina({
    filename: new URL(RUNS_COMPILED ? COMPILED_THREAD : './composite-thread.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    // A thread holds the compositors of its last files (each a WebAssembly instance with the
    // file's rasters premultiplied in its memory): idle threads end, and give that back.
    idleTimeout: 30_000,
    execArgv: RUNS_COMPILED || underTsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
  });
  let stopped = false;
  // Rings of frames no file uses now, by size: a ring is made once and serves file after file
  // (shared memory is given back only when every thread has let go of it, which an idle thread
  // may not do for a long time).
  const idle = new Map<number, SharedArrayBuffer[]>();
  const IDLE_RINGS = 2;

  function open(file: CompositedFile): CompositeSession {
    if (stopped) throw new Error('the compositor pool is stopped');
    const shared = (bytes: Uint8Array) => {
      const out = new SharedArrayBuffer(bytes.length);
      new Uint8Array(out).set(bytes);
      return out;
    };
    const base = {
      file: file.id,
      pixels: file.pixels,
      composition: shared(Buffer.from(JSON.stringify(file.composition))),
      rasters: file.rasters.map(shared),
    };
    const size = frameBytes(file.composition.width, file.composition.height, file.pixels);
    const fileChunks = planChunks(file.frames, size);
    // Two chunks a thread in flight: every thread has the next one waiting while the encoder
    // takes the frames in order.
    const ahead = threads * 2;
    // The frames live in one shared ring, written by the threads in place (no copy, no garbage).
    // A chunk is asked for when the one `ahead` before it is about to be read; a frame handed out
    // may be a repeat pointing back to its chunk's first slot, and the encoder's stream may hold
    // IN_STREAM frames: with room for `ahead` + 2 chunks and those, a slot is written again only
    // once nothing can still read it.
    const slots = Math.min(file.frames, (ahead + 2) * (fileChunks[0]?.[1] ?? 1) + IN_STREAM);
    const ring = idle.get(slots * size)?.pop() ?? new SharedArrayBuffer(slots * size);
    // A pass given up half way leaves chunks running that may still write the ring.
    let abandoned = false;
    let closed = false;

    async function* frames(signal: AbortSignal, only?: readonly number[]): AsyncIterable<Buffer> {
      if (stopped || closed) throw new Error('the compositor pool is stopped');
      const pending: Promise<CompositeChunk>[] = [];
      const chunks = only ? planChunks(only.length, size) : fileChunks;
      let next = 0;
      const more = () => {
        while (next < chunks.length && pending.length < ahead) {
          const [start, end] = chunks[next]!;
          const task: CompositeTask = { ...base, ring, slots, start, end, ...(only ? { frames: only.slice(start, end) } : {}) };
          const run = pool.run(task, { signal }) as Promise<CompositeChunk>;
          // Rejections are read when the chunk's turn comes; until then none is unhandled.
          run.catch(() => undefined);
          pending.push(run);
          next += 1;
        }
      };
      let last: Buffer | null = null;
      let frame = 0;
      try {
        more();
        while (pending.length > 0) {
          const chunk = await pending.shift()!;
          more();
          for (const written of chunk.written) {
            if (written) last = Buffer.from(ring, (frame % slots) * size, size);
            if (!last) throw new Error('a chunk began with a repeated frame');
            yield last;
            frame += 1;
          }
        }
      } finally {
        // An encode that stops early (failed, aborted) leaves its chunks to finish; none is read.
        if (pending.length > 0) abandoned = true;
        pending.length = 0;
      }
    }

    return {
      frames,
      close() {
        if (closed) return;
        closed = true;
        const free = idle.get(ring.byteLength) ?? [];
        if (!abandoned && !stopped && free.length < IDLE_RINGS) idle.set(ring.byteLength, [...free, ring]);
      },
    };
  }

  return {
    open,
    stop: async () => {
      stopped = true;
      idle.clear();
      await pool.destroy();
    },
  };
}

/** Every frame (or those `only`) composited on the calling thread, one at a time (threads: 0). */
async function* inline(file: CompositedFile, signal: AbortSignal, only?: readonly number[]): AsyncIterable<Buffer> {
  const compositor = createCompositor(file.composition, file.rasters, file.pixels);
  for (const i of only ?? Array.from({ length: file.frames }, (_, k) => k)) {
    if (signal.aborted) return;
    yield compositor.frame(i);
  }
}
