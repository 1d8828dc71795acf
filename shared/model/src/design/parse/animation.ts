import { z } from 'zod';
import type { LayerType } from '../../properties/layer-types.js';
import { EASINGS, type ElementAnimation, TWEEN_TYPES, type Tween, type TweenType } from '../types.js';
import type { IssueCollector, Path } from './issues.js';

const seconds = z.number().min(0).max(3600);
/**
 * A keyframe in either of its two shapes: the import's `{time, attr, easing}`, or the read
 * model's `{attr, data: {time}, easing}` (the SDK's Keyframe, what `GET /designs/<id>` writes), so
 * a design read sends back as it came. Exactly one of `time` and `data.time` is given; both are
 * stored as `time`.
 */
const keyframe = z
  .strictObject({
    time: seconds.optional(),
    data: z.strictObject({ time: seconds }).optional(),
    attr: z.record(z.string(), z.union([z.number(), z.string()])),
    easing: z.enum(EASINGS).default('linear'),
  })
  .superRefine((k, ctx) => {
    if (k.time === undefined && k.data === undefined)
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'is required (or data.time)', params: { code: 'missing_required' } });
    else if (k.time !== undefined && k.data !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['data'],
        message: 'a keyframe gives its time once: time, or data.time as reads write it',
        params: { code: 'mutually_exclusive' },
      });
  })
  .transform(({ time, data, attr, easing }) => ({ time: (time ?? data?.time) as number, attr, easing }));
const raw = z.strictObject({
  start_at_s: seconds.nullable().default(null),
  end_at_s: seconds.nullable().default(null),
  tweens: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(200).optional(),
        type: z.enum(TWEEN_TYPES),
        keyframes: z.array(keyframe).min(2).max(100),
      }),
    )
    .max(50)
    .default([]),
});

/** The keys each tween type's keyframes must set (SDK Keyframe.attr). */
const REQUIRED_ATTRS: Record<TweenType, string[]> = {
  slide: ['left', 'top'],
  fade: ['opacity'],
  scale: ['scale'],
  rotate: ['angle'],
  audioFade: ['volumeEffect'],
  textEffect: ['typewriting'],
};
const TWEEN_LAYERS: Partial<Record<TweenType, LayerType[]>> = {
  audioFade: ['audio', 'video'],
  textEffect: ['text', 'button'],
};

export function parseElementAnimation(
  value: unknown,
  type: LayerType,
  name: string,
  path: Path,
  col: IssueCollector,
): ElementAnimation | null {
  const parsed = col.parse(raw, value, path);
  if (!parsed) return null;
  const { start_at_s, end_at_s } = parsed;
  if (start_at_s !== null && end_at_s !== null && end_at_s < start_at_s) {
    col.error([...path, 'end_at_s'], 'out_of_range', 'end_at_s must not be before start_at_s', {
      expected: { min: start_at_s },
      received: end_at_s,
    });
  }
  if (type === 'group' && parsed.tweens.length > 0) {
    col.error([...path, 'tweens'], 'unsupported_for_type', 'a group layer carries timing only, no tweens');
  }
  const tweens: Tween[] = parsed.tweens.map((t, i) => {
    const at: Path = [...path, 'tweens', i];
    const layers = TWEEN_LAYERS[t.type];
    if (layers && !layers.includes(type)) col.error([...at, 'type'], 'unsupported_for_type', `${t.type} does not apply to a ${type} layer`);
    t.keyframes.forEach((k, j) => {
      for (const key of REQUIRED_ATTRS[t.type]) {
        if (typeof k.attr[key] !== 'number')
          col.error([...at, 'keyframes', j, 'attr', key], 'missing_required', `a ${t.type} keyframe sets ${key}`);
      }
      const prev = t.keyframes[j - 1];
      if (prev && k.time < prev.time) col.error([...at, 'keyframes', j, 'time'], 'invalid_payload', 'keyframes must be in time order');
    });
    return { id: t.id ?? `${name}-${t.type}-${i}`, type: t.type, keyframes: t.keyframes };
  });
  return { start_at_s, end_at_s, tweens };
}

/** The last moment any layer uses: the derived timeline length when none is given. */
export function latestTime(animations: (ElementAnimation | null)[]): number {
  let max = 0;
  for (const a of animations) {
    if (!a) continue;
    max = Math.max(max, a.start_at_s ?? 0, a.end_at_s ?? 0, ...a.tweens.flatMap((t) => t.keyframes.map((k) => k.time)));
  }
  return max;
}
