import type { SoundtrackTrack } from '@pressroom/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeArgs, gainAt, MIX_CHANNELS, MIX_RATE, mixTracks } from './soundtrack.js';

const track = (over: Partial<SoundtrackTrack>): SoundtrackTrack => ({
  layer: 'music',
  key: 'sound-00.bin',
  start: 0,
  end: 1,
  speed: 1,
  playFor: null,
  gains: [1, 1],
  ...over,
});
const ones = (seconds: number) => new Float32Array(Math.round(seconds * MIX_RATE) * MIX_CHANNELS).fill(0.5);

describe('gainAt', () => {
  it('interpolates linearly and holds the last value', () => {
    expect(gainAt([0, 1], 1, 0.25)).toBeCloseTo(0.25);
    expect(gainAt([0, 1], 1, 5)).toBe(1);
    expect(gainAt([], 1, 0)).toBe(0);
  });
});

describe('mixTracks', () => {
  it('is exactly the output long, places each source at its start and cuts it at its end', () => {
    const mix = mixTracks({ duration: 2, gainRate: 1 }, [{ track: track({ start: 0.5, end: 1.5, gains: [1, 1, 1] }), pcm: ones(3) }]);
    expect(mix.length).toBe(2 * MIX_RATE * MIX_CHANNELS);
    expect(mix[Math.round(0.25 * MIX_RATE) * 2]).toBe(0);
    expect(mix[Math.round(1 * MIX_RATE) * 2]).toBeCloseTo(0.5);
    expect(mix[Math.round(1.75 * MIX_RATE) * 2]).toBe(0);
  });

  it('applies the gain curve (max_volume × audioFade) and stops at playFor', () => {
    const mix = mixTracks({ duration: 2, gainRate: 1 }, [{ track: track({ end: 2, playFor: 1, gains: [0, 1, 1] }), pcm: ones(2) }]);
    expect(mix[Math.round(0.5 * MIX_RATE) * 2]).toBeCloseTo(0.25, 3);
    expect(mix[Math.round(1.5 * MIX_RATE) * 2]).toBe(0);
  });

  it('sums tracks and never leaves [-1, 1]', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }), (levels) => {
        const tracks = levels.map((v) => ({ track: track({ end: 0.01 }), pcm: new Float32Array(480 * MIX_CHANNELS).fill(v) }));
        const mix = mixTracks({ duration: 0.01, gainRate: 1 }, tracks);
        for (const s of mix) expect(Math.abs(s)).toBeLessThanOrEqual(1);
        const sum = levels.reduce((a, b) => a + Math.fround(b), 0);
        expect(mix[0]).toBeCloseTo(Math.max(-1, Math.min(1, sum)), 5);
      }),
    );
  });
});

describe('decodeArgs', () => {
  it('decodes to the mix format, chaining atempo below half speed', () => {
    expect(decodeArgs('/s', { speed: 1 }, 2)).not.toContain('-af');
    const slow = decodeArgs('/s', { speed: 0.25 }, 2);
    expect(slow[slow.indexOf('-af') + 1]).toBe('atempo=0.5,atempo=0.5');
    const args = decodeArgs('/s', { speed: 1.5 }, 2);
    expect(args[args.indexOf('-af') + 1]).toBe('atempo=1.5');
    expect(args.slice(-7)).toEqual(['-f', 'f32le', '-ac', '2', '-ar', '48000', 'pipe:1']);
  });
});
