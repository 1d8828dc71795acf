import { z } from 'zod';
import type { LayerType } from '../../properties/layer-types.js';
import { EASINGS, type ElementAnimation, TEXT_EFFECT_CHOICES, TWEEN_TYPES, type Tween, type TweenType } from '../types.js';
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

/**
 * The keys a keyframe of each tween type sets (SDK Keyframe.attr): numbers it must set, each with
 * the range Pressroom draws, and choices it may set (textEffect's, with the values Pressroom
 * draws). Any other key is refused: the timeline would not read it. A number out of its range is
 * refused too: the timeline would clamp it (opacity, volume, typewriting, a negative scale) or it
 * is no motion anyone means (a slide 10,000 px past any format, a hundred turns, a scale past
 * 1000 %). A scale of 0 is drawn: the layer is not shown (a scale-in starts there).
 */
const TWEEN_ATTRS: Record<
  TweenType,
  { numbers: Readonly<Record<string, { min: number; max: number }>>; choices?: Record<string, readonly string[]> }
> = {
  slide: { numbers: { left: { min: -10_000, max: 10_000 }, top: { min: -10_000, max: 10_000 } } },
  fade: { numbers: { opacity: { min: 0, max: 1 } } },
  scale: { numbers: { scale: { min: 0, max: 1000 } } },
  rotate: { numbers: { angle: { min: -36_000, max: 36_000 } } },
  audioFade: { numbers: { volumeEffect: { min: 0, max: 1 } } },
  textEffect: { numbers: { typewriting: { min: 0, max: 100 } }, choices: TEXT_EFFECT_CHOICES },
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
    checkKeyframes(t, at, col);
    return { id: t.id ?? `${name}-${t.type}-${i}`, type: t.type, keyframes: t.keyframes };
  });
  checkTurns(tweens, [...path, 'tweens'], col);
  checkSplit(tweens, [...path, 'tweens'], col);
  return { start_at_s, end_at_s, tweens };
}

/**
 * Keyframes come in time order; each sets its type's numbers, within their ranges, and no other
 * key but its type's choices, each made once per tween with a value Pressroom draws.
 */
function checkKeyframes(t: Pick<Tween, 'type' | 'keyframes'>, at: Path, col: IssueCollector): void {
  const { numbers, choices = {} } = TWEEN_ATTRS[t.type];
  const chosen = new Map<string, string | number>();
  t.keyframes.forEach((k, j) => {
    const attrAt: Path = [...at, 'keyframes', j, 'attr'];
    for (const [key, { min, max }] of Object.entries(numbers)) {
      const value = k.attr[key];
      if (typeof value !== 'number') col.error([...attrAt, key], 'missing_required', `a ${t.type} keyframe sets ${key}`);
      else if (value < min || value > max)
        col.writeError([...attrAt, key], 'out_of_range', `a ${t.type} keyframe's ${key} must be between ${min} and ${max}`, {
          expected: { min, max },
          received: value,
        });
    }
    for (const [key, value] of Object.entries(k.attr)) {
      if (Object.hasOwn(numbers, key)) continue;
      const allowed = choices[key];
      if (!allowed) {
        const known = [...Object.keys(numbers), ...Object.keys(choices)];
        col.error([...attrAt, key], 'unknown_field', `a ${t.type} keyframe sets only ${known.join(', ')}`, {
          expected: known,
          received: key,
        });
      } else if (typeof value !== 'string' || !allowed.includes(value)) {
        col.error(
          [...attrAt, key],
          'unknown_enum_value',
          `Pressroom draws ${key} ${allowed.map((v) => JSON.stringify(v)).join(' or ')} only`,
          {
            expected: allowed,
            received: value,
          },
        );
      } else if (chosen.has(key) && chosen.get(key) !== value) {
        col.error([...attrAt, key], 'invalid_payload', `a tween sets ${key} once: its keyframes agree`, {
          expected: chosen.get(key),
          received: value,
        });
      } else chosen.set(key, value);
    }
    const prev = t.keyframes[j - 1];
    if (prev && k.time < prev.time) col.error([...at, 'keyframes', j, 'time'], 'invalid_payload', 'keyframes must be in time order');
  });
}

/**
 * Tweens of one type on a layer take turns: each governs its own span, from its first keyframe to
 * its last (the timeline holds the previous one's last value between two). Two whose spans share
 * more than an end meeting a start have no single meaning, so the one that starts later (the later
 * in the list when both start together) is refused at its first keyframe's time, naming the other.
 */
function checkTurns(tweens: readonly Tween[], at: Path, col: IssueCollector): void {
  const span = (t: Tween) => {
    const times = t.keyframes.map((k) => k.time);
    return { start: Math.min(...times), end: Math.max(...times) };
  };
  const order = tweens.map((t, i) => ({ t, i, ...span(t) })).sort((a, b) => a.start - b.start || a.i - b.i);
  // Per type, the tween that ends last among those started so far.
  const latest = new Map<TweenType, (typeof order)[number]>();
  for (const cur of order) {
    const prev = latest.get(cur.t.type);
    if (prev && (cur.start < prev.end || cur.start === prev.start)) {
      const from = prev.start === prev.end ? `after ${prev.end} s` : `at ${prev.end} s or later`;
      col.writeError(
        [...at, cur.i, 'keyframes', 0, 'time'],
        'invalid_payload',
        `tweens[${prev.i}] (${prev.t.id}), a ${cur.t.type} tween too, runs from ${prev.start} s to ${prev.end} s: tweens of one type on a layer take turns, so this one starts ${from}`,
      );
    }
    if (!prev || cur.end >= prev.end) latest.set(cur.t.type, cur);
  }
}

/**
 * A layer's text is split for typewriting once (the player wraps its units, the compositor counts
 * them), so its textEffect tweens split it one way: a later tween that sets another split than the
 * first one set is refused at its key. A tween that sets none takes the layer's.
 */
function checkSplit(tweens: readonly Tween[], at: Path, col: IssueCollector): void {
  let first: { i: number; id: string; split: string | number } | undefined;
  tweens.forEach((t, i) => {
    if (t.type !== 'textEffect') return;
    const j = t.keyframes.findIndex((k) => k.attr.textEffectSplit !== undefined);
    const split = t.keyframes[j]?.attr.textEffectSplit;
    if (split === undefined) return;
    if (!first) first = { i, id: t.id, split };
    else if (split !== first.split)
      col.writeError(
        [...at, i, 'keyframes', j, 'attr', 'textEffectSplit'],
        'invalid_payload',
        `tweens[${first.i}] (${first.id}) splits this layer's text by ${first.split}: a layer's textEffect tweens split it one way`,
        { expected: first.split, received: split },
      );
  });
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
