import { describe, expect, it } from 'vitest';
import type { FieldIssue } from '../../errors/app-error.js';
import type { AnimatedDesign } from '../types.js';
import { parseDesignDocument } from './document.js';

/** An animated design whose one text layer has one tween of `type` with these two keyframe attrs. */
const animated = (type: string, first: Record<string, unknown>, second: Record<string, unknown>) => ({
  name: 'Test',
  type: 'animated',
  animation: { duration: 5 },
  formats: [{ name: 'square', width: 1080, height: 1080 }],
  elements: [
    {
      name: 'headline',
      type: 'text',
      layout: { square: { x: 0, y: 0, width: 500, height: 100 } },
      properties: { payload: 'Hello there', font: 'Inter', font_size: 40 },
      animation: {
        tweens: [
          {
            type,
            keyframes: [
              { time: 0, attr: first },
              { time: 2, attr: second },
            ],
          },
        ],
      },
    },
  ],
});
const path = (j: number, key: string) => `elements[0].animation.tweens[0].keyframes[${j}].attr.${key}`;

function issues(json: unknown): FieldIssue[] {
  const r = parseDesignDocument(json);
  if (r.ok) throw new Error('expected the document to be refused');
  return r.issues;
}
function design(json: unknown): AnimatedDesign {
  const r = parseDesignDocument(json);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.design as AnimatedDesign;
}

describe('parseElementAnimation: keyframe attrs', () => {
  it('takes the textEffect choices Abyssale exports carry, and stores them as sent', () => {
    const attr = { typewriting: 0, textEffectType: 'classic', textEffectSplit: 'word', textEffectTiming: 'in' };
    const d = design(animated('textEffect', attr, { ...attr, typewriting: 100 }));
    expect(d.elements[0]!.animation!.tweens[0]!.keyframes[0]!.attr).toEqual(attr);
    // Every choice may be left out (the defaults), and a later keyframe may make it.
    design(animated('textEffect', { typewriting: 0 }, { typewriting: 100, textEffectSplit: 'letter' }));
  });

  it.each([
    ['textEffectTiming', 'out', ['in']],
    ['textEffectTiming', 'inOut', ['in']],
    ['textEffectType', 'fade', ['classic']],
    ['textEffectSplit', 'line', ['letter', 'word']],
    ['textEffectSplit', 1, ['letter', 'word']],
  ])('refuses %s %j, which Pressroom does not draw, at its path', (key, value, expected) => {
    expect(issues(animated('textEffect', { typewriting: 0, [key]: value }, { typewriting: 100 }))).toEqual([
      {
        path: path(0, key),
        code: 'unknown_enum_value',
        message: `Pressroom draws ${key} ${expected.map((v) => JSON.stringify(v)).join(' or ')} only`,
        expected,
        received: value,
      },
    ]);
  });

  it('refuses a tween whose keyframes split the text two ways', () => {
    expect(
      issues(animated('textEffect', { typewriting: 0, textEffectSplit: 'letter' }, { typewriting: 100, textEffectSplit: 'word' })),
    ).toEqual([
      expect.objectContaining({ path: path(1, 'textEffectSplit'), code: 'invalid_payload', expected: 'letter', received: 'word' }),
    ]);
  });

  it.each([
    ['fade', { opacity: 0, scale: 50 }, 'scale', ['opacity']],
    ['fade', { opactiy: 0, opacity: 0 }, 'opactiy', ['opacity']],
    ['slide', { left: 0, top: 0, opacity: 1 }, 'opacity', ['left', 'top']],
    ['scale', { scale: 50, angle: 3 }, 'angle', ['scale']],
    ['rotate', { angle: 0, textEffectType: 'classic' }, 'textEffectType', ['angle']],
    ['audioFade', { volumeEffect: 0, volume: 1 }, 'volume', ['volumeEffect']],
    [
      'textEffect',
      { typewriting: 0, textEffectSpeed: 2 },
      'textEffectSpeed',
      ['typewriting', 'textEffectType', 'textEffectSplit', 'textEffectTiming'],
    ],
  ])('refuses a %s keyframe setting %j: unknown_field at the key', (type, first, key, known) => {
    const second = Object.fromEntries(Object.entries(first).filter(([k]) => k !== key));
    // (audioFade on a text layer is also unsupported_for_type at the tween's type; not this test's point.)
    const found = issues(animated(type, first, second)).filter((i) => i.code !== 'unsupported_for_type');
    expect(found).toEqual([
      {
        path: path(0, key),
        code: 'unknown_field',
        message: `a ${type} keyframe sets only ${known.join(', ')}`,
        expected: known,
        received: key,
      },
    ]);
  });
});

describe('parseElementAnimation: keyframe numbers are what is drawn', () => {
  it.each([
    ['fade', 'opacity', 1.5, 0, 1],
    ['fade', 'opacity', -0.1, 0, 1],
    ['scale', 'scale', -10, 0, 1000],
    ['scale', 'scale', 1001, 0, 1000],
    ['rotate', 'angle', 36_001, -36_000, 36_000],
    ['textEffect', 'typewriting', 101, 0, 100],
    ['textEffect', 'typewriting', -1, 0, 100],
    ['audioFade', 'volumeEffect', 2, 0, 1],
  ])('refuses a %s keyframe whose %s is %d: out_of_range at the key, with the range', (type, key, value, min, max) => {
    const ok = { [key]: min };
    // (audioFade on a text layer is also unsupported_for_type at the tween's type; not this test's point.)
    const found = issues(animated(type, ok, { [key]: value })).filter((i) => i.code !== 'unsupported_for_type');
    expect(found).toEqual([
      {
        path: path(1, key),
        code: 'out_of_range',
        message: `a ${type} keyframe's ${key} must be between ${min} and ${max}`,
        expected: { min, max },
        received: value,
      },
    ]);
  });

  it('refuses a slide past ±10,000 px on either axis', () => {
    expect(issues(animated('slide', { left: -10_001, top: 0 }, { left: 0, top: 10_001 }))).toEqual([
      expect.objectContaining({ path: path(0, 'left'), code: 'out_of_range', expected: { min: -10_000, max: 10_000 }, received: -10_001 }),
      expect.objectContaining({ path: path(1, 'top'), code: 'out_of_range', expected: { min: -10_000, max: 10_000 }, received: 10_001 }),
    ]);
  });

  it('takes every bound itself, and a scale of 0 (the layer not shown: where a scale-in starts)', () => {
    design(animated('fade', { opacity: 0 }, { opacity: 1 }));
    design(animated('scale', { scale: 0 }, { scale: 1000 }));
    design(animated('rotate', { angle: -36_000 }, { angle: 36_000 }));
    design(animated('slide', { left: -10_000, top: 10_000 }, { left: 10_000, top: -10_000 }));
    design(animated('textEffect', { typewriting: 0 }, { typewriting: 100 }));
  });
});

type Attr = Record<string, number | string>;
/** The text layer of `animated` with these tweens instead. */
const withTweens = (tweens: { id?: string; type: string; keyframes: [number, Attr][] }[]) => {
  const doc = animated('fade', { opacity: 0 }, { opacity: 1 });
  doc.elements[0]!.animation.tweens = tweens.map((t) => ({
    ...(t.id === undefined ? {} : { id: t.id }),
    type: t.type,
    keyframes: t.keyframes.map(([time, attr]) => ({ time, attr })),
  })) as never;
  return doc;
};
const fadeIn = {
  id: 'in',
  type: 'fade',
  keyframes: [
    [0, { opacity: 0 }],
    [1, { opacity: 1 }],
  ] as [number, Attr][],
};
const fadeOut = (from: number, to: number, id = 'out') => ({
  id,
  type: 'fade',
  keyframes: [
    [from, { opacity: 1 }],
    [to, { opacity: 0 }],
  ] as [number, Attr][],
});

describe('parseElementAnimation: tweens of one type take turns', () => {
  it('takes tweens of one type one after another, in either order, and ones that meet end to start', () => {
    expect(design(withTweens([fadeIn, fadeOut(3, 4)])).elements[0]!.animation!.tweens.map((t) => t.id)).toEqual(['in', 'out']);
    design(withTweens([fadeOut(3, 4), fadeIn]));
    design(withTweens([fadeIn, fadeOut(1, 2)]));
    // A jump (every keyframe at one time) at another's end, then the next from there.
    design(withTweens([fadeIn, fadeOut(1, 1, 'jump'), { ...fadeOut(1.5, 2), id: 'after' }]));
    // Tweens of other types overlap freely: each type is its own turn.
    design(
      withTweens([
        fadeIn,
        {
          type: 'slide',
          keyframes: [
            [0, { left: -50, top: 0 }],
            [2, { left: 0, top: 0 }],
          ],
        },
        {
          type: 'scale',
          keyframes: [
            [0.5, { scale: 50 }],
            [1.5, { scale: 100 }],
          ],
        },
      ]),
    );
  });

  it('refuses one whose span overlaps another of its type: invalid_payload at its first time, naming the other', () => {
    const overlap = (i: number) => `elements[0].animation.tweens[${i}].keyframes[0].time`;
    expect(issues(withTweens([fadeIn, fadeOut(0.5, 2)]))).toEqual([
      {
        path: overlap(1),
        code: 'invalid_payload',
        message:
          'tweens[0] (in), a fade tween too, runs from 0 s to 1 s: tweens of one type on a layer take turns, so this one starts at 1 s or later',
      },
    ]);
    // The one that starts later is refused, wherever it is listed; an unnamed tween is named by its id.
    expect(issues(withTweens([fadeOut(0.5, 2), { ...fadeIn, id: undefined }]))).toEqual([
      expect.objectContaining({
        path: overlap(0),
        message: expect.stringMatching(/^tweens\[1\] \(headline-fade-1\), a fade tween too, runs from 0 s to 1 s/),
      }),
    ]);
    // Starting together: the later listed. Inside a long one: against it, as is the next.
    expect(issues(withTweens([fadeIn, fadeOut(0, 3)])).map((i) => i.path)).toEqual([overlap(1)]);
    expect(issues(withTweens([fadeOut(0, 5, 'long'), fadeIn, fadeOut(2, 3)])).map((i) => [i.path, i.message.slice(0, 16)])).toEqual([
      [overlap(1), 'tweens[0] (long)'],
      [overlap(2), 'tweens[0] (long)'],
    ]);
    // A jump at the moment another starts would never show.
    expect(issues(withTweens([fadeOut(1, 1, 'jump'), fadeOut(1, 2)]))).toEqual([
      expect.objectContaining({ path: overlap(1), message: expect.stringMatching(/so this one starts after 1 s$/) }),
    ]);
  });

  const typing = (from: number, to: number, a: number, b: number, split?: string) => ({
    type: 'textEffect',
    keyframes: [
      [from, { typewriting: a, ...(split ? { textEffectSplit: split } : {}) }],
      [to, { typewriting: b }],
    ] as [number, Attr][],
  });

  it('two textEffects are held to the same turns', () => {
    design(withTweens([typing(0, 1, 0, 100), typing(3, 4, 100, 0)]));
    expect(issues(withTweens([typing(0, 2, 0, 100), typing(1, 4, 100, 0)]))).toEqual([
      expect.objectContaining({ path: 'elements[0].animation.tweens[1].keyframes[0].time', code: 'invalid_payload' }),
    ]);
  });

  it("splits a layer's text one way: a later textEffect splitting it another way is refused at its key", () => {
    design(withTweens([typing(0, 1, 0, 100, 'word'), typing(2, 3, 100, 0), typing(4, 5, 0, 100, 'word')]));
    expect(issues(withTweens([typing(0, 1, 0, 100, 'word'), typing(3, 4, 100, 0, 'letter')]))).toEqual([
      {
        path: 'elements[0].animation.tweens[1].keyframes[0].attr.textEffectSplit',
        code: 'invalid_payload',
        message: "tweens[0] (headline-textEffect-0) splits this layer's text by word: a layer's textEffect tweens split it one way",
        expected: 'word',
        received: 'letter',
      },
    ]);
  });
});

describe('parseDesignDocument of a stored document', () => {
  it('parses one stored before the ranges and turns were rules: those apply when a document is written', () => {
    const old = withTweens([
      fadeIn,
      {
        ...fadeOut(0.5, 2),
        keyframes: [
          [0.5, { opacity: 1.5 }],
          [2, { opacity: 0 }],
        ],
      },
    ]);
    expect(issues(old).map((i) => i.code)).toEqual(['out_of_range', 'invalid_payload']);
    const r = parseDesignDocument(old, { stored: true });
    expect(r.ok && r.design.type === 'animated' && r.design.elements[0]!.animation!.tweens.length).toBe(2);
    // Every other rule still holds.
    expect(parseDesignDocument(animated('fade', { opacity: 0, scale: 1 }, { opacity: 1 }), { stored: true }).ok).toBe(false);
  });
});
