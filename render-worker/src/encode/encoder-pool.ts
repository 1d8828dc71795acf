import { availableParallelism } from 'node:os';
import type { RasterFileType } from '@pressroom/model';
import { RUNS_COMPILED } from '@pressroom/model';
import { Piscina, queueOptionsSymbol } from 'piscina';
import type { EncodedImage, EncodeOptions } from './encode-image.js';
import { type EncodeQueueOptions, PriorityTaskQueue } from './priority-queue.js';

export interface EncoderPoolOptions {
  /** Encoder threads. Default: the number of cores. */
  threads?: number;
}

export interface EncoderPool {
  /**
   * Re-encode a captured PNG/JPEG into the requested format, optionally resized. Waiting encodes
   * are served by `priority` (the job's graphile-worker priority, lower first; default 0).
   */
  encode(input: Buffer | Uint8Array, options: EncodeOptions, priority?: number): Promise<EncodedImage>;
  /** Crop to exactly `width`×`height` around the most salient region (`auto_focus`). */
  cropToFocus(input: Buffer | Uint8Array, options: { width: number; height: number; format?: RasterFileType }): Promise<EncodedImage>;
  stop(): Promise<void>;
}

/**
 * The thread's file: compiled, the `encode-thread` entry of farm/src/entries.mjs (this path is
 * relative to this source file, which is what `import.meta.url` means in the build too); from
 * sources, the TypeScript file, which each thread loads through tsx unless the process already
 * runs under it.
 */
export const COMPILED_THREAD = '../../dist/encode-thread.js';

/**
 * sharp off the main thread: a 1080² AVIF takes a quarter of a second of CPU, which would stall
 * the event loop (CDP traffic, heartbeats) of the render worker.
 */
export function createEncoderPool(options: EncoderPoolOptions = {}): EncoderPool {
  const threads = options.threads ?? availableParallelism();
  const underTsx = process.execArgv.some((arg) => arg.includes('tsx'));
  const pool = new Piscina({
    filename: new URL(RUNS_COMPILED ? COMPILED_THREAD : './worker.ts', import.meta.url).href,
    minThreads: Math.min(1, threads),
    maxThreads: threads,
    execArgv: RUNS_COMPILED || underTsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
    taskQueue: new PriorityTaskQueue(),
    // A task taken from the queue while no thread was free goes back to its place (unshift), not
    // to the tail, which would put it behind the encodes of its priority that came after it.
    stricterFIFO: true,
  });

  // piscina quietly spawns new threads after destroy(); a stopped pool must refuse instead.
  let stopped = false;

  async function run(input: Buffer | Uint8Array, encodeOptions: EncodeOptions, priority = 0): Promise<EncodedImage> {
    if (stopped) throw new EncoderStoppedError();
    const queue: EncodeQueueOptions = { priority };
    const result: EncodedImage = await pool.run({ ...encodeOptions, input, [queueOptionsSymbol]: queue });
    // Structured clone delivers a Uint8Array; callers get a Buffer as promised.
    return { ...result, bytes: Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength) };
  }

  return {
    encode: run,
    cropToFocus: (input, crop) =>
      run(input, {
        format: crop.format ?? 'png',
        resize: { width: crop.width, height: crop.height, fit: 'cover', position: 'attention' },
      }),
    stop: async () => {
      stopped = true;
      await pool.destroy();
    },
  };
}

export class EncoderStoppedError extends Error {
  readonly code = 'encoder_stopped';
  constructor() {
    super('the encoder pool is stopped');
    this.name = 'EncoderStoppedError';
  }
}
