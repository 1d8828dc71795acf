import type { AnimatedDesign, Easing, Keyframe, Tween } from '@pressroom/model';
import { EASINGS } from '@pressroom/model';
import { loadExampleDocuments, parseExampleDocument } from '@pressroom/platform';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ease, type LayerState, type LayerTimeline, layerStateAt, planTimeline, shownUnits, stateAt, valueAt } from './timeline.js';

function example(): AnimatedDesign {
  const doc = loadExampleDocuments().find((d) => d.file === 'animated-product-launch.json');
  const parsed = parseExampleDocument(doc!.json);
  if (!parsed.ok) throw new Error('example does not parse');
  return parsed.design as AnimatedDesign;
}

const kf = (time: number, attr: Record<string, number | string>, easing: Easing = 'linear'): Keyframe => ({ time, attr, easing });

describe('ease', () => {
  it('starts at 0, ends at 1 and never goes back, for every easing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EASINGS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (e, a, b) => {
          expect(ease(e, 0)).toBeCloseTo(0, 6);
          expect(ease(e, 1)).toBeCloseTo(1, 6);
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(ease(e, lo)).toBeLessThanOrEqual(ease(e, hi) + 1e-9);
        },
      ),
    );
  });

  it('matches the CSS curves at the midpoint', () => {
    expect(ease('linear', 0.5)).toBe(0.5);
    expect(ease('ease-in-out', 0.5)).toBeCloseTo(0.5, 6);
    // cubic-bezier(0.42, 0, 1, 1) at x = 0.5: y ≈ 0.3154; ease-out is its mirror.
    expect(ease('ease-in', 0.5)).toBeCloseTo(0.3154, 3);
    expect(ease('ease-out', 0.5)).toBeCloseTo(1 - 0.3154, 3);
  });
});

describe('valueAt', () => {
  const frames = [kf(1, { opacity: 0 }, 'linear'), kf(2, { opacity: 1 }, 'ease-in'), kf(4, { opacity: 0.5 })];
  it('holds the first value before and the last after the keyframes', () => {
    expect(valueAt(frames, 'opacity', 0)).toBe(0);
    expect(valueAt(frames, 'opacity', 5)).toBe(0.5);
  });
  it('hits every keyframe exactly and eases the segment with the first keyframe easing', () => {
    expect(valueAt(frames, 'opacity', 1)).toBe(0);
    expect(valueAt(frames, 'opacity', 2)).toBe(1);
    expect(valueAt(frames, 'opacity', 4)).toBe(0.5);
    expect(valueAt(frames, 'opacity', 1.5)).toBeCloseTo(0.5, 9);
    expect(valueAt(frames, 'opacity', 3)).toBeCloseTo(1 - 0.5 * ease('ease-in', 0.5), 9);
  });
});

describe('layerStateAt', () => {
  const layer = (tweens: LayerTimeline['tweens'], start: number | null = null, end: number | null = null): LayerTimeline => ({
    name: 'l',
    start,
    end,
    tweens,
  });

  it('shows a layer from start_at_s (inclusive) until end_at_s (exclusive)', () => {
    const l = layer([], 1, 2);
    expect(layerStateAt(l, 0.99).visible).toBe(false);
    expect(layerStateAt(l, 1).visible).toBe(true);
    expect(layerStateAt(l, 1.99).visible).toBe(true);
    expect(layerStateAt(l, 2).visible).toBe(false);
  });

  it('applies every tween type', () => {
    const l = layer([
      { id: 'f', type: 'fade', keyframes: [kf(0, { opacity: 0 }), kf(2, { opacity: 1 })] },
      { id: 's', type: 'slide', keyframes: [kf(0, { left: -100, top: 40 }), kf(2, { left: 0, top: 0 })] },
      { id: 'z', type: 'scale', keyframes: [kf(0, { scale: 50 }), kf(2, { scale: 150 })] },
      { id: 'r', type: 'rotate', keyframes: [kf(0, { angle: 0 }), kf(2, { angle: 90 })] },
      { id: 'a', type: 'audioFade', keyframes: [kf(0, { volumeEffect: 1 }), kf(2, { volumeEffect: 0 })] },
      { id: 't', type: 'textEffect', keyframes: [kf(0, { typewriting: 0, textEffectSplit: 'word' }), kf(2, { typewriting: 100 })] },
    ]);
    const s = layerStateAt(l, 1);
    expect(s).toMatchObject({
      visible: true,
      opacity: 0.5,
      x: -50,
      y: 20,
      scale: 1,
      rotate: 45,
      volume: 0.5,
      typewriting: 0.5,
      split: 'word',
    });
  });

  /** Each tween type: the keyframe attrs of a value v (0–1 of its range) and the state's value back. */
  const TYPES: [Tween['type'], (v: number) => Record<string, number>, (s: LayerState) => number][] = [
    ['fade', (v) => ({ opacity: v }), (s) => s.opacity],
    ['audioFade', (v) => ({ volumeEffect: v }), (s) => s.volume!],
    ['scale', (v) => ({ scale: v * 100 }), (s) => s.scale],
    ['rotate', (v) => ({ angle: v * 100 }), (s) => s.rotate / 100],
    ['textEffect', (v) => ({ typewriting: v * 100 }), (s) => s.typewriting!],
    ['slide', (v) => ({ left: v * 100, top: -v * 100 }), (s) => (s.x === -s.y ? s.x / 100 : Number.NaN)],
  ];

  it.each(TYPES)('two %s tweens take turns: each governs its span, the last value holds between and after', (type, attr, read) => {
    // In from 0.2 to 0.8 over 1–2 s, out from 0.6 to 0 over 3–4 s. Had they combined (multiplied,
    // added, or the last one winning, as before), 2.5 s would not be 0.8 and 0.5 s not 0.2.
    const first: Tween = { id: 'in', type, keyframes: [kf(1, attr(0.2)), kf(2, attr(0.8))] };
    const second: Tween = { id: 'out', type, keyframes: [kf(3, attr(0.6)), kf(4, attr(0))] };
    const expected: [number, number][] = [
      [0, 0.2], // before the first: its first value
      [1.5, 0.5],
      [2, 0.8],
      [2.5, 0.8], // between: the first one's last value
      [3, 0.6], // the second's own span, from its first value
      [3.5, 0.3],
      [5, 0], // after the last: its last value
    ];
    for (const tweens of [
      [first, second],
      [second, first],
    ]) {
      for (const [t, v] of expected) expect(read(layerStateAt(layer(tweens), t)), `${type} at ${t} s`).toBeCloseTo(v, 9);
    }
  });

  it('sequential textEffects type in and then take the text away again', () => {
    const l = layer([
      { id: 'in', type: 'textEffect', keyframes: [kf(0, { typewriting: 0, textEffectSplit: 'word' }), kf(1, { typewriting: 100 })] },
      { id: 'out', type: 'textEffect', keyframes: [kf(3, { typewriting: 100 }), kf(4, { typewriting: 0 })] },
    ]);
    expect(layerStateAt(l, 0.5)).toMatchObject({ typewriting: 0.5, split: 'word' });
    expect(layerStateAt(l, 2).typewriting).toBe(1);
    // The layer's text is split one way: the second tween sets none and takes the layer's.
    expect(layerStateAt(l, 3.5)).toMatchObject({ typewriting: 0.5, split: 'word' });
    expect(layerStateAt(l, 4).typewriting).toBe(0);
  });

  it('each type takes its own turns: a fade and a slide over the same span both apply', () => {
    const l = layer([
      { id: 'f', type: 'fade', keyframes: [kf(0, { opacity: 0 }), kf(2, { opacity: 1 })] },
      { id: 's', type: 'slide', keyframes: [kf(0, { left: -100, top: 0 }), kf(2, { left: 0, top: 0 })] },
      { id: 'f2', type: 'fade', keyframes: [kf(3, { opacity: 1 }), kf(4, { opacity: 0 })] },
    ]);
    expect(layerStateAt(l, 1)).toMatchObject({ opacity: 0.5, x: -50, y: 0 });
    expect(layerStateAt(l, 3.5)).toMatchObject({ opacity: 0.5, x: 0 });
  });

  it('a tween starting where another ends governs from that moment', () => {
    const l = layer([
      { id: 'a', type: 'scale', keyframes: [kf(0, { scale: 50 }), kf(1, { scale: 100 })] },
      { id: 'b', type: 'scale', keyframes: [kf(1, { scale: 200 }), kf(2, { scale: 100 })] },
    ]);
    expect(layerStateAt(l, 0.999).scale).toBeCloseTo(1, 2);
    expect(layerStateAt(l, 1).scale).toBe(2);
  });

  it('draws overlapping tweens of a design stored before the parser refused them: the one started last governs', () => {
    const l = layer([
      { id: 'long', type: 'fade', keyframes: [kf(0, { opacity: 0 }), kf(4, { opacity: 1 })] },
      { id: 'inner', type: 'fade', keyframes: [kf(2, { opacity: 0.5 }), kf(3, { opacity: 0.5 })] },
      { id: 'same-start', type: 'rotate', keyframes: [kf(0, { angle: 10 }), kf(1, { angle: 10 })] },
      { id: 'listed-later', type: 'rotate', keyframes: [kf(0, { angle: 20 }), kf(1, { angle: 20 })] },
    ]);
    expect(layerStateAt(l, 1)).toMatchObject({ opacity: 0.25, rotate: 20 });
    expect(layerStateAt(l, 2.5).opacity).toBe(0.5);
    expect(layerStateAt(l, 3.5).opacity).toBe(0.5);
    // Its values past what is drawn are held to it, as before.
    const clamped = layer([
      { id: 'f', type: 'fade', keyframes: [kf(0, { opacity: 1.5 }), kf(1, { opacity: -1 })] },
      { id: 'z', type: 'scale', keyframes: [kf(0, { scale: -50 }), kf(1, { scale: -50 })] },
    ]);
    expect(layerStateAt(clamped, 0)).toMatchObject({ opacity: 1, scale: 0 });
    expect(layerStateAt(clamped, 1).opacity).toBe(0);
  });

  it('counts typewritten units by floor, all of them at 100 %', () => {
    expect(shownUnits(0, 14)).toBe(0);
    expect(shownUnits(0.5, 14)).toBe(7);
    expect(shownUnits(0.999, 14)).toBe(13);
    expect(shownUnits(1, 14)).toBe(14);
  });
});

describe('textEffect choices', () => {
  // Each choice the parser takes (TEXT_EFFECT_CHOICES) has its effect on what stateAt answers,
  // which both frame paths draw: the player's spans and the compositor's shownUnits clip.
  // The attrs as the parser stores them (parse/animation.test.ts: stored as sent).
  const typed = (first: Record<string, string>, second: Record<string, string>) => {
    const tween = {
      id: 't',
      type: 'textEffect' as const,
      keyframes: [kf(0, { typewriting: 0, ...first }), kf(2, { typewriting: 100, ...second })],
    };
    return stateAt({ duration: 2, screenshotAt: 0, layers: [{ name: 'headline', start: null, end: null, tweens: [tween] }] }, 1)[0]!;
  };

  it('classic, in: shows the typed share of units from none to all, by letter or by word', () => {
    const letters = typed({ textEffectType: 'classic', textEffectTiming: 'in', textEffectSplit: 'letter' }, {});
    expect(letters).toMatchObject({ typewriting: 0.5, split: 'letter' });
    expect(shownUnits(letters.typewriting!, 18)).toBe(9);
    const words = typed({ textEffectType: 'classic', textEffectTiming: 'in', textEffectSplit: 'word' }, {});
    expect(words).toMatchObject({ typewriting: 0.5, split: 'word' });
    expect(shownUnits(words.typewriting!, 4)).toBe(2);
  });

  it('takes the split from whichever keyframe sets it', () => {
    expect(typed({}, { textEffectSplit: 'word' }).split).toBe('word');
    expect(typed({}, {}).split).toBe('letter');
  });
});

describe('the example animated design', () => {
  const design = example();
  const timeline = planTimeline(design);
  const at = (t: number, name: string) => stateAt(timeline, t).find((s) => s.name === name)!;

  it('plans the moving layers only', () => {
    expect(timeline.duration).toBe(6);
    expect(timeline.screenshotAt).toBe(4);
    expect(timeline.layers.map((l) => l.name)).toContain('headline');
    expect(timeline.layers.map((l) => l.name)).not.toContain('background');
  });

  it('has its golden values at the keyframes', () => {
    expect(at(0, 'halo').opacity).toBe(0);
    expect(at(1.2, 'halo').opacity).toBe(1);
    expect(at(3.6, 'halo').scale).toBeCloseTo(1.12, 9);
    expect(at(6, 'halo').scale).toBe(1);
    expect(at(0.4, 'ring').rotate).toBe(-90);
    expect(at(6, 'ring').rotate).toBe(90);
    expect(at(0.2, 'product').scale).toBeCloseTo(0.7, 9);
    expect(at(1.1, 'product').scale).toBe(1);
    expect(at(0.5, 'headline').visible).toBe(false);
    expect(at(0.6, 'headline')).toMatchObject({ visible: true, typewriting: 0 });
    expect(at(1.2, 'headline').typewriting).toBeCloseTo(0.5, 9);
    expect(at(1.8, 'headline').typewriting).toBe(1);
  });

  it('a frame at t depends on nothing but t', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 6, noNaN: true }), { minLength: 1, maxLength: 20 }), (times) => {
        // Asked in any order, after any other frames, each time answers the same states.
        const fresh = times.map((t) => JSON.stringify(stateAt(planTimeline(design), t)));
        const shared = [...times].reverse().map((t) => JSON.stringify(stateAt(timeline, t)));
        expect(shared.reverse()).toEqual(fresh);
      }),
    );
  });

  it('every state stays in range at any time', () => {
    fc.assert(
      fc.property(fc.double({ min: -1, max: 10, noNaN: true }), (t) => {
        for (const s of stateAt(timeline, t)) {
          expect(s.opacity).toBeGreaterThanOrEqual(0);
          expect(s.opacity).toBeLessThanOrEqual(1);
          expect(s.scale).toBeGreaterThanOrEqual(0);
          if (s.typewriting !== null) expect(s.typewriting).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
