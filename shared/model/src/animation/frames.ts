/**
 * Output frame rate of MP4 frames: 25 fps. 25 divides every tenth of a second into whole frames
 * of 40 ms, and a 5-second video is 125 captures; 30 fps would cost 20 % more capture time on
 * the render pool for motion the designs' tweens do not need. See docs/animation.md.
 */
export const VIDEO_FPS = 25;

/**
 * GIF: 12.5 fps, captured at that rate (half the captures of a video). GIF delays are whole
 * hundredths of a second, and 12.5 fps is exactly 8/100 s per frame.
 */
export const GIF_FPS = 12.5;

/**
 * Frames per range job: about half a second of video. A range after the first on a page draws
 * on the page that holds its file loaded (render-worker loaded-files.ts), so a range costs little
 * more than its job; the encode streams ranges in order, and what is left to encode when the
 * capture ends is the last ranges, so smaller ranges end the file sooner (12 against 25: 0.14 s
 * after the capture against 0.3 s, docs/animation.md).
 */
export const FRAMES_PER_RANGE = 12;

/**
 * The number of ranges is rounded up to a multiple of this: a render worker draws on two pages
 * at once by default (`PAGE_POOL_SIZE`), and 5 ranges on 2 pages leave one page drawing a third
 * range alone (75 of 125 frames on the critical path) where 6 ranges give each page 63.
 */
export const RANGE_LANES = 2;

/** Frame count of a timeline: one frame every 1/fps s from 0, exactly `duration` long. */
export function frameCount(duration: number, fps: number = VIDEO_FPS): number {
  return Math.max(1, Math.round(duration * fps));
}

/** Time of frame i, seconds. */
export function frameTime(index: number, fps: number = VIDEO_FPS): number {
  return index / fps;
}

export interface FrameRange {
  /** Index of the range, 0-based; also its position when stitching. */
  index: number;
  /** First frame, inclusive. */
  start: number;
  /** Last frame, exclusive. */
  end: number;
}

/**
 * Splits `total` frames into consecutive ranges of at most `size` frames: together they cover
 * 0..total exactly once, in order, and no range is empty. The count is a multiple of `lanes`
 * when there are frames enough, so parallel pages finish together.
 */
export function planFrameRanges(total: number, size: number = FRAMES_PER_RANGE, lanes: number = RANGE_LANES): FrameRange[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`frame count must be a non-negative integer, got ${total}`);
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`range size must be a positive integer, got ${size}`);
  if (!Number.isInteger(lanes) || lanes < 1) throw new RangeError(`lanes must be a positive integer, got ${lanes}`);
  const count = Math.min(total, Math.ceil(Math.ceil(total / size) / lanes) * lanes);
  // Even ranges: 150 frames in 6 ranges of 25, 130 in 6 of 21–22 rather than 5 of 25 and 1 of 5.
  const ranges: FrameRange[] = [];
  for (let i = 0; i < count; i += 1) {
    ranges.push({ index: i, start: Math.floor((i * total) / count), end: Math.floor(((i + 1) * total) / count) });
  }
  return ranges;
}
