import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestSize, parseSizes, placeOnCanvas, retryDelayMs, retryReasonOf } from './http-plan.js';

const OPENAI = [
  { width: 1024, height: 1024 },
  { width: 1536, height: 1024 },
  { width: 1024, height: 1536 },
];

describe('parseSizes', () => {
  it('reads WxH lists and names the first bad entry', () => {
    expect(parseSizes('1024x1024, 1536x1024')).toEqual({ sizes: OPENAI.slice(0, 2) });
    expect(parseSizes('1024x1024,big')).toEqual({ invalid: 'big' });
  });
});

describe('nearestSize', () => {
  it.each([
    [1, OPENAI[0]],
    [16 / 9, OPENAI[1]],
    [9 / 16, OPENAI[2]],
    [1.2, OPENAI[0]],
    [1.3, OPENAI[1]],
  ])('ratio %d → %o', (ratio, size) => {
    expect(nearestSize(ratio, OPENAI)).toEqual(size);
  });
});

describe('placeOnCanvas', () => {
  it('contains and centres the image, leaving the new area at the sides', () => {
    expect(placeOnCanvas({ width: 100, height: 100 }, { width: 1536, height: 1024 })).toEqual({
      width: 1024,
      height: 1024,
      left: 256,
      top: 0,
    });
  });

  it('shrinks an image that already has the canvas shape, so there is a border to paint', () => {
    expect(placeOnCanvas({ width: 50, height: 50 }, { width: 1000, height: 1000 })).toEqual({
      width: 800,
      height: 800,
      left: 100,
      top: 100,
    });
  });

  it('always fits inside the canvas and leaves some new area', () => {
    const side = fc.integer({ min: 1, max: 5000 });
    fc.assert(
      fc.property(side, side, side, side, (iw, ih, cw, ch) => {
        const p = placeOnCanvas({ width: iw, height: ih }, { width: cw, height: ch });
        expect(p.left).toBeGreaterThanOrEqual(0);
        expect(p.top).toBeGreaterThanOrEqual(0);
        expect(p.left + p.width).toBeLessThanOrEqual(cw);
        expect(p.top + p.height).toBeLessThanOrEqual(ch);
      }),
    );
  });
});

describe('retries', () => {
  const policy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000 };
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('retries 429 and 5xx only', () => {
    expect([400, 401, 404, 422, 429, 500, 503].map(retryReasonOf)).toEqual([
      null,
      null,
      null,
      null,
      'rate_limited',
      'server_error',
      'server_error',
    ]);
  });

  it('doubles from the base with jitter, and stops after the last attempt', () => {
    expect(retryDelayMs(1, null, policy, now, 0)).toBe(500);
    expect(retryDelayMs(2, null, policy, now, 0.999_999)).toBe(2000);
    expect(retryDelayMs(3, null, policy, now, 0)).toBe(2000);
    expect(retryDelayMs(4, null, policy, now, 0)).toBeNull();
  });

  it('honours Retry-After in seconds and as a date, and gives up past the longest wait', () => {
    expect(retryDelayMs(1, '3', policy, now, 0.5)).toBe(3000);
    expect(retryDelayMs(1, 'Mon, 23 Nov 2026 12:00:07 GMT', policy, now, 0.5)).toBe(7000);
    expect(retryDelayMs(1, '120', policy, now, 0.5)).toBeNull();
    expect(retryDelayMs(1, 'soon', policy, now, 0)).toBe(500);
  });
});
