import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Soundtrack, SoundtrackTrack } from '@pressroom/model';
import { runFfmpeg } from '@pressroom/platform';

/** The mix: 48 kHz stereo, 32-bit float, interleaved (what ffmpeg reads as `f32le`). */
export const MIX_RATE = 48_000;
export const MIX_CHANNELS = 2;

/**
 * ffmpeg arguments decoding one track's source to the mix format at its speed, at most `seconds`
 * of output long. `atempo` takes 0.5–2, so slower speeds chain two.
 */
export function decodeArgs(path: string, track: Pick<SoundtrackTrack, 'speed'>, seconds: number): string[] {
  const tempo =
    track.speed === 1 ? [] : track.speed < 0.5 ? ['-af', `atempo=0.5,atempo=${track.speed / 0.5}`] : ['-af', `atempo=${track.speed}`];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-i',
    path,
    '-vn',
    ...tempo,
    '-t',
    seconds.toFixed(6),
    '-f',
    'f32le',
    '-ac',
    String(MIX_CHANNELS),
    '-ar',
    String(MIX_RATE),
    'pipe:1',
  ];
}

/** A gain curve sampled at `rate` per second, read at time t with linear interpolation. */
export function gainAt(gains: readonly number[], rate: number, t: number): number {
  if (gains.length === 0) return 0;
  const x = Math.max(0, t * rate);
  const i = Math.floor(x);
  if (i >= gains.length - 1) return gains[gains.length - 1]!;
  const f = x - i;
  return gains[i]! * (1 - f) + gains[i + 1]! * f;
}

/**
 * Mixes decoded tracks into one interleaved buffer exactly `duration` long: each source placed
 * at its track's start, cut at its end (or `playFor`), scaled by its gain curve, summed, clipped
 * to [-1, 1]. Pure.
 */
export function mixTracks(
  plan: Pick<Soundtrack, 'duration' | 'gainRate'>,
  tracks: { track: SoundtrackTrack; pcm: Float32Array }[],
): Float32Array {
  const frames = Math.round(plan.duration * MIX_RATE);
  const out = new Float32Array(frames * MIX_CHANNELS);
  for (const { track, pcm } of tracks) {
    const first = Math.round(track.start * MIX_RATE);
    const stopAt = track.playFor === null ? track.end : Math.min(track.end, track.start + track.playFor);
    const last = Math.min(frames, Math.round(stopAt * MIX_RATE));
    for (let f = first; f < last; f += 1) {
      const src = (f - first) * MIX_CHANNELS;
      if (src >= pcm.length) break;
      const g = gainAt(track.gains, plan.gainRate, f / MIX_RATE);
      for (let c = 0; c < MIX_CHANNELS; c += 1) out[f * MIX_CHANNELS + c]! += (pcm[src + c] ?? 0) * g;
    }
  }
  for (let i = 0; i < out.length; i += 1) out[i] = Math.max(-1, Math.min(1, out[i]!));
  return out;
}

/** Decodes every track's source with ffmpeg and mixes them; the raw f32le bytes of the mix. */
export async function renderSoundtrack(ffmpeg: string, plan: Soundtrack, sources: Buffer[], signal: AbortSignal): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-sound-'));
  try {
    const decoded: { track: SoundtrackTrack; pcm: Float32Array }[] = [];
    for (const [i, track] of plan.tracks.entries()) {
      const path = join(dir, `source-${i}`);
      await writeFile(path, sources[i]!);
      const raw = await runFfmpeg(ffmpeg, decodeArgs(path, track, Math.max(0.001, track.end - track.start)), null, signal);
      // ffmpeg's stdout may sit at any byte offset: read the floats rather than view them.
      const pcm = new Float32Array(Math.floor(raw.length / 4));
      for (let k = 0; k < pcm.length; k += 1) pcm[k] = raw.readFloatLE(k * 4);
      decoded.push({ track, pcm });
    }
    const mix = mixTracks(plan, decoded);
    return Buffer.from(mix.buffer, mix.byteOffset, mix.byteLength);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
