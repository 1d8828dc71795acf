import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnimatedDesign, NormalisedOverrides } from '@pressroom/model';
import { parseExampleDocument } from '@pressroom/platform';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAIN_RATE, gainCurve, type MediaLayer, mediaRefusal, planMediaLayers, videoFrameIndices } from './media-layers.js';
import { planTimeline } from './timeline.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The example animated design with a video layer and an audio layer on top. */
function designWithMedia(extra: Record<string, unknown>[] = []): AnimatedDesign {
  const doc = JSON.parse(readFileSync(join(ROOT, 'examples/designs/animated-product-launch.json'), 'utf8'));
  doc.layers.push(
    {
      name: 'clip',
      type: 'video',
      layout: { square: { x: 0, y: 0, width: 320, height: 240 }, wide: { x: 0, y: 0, width: 320, height: 240 } },
      properties: { src: 'https://media.example/clip.mp4', max_volume: 0.5 },
      animation: { start_at_s: 0.5, end_at_s: 1.5, tweens: [] },
    },
    {
      name: 'music',
      type: 'audio',
      layout: { square: { x: 0, y: 0, width: 10, height: 10 }, wide: { x: 0, y: 0, width: 10, height: 10 } },
      properties: { src: 'https://media.example/music.wav' },
      animation: {
        start_at_s: null,
        end_at_s: null,
        tweens: [
          {
            id: 'music-fade',
            type: 'audioFade',
            keyframes: [
              { time: 0, attr: { volumeEffect: 0 }, easing: 'linear' },
              { time: 1, attr: { volumeEffect: 1 }, easing: 'linear' },
            ],
          },
        ],
      },
    },
    ...extra,
  );
  const parsed = parseExampleDocument(doc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed));
  return parsed.design as AnimatedDesign;
}
const none = { layers: {}, vars: {} };

describe('planMediaLayers', () => {
  it('reads the media properties, windows and box of each shown video or audio layer', () => {
    const [clip, music] = planMediaLayers(designWithMedia(), 'square', none);
    expect(clip).toMatchObject({
      name: 'clip',
      type: 'video',
      source: { kind: 'url', url: 'https://media.example/clip.mp4' },
      audible: true,
      maxVolume: 0.5,
      fit: 'cover',
      box: { width: 320, height: 240 },
      start: 0.5,
      end: 1.5,
    });
    expect(music).toMatchObject({ name: 'music', type: 'audio', audible: true, maxVolume: 1, speed: 1, start: 0, end: null });
  });

  it('applies the request: muted, another source, hidden', () => {
    const layers = planMediaLayers(designWithMedia(), 'square', {
      layers: { clip: { video_muted: true, video_url: 'https://other.example/v.mp4' }, music: { hidden: true } },
      vars: {},
    } as unknown as NormalisedOverrides);
    expect(layers).toHaveLength(1);
    expect(layers[0]).toMatchObject({ audible: false, source: { kind: 'url', url: 'https://other.example/v.mp4' } });
  });

  it('reads a normalised muted (1 = true, a share attenuates, 0 = false)', () => {
    const layers = planMediaLayers(designWithMedia(), 'square', {
      layers: { clip: { video_muted: 1 }, music: { audio_muted: 0.25 } },
      vars: {},
    } as unknown as NormalisedOverrides);
    expect(layers.map((l) => [l.audible, l.maxVolume])).toEqual([
      [false, 0],
      [true, 0.75],
    ]);
  });
});

describe('mediaRefusal', () => {
  const layers = () => planMediaLayers(designWithMedia(), 'square', none);
  it('lets an MP4 carry video and sound', () => {
    expect(mediaRefusal('mp4', layers())).toBeNull();
  });
  it('refuses a GIF with a sound that would be heard, naming the layer and the way out', () => {
    const refusal = mediaRefusal('gif', layers());
    expect(refusal?.layer).toBe('clip');
    expect(refusal?.message).toContain('video_muted');
    const muted = planMediaLayers(designWithMedia(), 'square', {
      layers: { clip: { video_muted: true }, music: { audio_muted: true } },
      vars: {},
    } as unknown as NormalisedOverrides);
    expect(mediaRefusal('gif', muted)).toBeNull();
  });
  it('refuses HTML5 with any media layer', () => {
    expect(mediaRefusal('html5', layers())?.message).toContain('HTML5');
    expect(mediaRefusal('html5', [])).toBeNull();
  });
  it('refuses a video without a usable source', () => {
    const bad = layers().map((l) => ({ ...l, source: null }));
    expect(mediaRefusal('mp4', bad)?.message).toContain('video_url');
  });
});

describe('videoFrameIndices', () => {
  const layer = { start: 0.5, end: 1.5, playFor: null };
  it('shows the video from its window start, its own frame 0 first', () => {
    expect(videoFrameIndices(layer, 25, 10, 15)).toEqual([null, null, null, 0, 1]);
    expect(videoFrameIndices(layer, 25, 36, 39)).toEqual([23, 24, null]);
  });
  it('holds the last frame past video_duration', () => {
    expect(videoFrameIndices({ start: 0, end: null, playFor: 0.1 }, 25, 0, 5)).toEqual([0, 1, 2, 2, 2]);
  });
  it('depends on the frame alone: a range answers what its frames answer one by one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        (from, n, start) => {
          const l = { start, end: start + 2, playFor: 1.3 };
          const whole = videoFrameIndices(l, 25, from, from + n);
          const one = Array.from({ length: n }, (_, i) => videoFrameIndices(l, 25, from + i, from + i + 1)[0]);
          expect(whole).toEqual(one);
          for (const k of whole) if (k !== null) expect(k).toBeLessThanOrEqual(32);
        },
      ),
    );
  });
});

describe('gainCurve', () => {
  it('is max_volume × the audioFade volume inside the window, 0 outside', () => {
    const design = designWithMedia();
    const timeline = planTimeline(design);
    const [clip, music] = planMediaLayers(design, 'square', none) as [MediaLayer, MediaLayer];
    const clipGains = gainCurve(clip, timeline);
    expect(clipGains).toHaveLength(6 * GAIN_RATE + 1);
    expect(clipGains[0.25 * GAIN_RATE]).toBe(0);
    expect(clipGains[1 * GAIN_RATE]).toBe(0.5);
    expect(clipGains[1.6 * GAIN_RATE]).toBe(0);
    const musicGains = gainCurve(music, timeline);
    expect(musicGains[0]).toBe(0);
    expect(musicGains[0.5 * GAIN_RATE]).toBeCloseTo(0.5, 6);
    expect(musicGains[2 * GAIN_RATE]).toBe(1);
  });
});
