import { z } from 'zod';

/**
 * The sound of one MP4, planned by the render worker that draws its first range (it has the
 * timeline and the guarded fetch) and executed by the media worker's encode: each audible video
 * or audio layer's source bytes, stored beside the frames, with where it plays and how loud.
 * Stored as `soundtrack.json` under the file's intermediate prefix (docs/animation.md).
 */
export const SOUNDTRACK_FILE = 'soundtrack.json';

export const soundtrackTrackSchema = z.object({
  /** The layer, for error messages. */
  layer: z.string(),
  /** The source's bytes under the file's intermediate prefix. */
  key: z.string(),
  /** Output seconds where the layer starts and stops playing; the source starts at its beginning. */
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  /** Playback speed of the source (audio layers' `speed`; 1 for video). */
  speed: z.number().positive(),
  /** Seconds of the source to play; null = until it or the window ends. */
  playFor: z.number().positive().nullable(),
  /** Gain (max_volume × audioFade) at every 1/`gainRate` s of output time from 0, linear in between. */
  gains: z.array(z.number().min(0).max(1)),
});
export type SoundtrackTrack = z.output<typeof soundtrackTrackSchema>;

export const soundtrackSchema = z.object({
  v: z.literal(1),
  /** Output duration, seconds. */
  duration: z.number().positive(),
  /** Samples per second of `gains`. */
  gainRate: z.number().positive(),
  tracks: z.array(soundtrackTrackSchema),
});
export type Soundtrack = z.output<typeof soundtrackSchema>;

export function parseSoundtrack(raw: unknown): Soundtrack {
  return soundtrackSchema.parse(raw);
}

/** Object name of a track's source bytes. */
export function soundtrackSourceFile(index: number): string {
  return `sound-${String(index).padStart(2, '0')}.bin`;
}
