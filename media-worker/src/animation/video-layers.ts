import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Composition } from '@pressroom/model';
import { FfmpegError } from '@pressroom/platform';
import type { VideoFrame } from './compositor.js';

/**
 * Video layers of a composited file (docs/animation.md, "Frames composited from layer rasters"):
 * each source, stored beside the rasters by the render worker, is decoded by one ffmpeg per
 * video, streaming: raw RGBA frames at the composition's rate, scaled with the layer's fit to
 * the size it is drawn at, read one at a time as the frames ask for them (never the whole clip).
 */
type CompositionVideo = Composition['videos'][number];

/**
 * ffmpeg arguments decoding a video's frames at `fps` from its start, scaled as CSS `object-fit`
 * places them in a box of exactly `size`: `cover` scales to cover it and crops the centre,
 * `contain` scales to fit inside and pads transparent around. Raw RGBA (not premultiplied) on
 * stdout. Pure.
 */
export function videoDecodeArgs(path: string, fps: number, video: Pick<CompositionVideo, 'size' | 'fit'>): string[] {
  const [w, h] = video.size;
  const fit =
    video.fit === 'cover'
      ? `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},format=rgba`
      : `scale=${w}:${h}:force_original_aspect_ratio=decrease,format=rgba,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=black@0`;
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-i',
    path,
    '-an',
    '-sn',
    '-vf',
    `fps=${fps},${fit}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    'pipe:1',
  ];
}

/**
 * The decoded frames of one video, in order, each `size[0] × size[1] × 4` bytes. Read with
 * backpressure: ffmpeg blocks on a full pipe while the compositor has not asked for the next
 * frame. A yielded buffer stays valid until the one after the next is yielded (two alternate).
 */
export async function* decodeVideoFrames(
  ffmpeg: string,
  path: string,
  fps: number,
  video: Pick<CompositionVideo, 'size' | 'fit'>,
  signal: AbortSignal,
): AsyncGenerator<Buffer> {
  const child = spawn(ffmpeg, videoDecodeArgs(path, fps, video), { stdio: ['ignore', 'pipe', 'pipe'], signal });
  let stderr = '';
  child.stderr.on('data', (d) => {
    if (stderr.length < 8000) stderr += String(d);
  });
  const exited = new Promise<number | string | Error>((resolve) => {
    child.once('error', (err) => resolve(err));
    child.once('close', (code, sig) => resolve(code ?? sig ?? 'unknown'));
  });
  const bytes = video.size[0] * video.size[1] * 4;
  const buffers = [Buffer.allocUnsafe(bytes), Buffer.allocUnsafe(bytes)];
  let at = 0;
  let filled = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let from = 0;
      while (from < chunk.length) {
        const n = Math.min(bytes - filled, chunk.length - from);
        chunk.copy(buffers[at]!, filled, from, from + n);
        filled += n;
        from += n;
        if (filled === bytes) {
          yield buffers[at]!;
          at = 1 - at;
          filled = 0;
        }
      }
    }
    const result = await exited;
    if (result instanceof Error) throw result;
    if (result !== 0) throw new FfmpegError(`ffmpeg exited with ${result} decoding a video layer: ${stderr.trim().slice(-2000)}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** One video's frames by index: each asked index at or after the last, the last frame held past the end. */
export class VideoFrames {
  private index = -1;
  private current: Buffer | null = null;
  private ended = false;

  constructor(private readonly frames: AsyncGenerator<Buffer>) {}

  /** The frame `k` (or the last there is, past the end); null when the video has no frame at all. */
  async at(k: number): Promise<VideoFrame | null> {
    while (!this.ended && this.index < k) {
      const next = await this.frames.next();
      if (next.done) this.ended = true;
      else {
        this.current = next.value;
        this.index += 1;
      }
    }
    return this.current === null ? null : { index: this.index, bytes: this.current };
  }

  async close(): Promise<void> {
    await this.frames.return(undefined);
  }
}

/**
 * Opens every video of the composition for one pass over its frames: the sources written to a
 * temporary directory (ffmpeg seeks in an MP4 whose index is at its end), one decoder each.
 * `frameAt(i)` answers what each video shows at frame `i` (frames asked in order); `close` stops
 * the decoders and removes the directory.
 */
export async function openVideoLayers(
  ffmpeg: string,
  composition: Pick<Composition, 'fps' | 'videos'>,
  sources: readonly (Buffer | null)[],
  signal: AbortSignal,
): Promise<{ frameAt(i: number): Promise<(VideoFrame | null)[]>; close(): Promise<void> }> {
  if (composition.videos.length === 0) return { frameAt: async () => [], close: async () => undefined };
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-video-layer-'));
  const readers: (VideoFrames | null)[] = [];
  for (const [k, video] of composition.videos.entries()) {
    const source = sources[k] ?? null;
    if (source === null || video.frames.every((f) => f === null)) {
      readers.push(null);
      continue;
    }
    const path = join(dir, `source-${k}`);
    await writeFile(path, source);
    readers.push(new VideoFrames(decodeVideoFrames(ffmpeg, path, composition.fps, video, signal)));
  }
  return {
    async frameAt(i) {
      return Promise.all(
        composition.videos.map(async (video, k) => {
          const index = video.frames[Math.min(i, video.frames.length - 1)] ?? null;
          const reader = readers[k];
          return index === null || !reader ? null : reader.at(index);
        }),
      );
    },
    async close() {
      await Promise.all(readers.map((r) => r?.close()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
