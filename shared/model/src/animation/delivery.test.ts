import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGenerationRequest } from '../generation/requests.js';
import { checkAnimatedDelivery, gifSize, HTML5_MAX_PLAY_SECONDS, html5Playback, maxLoops, NO_DELIVERY } from './delivery.js';

const SIX = { duration: 6, screenshot_at_s: 4 };

describe('html5Playback', () => {
  it('plays once by default and stops on the screenshot frame', () => {
    expect(html5Playback(1, SIX)).toEqual({ loops: 1, iterations: 4 / 6, restAtStart: false, seconds: 4 });
  });

  it('plays every earlier loop whole', () => {
    expect(html5Playback(3, SIX).iterations).toBeCloseTo(2 + 4 / 6, 12);
    expect(html5Playback(3, SIX).seconds).toBeCloseTo(16, 12);
  });

  it('a screenshot at 0 s plays every loop to the end, then rests on the first frame', () => {
    expect(html5Playback(2, { duration: 5, screenshot_at_s: 0 })).toEqual({ loops: 2, iterations: 2, restAtStart: true, seconds: 10 });
  });
});

describe('checkAnimatedDelivery', () => {
  it('accepts no options, and each option on its own file type', () => {
    expect(checkAnimatedDelivery(NO_DELIVERY, { fileType: 'mp4', animation: SIX })).toEqual([]);
    expect(
      checkAnimatedDelivery({ ...NO_DELIVERY, clickUrl: 'https://x.test', loopCount: 3 }, { fileType: 'html5', animation: SIX }),
    ).toEqual([]);
    expect(checkAnimatedDelivery({ ...NO_DELIVERY, gifMaxWidth: 320 }, { fileType: 'gif', animation: SIX })).toEqual([]);
  });

  it('refuses an option sent for another file type, at its path, every one at once', () => {
    const issues = checkAnimatedDelivery(
      { clickUrl: 'https://x.test', loopCount: 2, gifMaxWidth: 300 },
      { fileType: 'mp4', animation: SIX },
    );
    expect(issues.map((i) => [i.path, i.code])).toEqual([
      ['click_url', 'invalid_payload'],
      ['loop_count', 'invalid_payload'],
      ['gif_max_width', 'invalid_payload'],
    ]);
  });

  it('refuses plays beyond 30 s, naming the most this design allows', () => {
    const long = { duration: 14, screenshot_at_s: 10 };
    expect(maxLoops(long)).toBe(2);
    const [issue] = checkAnimatedDelivery({ ...NO_DELIVERY, loopCount: 3 }, { fileType: 'html5', animation: long });
    expect(issue).toMatchObject({ path: 'loop_count', code: 'out_of_range', expected: { min: 1, max: 2 }, received: 3 });
  });

  it('property: an accepted loop count above 1 never plays longer than 30 s; 1 is always accepted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 1, max: 60, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (loops, duration, share) => {
          const animation = { duration, screenshot_at_s: duration * share };
          const issues = checkAnimatedDelivery({ ...NO_DELIVERY, loopCount: loops }, { fileType: 'html5', animation });
          // One play is the default and always accepted, however long the design: only loops are bounded.
          if (issues.length > 0) expect(loops).toBeGreaterThan(maxLoops(animation));
          else if (loops > 1) expect(html5Playback(loops, animation).seconds).toBeLessThanOrEqual(HTML5_MAX_PLAY_SECONDS + 1e-6);
        },
      ),
    );
  });
});

describe('gifSize', () => {
  it('is the format size unless capped; never upscaled; aspect kept', () => {
    expect(gifSize({ width: 1080, height: 1080 }, null)).toEqual({ width: 1080, height: 1080 });
    expect(gifSize({ width: 1920, height: 1080 }, 540)).toEqual({ width: 540, height: 304 });
    expect(gifSize({ width: 300, height: 250 }, 540)).toEqual({ width: 300, height: 250 });
    expect(gifSize({ width: 1081, height: 1081 }, null)).toEqual({ width: 1081, height: 1081 });
  });
});

describe('the async body', () => {
  const parse = (body: unknown, designType: 'animated' | 'static' = 'animated') => parseGenerationRequest('async', body, { designType });

  it('carries the options into the request', () => {
    const r = parse({ image_file_type: 'html5', click_url: 'https://shop.example/launch', loop_count: 2 });
    expect(r.ok && r.value.delivery).toEqual({ clickUrl: 'https://shop.example/launch', loopCount: 2, gifMaxWidth: null });
  });

  it('refuses bad values with their paths', () => {
    const r = parse({ click_url: 'javascript:alert(1)', loop_count: 4, gif_max_width: 10.5 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.issues?.map((i) => [i.path, i.code])).toEqual([
      ['click_url', 'invalid_payload'],
      ['loop_count', 'out_of_range'],
      ['gif_max_width', 'out_of_range'],
    ]);
    const fraction = parse({ loop_count: 1.5 });
    expect(!fraction.ok && fraction.error.issues?.[0]).toMatchObject({ path: 'loop_count', code: 'invalid_payload' });
  });

  it('refuses the options on a design that is not animated', () => {
    const r = parse({ click_url: 'https://x.test' }, 'static');
    expect(!r.ok && r.error.issues?.[0]).toMatchObject({ path: 'click_url', code: 'invalid_payload' });
  });
});
