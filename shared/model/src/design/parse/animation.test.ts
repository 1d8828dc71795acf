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
