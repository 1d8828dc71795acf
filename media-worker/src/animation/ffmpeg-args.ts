/**
 * ffmpeg command lines, built purely so they are tested without running ffmpeg. Every input
 * is a stream of frames on stdin at the video frame rate: JPEGs (Chromium's frame ranges
 * concatenated in order) or raw RGBA (the layer compositor's); every output is a file path.
 * See docs/animation.md.
 */

export interface FramesInput {
  /** Frames per second of the input stream. */
  fps: number;
  /**
   * Raw frames of this size (the layer compositor's, docs/animation.md) instead of the Chromium
   * frames' JPEGs: nothing to decode. RGBA, or I420 (yuv420p: what x264 encodes, nothing to convert).
   */
  raw?: { width: number; height: number; pixels?: 'rgba' | 'i420' };
}

export interface Mp4Output {
  path: string;
  width: number;
  height: number;
  /** The mixed sound as raw float samples in a file; null = no audio stream. */
  audio: { path: string; rate: number; channels: number } | null;
  /** x264's CRF (the request's `file_compression_level` through `x264Crf`); default `X264.crf`. */
  crf?: number;
}

/** Dimensions libx264 with yuv420p accepts: even. A 1081 px format is padded by one pixel. */
function even(n: number): number {
  return n % 2 === 0 ? n : n + 1;
}

/**
 * The frame stream as ffmpeg reads it. Nothing is left to probe (the codec and the rate are given,
 * the size comes with the first frame), so probing is turned off: by default ffmpeg reads 5 MB or
 * 5 s of stream before it decodes the first frame, which for a 5-second video is nearly every frame,
 * and the encode that was to run beside the capture waited for the capture's end instead
 * (docs/animation.md, "Capture and encode side by side").
 */
const INPUT = (input: FramesInput) => [
  '-probesize',
  '32',
  '-analyzeduration',
  '0',
  ...(input.raw
    ? ['-f', 'rawvideo', '-pix_fmt', input.raw.pixels === 'i420' ? 'yuv420p' : 'rgba', '-s', `${input.raw.width}x${input.raw.height}`]
    : ['-f', 'image2pipe', '-c:v', 'mjpeg']),
  '-framerate',
  String(input.fps),
  '-i',
  'pipe:0',
];
const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

/**
 * The H.264 encoder's settings: the least CPU per frame at a quality no lower than the
 * `veryfast` crf 20 used before (docs/animation.md, "x264 settings": measured on the example's
 * 125 frames at 1080², SSIM of the decoded MP4 against the captured frames 0.9991 against
 * 0.9977, 0.99 CPU-s against 1.46 CPU-s, decode included; the file 2.7 times the size, 0.8 Mbit/s).
 * `ultrafast` drops the motion search and lookahead, which the frames of a banner need little;
 * CABAC and the deblocking filter are turned back on (about 10 % smaller, no blocking at edges)
 * for a few percent of CPU. `mp4-quality.e2e.test.ts` holds the quality to its threshold.
 */
export const X264 = { preset: 'ultrafast', params: 'cabac=1:deblock=1,0,0', crf: 22 } as const;

/**
 * MP4: H.264, yuv420p (plays everywhere), +faststart (the index first, so it streams), constant
 * frame rate, so the duration is frames / fps.
 */
export function mp4Args(input: FramesInput, out: Mp4Output): string[] {
  const pad = out.width % 2 === 0 && out.height % 2 === 0 ? [] : [`pad=${even(out.width)}:${even(out.height)}`];
  const audioIn = out.audio ? ['-f', 'f32le', '-ar', String(out.audio.rate), '-ac', String(out.audio.channels), '-i', out.audio.path] : [];
  // AAC 128 kb/s stereo: what players expect in an MP4; the mix is exactly as long as the frames.
  const audioOut = out.audio ? ['-map', '0:v', '-map', '1:a', '-c:a', 'aac', '-b:a', '128k'] : ['-an'];
  return [
    ...QUIET.filter((a) => a !== '-nostdin'),
    ...INPUT(input),
    ...audioIn,
    ...(pad.length ? ['-vf', pad.join(',')] : []),
    '-c:v',
    'libx264',
    '-preset',
    X264.preset,
    '-x264-params',
    X264.params,
    '-crf',
    String(out.crf ?? X264.crf),
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(input.fps),
    '-movflags',
    '+faststart',
    ...audioOut,
    out.path,
  ];
}

export interface GifOutput {
  path: string;
  /** Output size, px: the format's, unless the request capped the width (`gifSize`). */
  width: number;
  height: number;
  /** Output frames per second (a divisor of the input rate keeps the timing exact). */
  fps: number;
  /** Palette size, 2–256 (the request's `file_compression_level` through `gifColours`); default 256. */
  colours?: number;
  /**
   * The request's `gif.repeat`: -1 loops forever (the default), 0 plays once, N repeats N times.
   * ffmpeg's `-loop` counts the same repeats, with 0 for forever and -1 for none.
   */
  repeat?: number;
}

/**
 * GIF: one palette per file (palettegen over a sample of the clip's frames, `gifPaletteFrames`;
 * paletteuse with light dithering), looping forever unless `repeat` says otherwise, at the size
 * asked. Frames arrive at the format's size; they are scaled (lanczos) only when the request asked
 * for a smaller GIF.
 *
 * In one pass (`palette` a list of frames: those the palette is made from) ffmpeg holds every
 * frame until the palette is made: 4 bytes a pixel a frame, 290 MB for 5 s at 1080², growing with
 * the length. Frames that can be made twice (the compositor's) go through two passes when they
 * would hold more than `GIF_ONE_PASS_MAX_BYTES` (`gifPasses`): `gifPaletteArgs` fed those frames
 * alone, then this with the palette's path and every frame — the same GIF, byte for byte, with
 * one frame in flight.
 */
export function gifArgs(
  input: FramesInput,
  out: GifOutput,
  source: { width: number; height: number },
  palette: string | readonly number[],
): string[] {
  const use = `paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle`;
  const filter =
    typeof palette === 'string'
      ? `[0:v]${gifFrames(out, source)}[f];[f][1:v]${use}`
      : [`${gifFrames(out, source)},split[a][b]`, `[a]${selectFrames(palette)},${palettegen(out)}[p]`, `[b][p]${use}`].join(';');
  const repeat = out.repeat ?? -1;
  const loop = repeat === -1 ? 0 : repeat === 0 ? -1 : repeat;
  return [
    ...QUIET.filter((a) => a !== '-nostdin'),
    ...INPUT(input),
    ...(typeof palette === 'string' ? ['-i', palette] : []),
    '-filter_complex',
    filter,
    '-loop',
    String(loop),
    '-f',
    'gif',
    out.path,
  ];
}

/**
 * What one pass may hold of a GIF's frames (4 bytes a pixel a frame, at the format's size): 128 MiB,
 * a 1080² GIF of up to 28 frames (2.2 s), a 540² one of up to 9 s. ffmpeg's resident memory in one
 * pass is about 2.3 times the frames' bytes (674 MB for the 294 MB of a 5 s 1080² GIF; the bench's
 * media worker peaked at 940 MiB), and the manifests give a media worker 2 GiB for two jobs at once
 * (deploy/k8s/media-worker.yaml). A second pass composites and pipes every frame again (the example,
 * 5 s at 1080²: 47–52 ms of CPU a frame in two passes against 36–41 in one; ffmpeg's peak 186 MB),
 * so it is spent only where one pass would hold more.
 */
export const GIF_ONE_PASS_MAX_BYTES = 128 * 2 ** 20;

/** Passes for a GIF of frames that can be made twice (the compositor's): one while its frames fit GIF_ONE_PASS_MAX_BYTES. */
export function gifPasses(frames: number, size: { width: number; height: number }): 1 | 2 {
  return frames * size.width * size.height * 4 <= GIF_ONE_PASS_MAX_BYTES ? 1 : 2;
}

/**
 * A GIF's first pass (see gifArgs): the palette, as a PNG at `palette`, of the frames it is fed
 * (the `gifPaletteFrames` of the clip, alone: the others need not be made for it).
 */
export function gifPaletteArgs(input: FramesInput, out: GifOutput, source: { width: number; height: number }, palette: string): string[] {
  return [
    ...QUIET.filter((a) => a !== '-nostdin'),
    ...INPUT(input),
    '-vf',
    `${gifFrames(out, source)},${palettegen(out)}`,
    '-frames:v',
    '1',
    palette,
  ];
}

/** The frames a GIF is made of: thinned to its rate, scaled to its size. */
function gifFrames(out: GifOutput, source: { width: number; height: number }): string {
  const scale = out.width === source.width && out.height === source.height ? '' : `,scale=${out.width}:${out.height}:flags=lanczos`;
  return `fps=${out.fps}${scale}`;
}

/**
 * `stats_mode=full`: every pixel of the frames sampled counts. `diff` (only what changed since the
 * frame before) was the choice while every frame fed the palette; on a sample the frame before is
 * 0.32 s earlier; over every frame it gave the gallery's photo case 31.6 dB PSNR where `full`
 * gives 46.9 on the sample (docs/animation.md, Measured, "GIF palette from a sample of the frames").
 */
function palettegen(out: GifOutput): string {
  return `palettegen=max_colors=${out.colours ?? 256}:stats_mode=full`;
}

/** ffmpeg's `select` of the frames numbered (from 0, as the filter graph counts them). */
function selectFrames(frames: readonly number[]): string {
  if (frames.length === 0) throw new Error('a GIF palette needs at least one frame');
  return `select=${frames.map((n) => `eq(n\\,${n})`).join('+')}`;
}
