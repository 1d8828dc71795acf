import { describe, expect, it } from 'vitest';
import { frameBytes, planChunks } from './composite-pool.js';

describe('planChunks', () => {
  it('covers every frame once, in order, in whole chunks', () => {
    for (const [frames, bytes] of [
      [125, frameBytes(1080, 1080, 'i420')],
      [63, frameBytes(1080, 1080, 'rgba')],
      [1, frameBytes(16, 16, 'rgba')],
      [1500, frameBytes(1920, 1080, 'i420')],
    ] as const) {
      const chunks = planChunks(frames, bytes);
      expect(chunks[0]![0]).toBe(0);
      expect(chunks.at(-1)![1]).toBe(frames);
      for (const [k, [start, end]] of chunks.entries()) {
        expect(end).toBeGreaterThan(start);
        if (k > 0) expect(start).toBe(chunks[k - 1]![1]);
      }
    }
  });

  it('keeps a chunk near 8 MiB of frames, at least one frame and at most 16', () => {
    // A 1080² I420 frame is 1.75 MB: 4 a chunk; RGBA 4.67 MB: 1; a 4000² RGBA frame (64 MB): 1 alone.
    expect(planChunks(125, frameBytes(1080, 1080, 'i420'))[0]).toEqual([0, 4]);
    expect(planChunks(63, frameBytes(1080, 1080, 'rgba'))[0]).toEqual([0, 1]);
    expect(planChunks(63, frameBytes(540, 540, 'rgba'))[0]).toEqual([0, 7]);
    expect(planChunks(4, frameBytes(4000, 4000, 'rgba'))).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(planChunks(40, frameBytes(64, 64, 'rgba'))[0]).toEqual([0, 16]);
  });

  it('makes no chunk for a file of no frames', () => {
    expect(planChunks(0, 100)).toEqual([]);
  });
});
