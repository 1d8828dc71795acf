import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameCount, frameTime, planFrameRanges, VIDEO_FPS } from './frames.js';

describe('frames', () => {
  it('makes a video exactly as long as the timeline', () => {
    expect(frameCount(6)).toBe(150);
    expect(frameCount(5)).toBe(125);
    expect(frameCount(6) / VIDEO_FPS).toBe(6);
    expect(frameTime(25)).toBe(1);
  });

  it('splits frames into even ranges that cover every frame once, in order', () => {
    expect(planFrameRanges(150, 25)).toHaveLength(6);
    expect(planFrameRanges(130, 25).map((r) => r.end - r.start)).toEqual([21, 22, 22, 21, 22, 22]);
    // 125 frames on two pages: 6 ranges (63 frames per page), not 5 (75 on one page).
    expect(planFrameRanges(125, 25).map((r) => r.end - r.start)).toEqual([20, 21, 21, 21, 21, 21]);
    expect(planFrameRanges(125, 25, 1)).toHaveLength(5);
    expect(planFrameRanges(1, 25)).toHaveLength(1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 8 }),
        (total, size, lanes) => {
          const ranges = planFrameRanges(total, size, lanes);
          let next = 0;
          ranges.forEach((r, i) => {
            expect(r.index).toBe(i);
            expect(r.start).toBe(next);
            expect(r.end).toBeGreaterThan(r.start);
            expect(r.end - r.start).toBeLessThanOrEqual(size);
            next = r.end;
          });
          expect(next).toBe(total);
          expect(ranges.length).toBeGreaterThanOrEqual(Math.ceil(total / size));
          if (ranges.length < total) expect(ranges.length % lanes).toBe(0);
        },
      ),
    );
  });

  it('refuses nonsense', () => {
    expect(() => planFrameRanges(10, 0)).toThrow(RangeError);
    expect(() => planFrameRanges(-1, 5)).toThrow(RangeError);
    expect(() => planFrameRanges(10, 5, 0)).toThrow(RangeError);
  });
});
