import type { MediaLayer } from '@pressroom/renderer';
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../tasks/failures.js';
import { assertMediaPlayable } from './render-animation.js';

const layer = (over: Partial<MediaLayer>): MediaLayer => ({
  name: 'clip',
  type: 'video',
  source: { kind: 'url', url: 'https://media.example/v.mp4' },
  audible: true,
  maxVolume: 1,
  speed: 1,
  playFor: null,
  fit: 'cover',
  box: { width: 100, height: 100 },
  start: 0,
  end: null,
  ...over,
});

describe('assertMediaPlayable', () => {
  it('refuses what a file cannot carry, naming the layer, as a deterministic refusal', () => {
    for (const [output, l] of [
      ['gif', layer({})],
      ['gif', layer({ type: 'audio', name: 'music' })],
      ['html5', layer({ audible: false })],
    ] as const) {
      let error: unknown;
      try {
        assertMediaPlayable(output, [l]);
      } catch (e) {
        error = e;
      }
      expect((error as Error).message).toContain(`"${l.name}"`);
      expect(classifyFailure(error)).toBe('refused');
    }
  });

  it('lets an MP4 carry video and sound, and a GIF a muted video', () => {
    expect(() => assertMediaPlayable('mp4', [layer({}), layer({ type: 'audio', name: 'music' })])).not.toThrow();
    expect(() => assertMediaPlayable('gif', [layer({ audible: false })])).not.toThrow();
  });
});
