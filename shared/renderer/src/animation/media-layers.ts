import type { AnimatedDesign, LayerInput, LayerOverride, NormalisedOverrides } from '@pressroom/model';
import { frameCount, frameTime, layerInput, resolveFrame } from '@pressroom/model';
import { sourceOf } from '../plan/sources.js';
import type { AssetSource } from '../plan/types.js';
import { layerStateAt, type Timeline } from './timeline.js';

/**
 * Video and audio layers of one format as an animated file plays them (see docs/animation.md):
 * pure, from the design, the format and the request's overrides. A video's pixels are drawn
 * into its box frame by frame; the sound of every audible layer is mixed into an MP4.
 */
export interface MediaLayer {
  name: string;
  type: 'video' | 'audio';
  /** Where the bytes come from; null when `video_url`/`audio_url` is not a usable source. */
  source: AssetSource | null;
  /** Heard: not muted and a volume above 0. */
  audible: boolean;
  /** max_volume × (1 − muted), 0–1. */
  maxVolume: number;
  /** Playback speed (audio layers' `speed`; 1 for video). */
  speed: number;
  /** video_duration: seconds of the source to play; null = the whole file. */
  playFor: number | null;
  /** CSS object-fit of a video in its box. */
  fit: 'cover' | 'contain';
  /** Box in pixels (the format's). */
  box: { width: number; height: number };
  /** Visibility window in output seconds; the source's time 0 is at `start`. */
  start: number;
  end: number | null;
}

export function planMediaLayers(design: AnimatedDesign, formatName: string, overrides: NormalisedOverrides): MediaLayer[] {
  const frame = resolveFrame(design, formatName);
  if (frame === null) return [];
  const byName = new Map(frame.layers.map((l) => [l.name, l]));
  const override = (name: string): LayerOverride => (Object.hasOwn(overrides.layers, name) ? overrides.layers[name] : undefined) ?? {};
  const hidden = (name: string): boolean => {
    for (let at: string | null = name; at !== null; at = byName.get(at)?.parent ?? null) {
      const layer = byName.get(at);
      if (!layer) break;
      const o = override(at).hidden;
      if (o === true || (o !== false && layer.hidden)) return true;
    }
    return false;
  };
  const windows = new Map(design.elements.map((e) => [e.name, e.animation]));
  const out: MediaLayer[] = [];
  for (const layer of frame.layers) {
    if ((layer.type !== 'video' && layer.type !== 'audio') || hidden(layer.name)) continue;
    // The mute flag arrives as a level: 1 (true) silences, a share in between attenuates, 0 (false) plays as designed.
    const sound =
      layer.type === 'video'
        ? videoSound(layerInput('video', layer.properties, override(layer.name)))
        : audioSound(layerInput('audio', layer.properties, override(layer.name)));
    const maxVolume = sound.maxVolume * (1 - sound.muted);
    const a = windows.get(layer.name);
    out.push({
      name: layer.name,
      type: layer.type,
      source: sourceOf(sound.url),
      audible: maxVolume > 0,
      maxVolume,
      speed: sound.speed,
      playFor: sound.playFor,
      fit: sound.fit,
      box: { width: Math.max(2, Math.round(layer.box.width)), height: Math.max(2, Math.round(layer.box.height)) },
      start: Math.max(0, a?.start_at_s ?? 0),
      end: a?.end_at_s ?? null,
    });
  }
  return out;
}

interface Sound {
  url: string;
  muted: number;
  maxVolume: number;
  speed: number;
  playFor: number | null;
  fit: MediaLayer['fit'];
}

function videoSound(p: LayerInput<'video'>): Sound {
  const playFor = p.video_duration !== null && p.video_duration > 0 ? p.video_duration : null;
  return {
    url: p.video_url,
    muted: p.video_muted,
    maxVolume: p.max_volume,
    speed: 1,
    playFor,
    fit: p.fitting_type === 'fill' ? 'contain' : 'cover',
  };
}

function audioSound(p: LayerInput<'audio'>): Sound {
  return { url: p.audio_url, muted: p.audio_muted, maxVolume: p.max_volume, speed: p.speed, playFor: null, fit: 'cover' };
}

export type AnimatedOutput = 'mp4' | 'gif' | 'html5';

/**
 * Why a file cannot show its media layers as designed, or null. Nothing is silently dropped: a
 * GIF cannot carry sound, and an HTML5 banner does not carry video or audio (yet).
 */
export function mediaRefusal(output: AnimatedOutput, layers: readonly MediaLayer[]): { layer: string; message: string } | null {
  for (const l of layers) {
    const mute = l.type === 'video' ? 'video_muted' : 'audio_muted';
    if (output === 'html5') {
      return {
        layer: l.name,
        message: `Layer "${l.name}" is a ${l.type} layer; HTML5 banners from this farm do not carry video or audio layers. Generate an MP4, or hide the layer ("hidden": true).`,
      };
    }
    if (output === 'gif' && l.audible) {
      return {
        layer: l.name,
        message: `Layer "${l.name}" would be heard, and a GIF cannot carry sound. Set "${mute}": true (or hide the layer) to make a GIF, or generate an MP4.`,
      };
    }
    if (l.source === null && (l.type === 'video' || l.audible)) {
      return { layer: l.name, message: `Layer "${l.name}" has no usable ${l.type}_url (an http(s) URL, a data: URL or a design asset).` };
    }
  }
  return null;
}

/**
 * For output frames `start`..`end` (exclusive) at `fps`: the index of the video's own frame (at
 * the same rate, from the video's start) each shows, or null where the layer is not visible.
 * Past `playFor` the last frame holds; past the file's end the caller holds its last frame.
 */
export function videoFrameIndices(
  layer: Pick<MediaLayer, 'start' | 'end' | 'playFor'>,
  fps: number,
  start: number,
  end: number,
): (number | null)[] {
  const last = layer.playFor === null ? Number.POSITIVE_INFINITY : Math.max(0, Math.ceil(layer.playFor * fps - 1e-9) - 1);
  const out: (number | null)[] = [];
  for (let i = start; i < end; i += 1) {
    const t = frameTime(i, fps);
    const visible = t >= layer.start - 1e-9 && (layer.end === null || t < layer.end - 1e-9);
    // The video's frame showing at its own time t - start: the last one that began by then.
    out.push(visible ? Math.min(last, Math.max(0, Math.floor((t - layer.start) * fps + 1e-6))) : null);
  }
  return out;
}

/** Gains are sampled this often (per output second) and interpolated linearly when mixing. */
export const GAIN_RATE = 100;

/**
 * A layer's gain over the whole output, sampled at `GAIN_RATE`: max_volume times its audioFade
 * volume at that moment (the timeline's `volume`), 0 outside its window.
 */
export function gainCurve(layer: MediaLayer, timeline: Timeline): number[] {
  const lt = timeline.layers.find((l) => l.name === layer.name);
  const n = frameCount(timeline.duration, GAIN_RATE);
  const gains: number[] = [];
  for (let i = 0; i <= n; i += 1) {
    const t = Math.min(frameTime(i, GAIN_RATE), timeline.duration);
    const inWindow = t >= layer.start - 1e-9 && (layer.end === null || t < layer.end - 1e-9);
    const volume = lt ? (layerStateAt(lt, t).volume ?? 1) : 1;
    gains.push(inWindow ? Math.min(1, Math.max(0, layer.maxVolume * volume)) : 0);
  }
  return gains;
}
