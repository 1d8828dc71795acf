import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '@pressroom/platform';
import type { MediaLayer } from '@pressroom/renderer';

/**
 * ffmpeg arguments that decode a video layer's own frames `first`..`first + count - 1` (at the
 * output rate, from the file's start), scaled to cover (or fit inside) the layer's box, as an
 * MJPEG stream on stdout. Pure, so it is tested without ffmpeg.
 */
export function videoFrameArgs(input: {
  path: string;
  fps: number;
  first: number;
  count: number;
  layer: Pick<MediaLayer, 'box' | 'fit'>;
}): string[] {
  const { width, height } = input.layer.box;
  const aspect = input.layer.fit === 'cover' ? 'increase' : 'decrease';
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...(input.first > 0 ? ['-ss', (input.first / input.fps).toFixed(6)] : []),
    '-i',
    input.path,
    '-an',
    '-vf',
    `fps=${input.fps},scale=${width}:${height}:force_original_aspect_ratio=${aspect}:force_divisible_by=2`,
    '-frames:v',
    String(input.count),
    '-f',
    'image2pipe',
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    'pipe:1',
  ];
}

/** The JPEGs of an MJPEG stream from ffmpeg: each ends with EOI (FF D9), the next starts with SOI. */
export function splitMjpeg(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const eoi = bytes.indexOf(Buffer.from([0xff, 0xd9]), at);
    if (eoi < 0) break;
    out.push(bytes.subarray(at, eoi + 2));
    const next = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]), eoi + 2);
    if (next < 0) break;
    at = next;
  }
  return out;
}

/**
 * The frames a range needs of one video, as data: URLs by the video's own frame index. A file
 * shorter than asked answers fewer frames: the caller holds the last one.
 */
export async function extractVideoFrames(
  ffmpeg: string,
  video: Buffer,
  request: { fps: number; first: number; count: number; layer: Pick<MediaLayer, 'box' | 'fit'> },
  signal: AbortSignal,
): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-video-'));
  try {
    const path = join(dir, 'source');
    await writeFile(path, video);
    let frames = splitMjpeg(await runFfmpeg(ffmpeg, videoFrameArgs({ ...request, path }), null, signal));
    if (frames.length === 0 && request.first > 0) {
      // The range starts past the file's end: its last frame holds.
      const args = videoFrameArgs({ ...request, first: 0, count: 1_000_000, path });
      args.splice(args.indexOf('-i'), 0, '-sseof', '-1');
      frames = splitMjpeg(await runFfmpeg(ffmpeg, args, null, signal)).slice(-1);
    }
    return frames.map((jpeg) => `data:image/jpeg;base64,${jpeg.toString('base64')}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
