import { layerTypesFor, PROPERTY_TABLES, TWEEN_TYPES, VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import { parseTestDesign } from '@pressroom/renderer/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animatedFixtureInput,
  differingPixels,
  type FixtureDesign,
  fixtureRenderer,
  type RawImage,
  rawPixels,
} from '../../test/fixture-render.js';
import {
  ANIMATION_CASES,
  ANIMATION_WALK_EXCEPTIONS,
  animationWalkCases,
  PROPERTY_CASES,
  WALK_EXCEPTIONS,
  walkCases,
} from '../../test/properties/cases.js';
import { type AnimationRenderer, createChromiumAnimator } from '../animation/render-animation.js';
import { BrowserSupervisor } from '../browser/index.js';

/**
 * The property walk (docs/renderer.md): every property of every layer type in PROPERTY_TABLES
 * changes the pixels of its layer's region, or has its documented non-visual effect, or is in
 * the short WALK_EXCEPTIONS list with a reason. A property accepted with no effect fails here.
 */
let supervisor: BrowserSupervisor;
let render: ReturnType<typeof fixtureRenderer>;
let animator: AnimationRenderer;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  render = fixtureRenderer(supervisor);
  animator = createChromiumAnimator(supervisor, { timeoutMs: 60_000, ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH) });
});
afterAll(async () => {
  await supervisor.stop();
});

/** The least number of changed pixels that counts as an effect (a rounded 16 px end changes ~40). */
const MIN_CHANGED = 12;

const drawn = new Map<string, Promise<RawImage>>();
function pixels(design: FixtureDesign): Promise<RawImage> {
  const key = JSON.stringify(design);
  let got = drawn.get(key);
  if (!got) {
    got = render(design).then(({ file }) => rawPixels(file.bytes));
    drawn.set(key, got);
  }
  return got;
}

describe('the walk covers the catalogue', () => {
  it('every property of every layer type has a case or an exception, and no case names an unknown property', () => {
    const missing: string[] = [];
    for (const [type, table] of Object.entries(PROPERTY_TABLES)) {
      if (Object.hasOwn(WALK_EXCEPTIONS, type)) continue;
      for (const property of Object.keys(table)) {
        const cases = PROPERTY_CASES[type as keyof typeof PROPERTY_CASES]?.[property];
        if (!cases?.length && !Object.hasOwn(WALK_EXCEPTIONS, `${type}.${property}`)) missing.push(`${type}.${property}`);
      }
    }
    expect(missing).toEqual([]);
    for (const [type, cases] of Object.entries(PROPERTY_CASES)) {
      for (const property of Object.keys(cases))
        expect(Object.keys(PROPERTY_TABLES[type as keyof typeof PROPERTY_TABLES])).toContain(property);
    }
  });

  it('the exceptions are few, each with a reason, and the type-wide ones are the types a still does not draw', () => {
    expect(Object.keys(WALK_EXCEPTIONS).length).toBeLessThanOrEqual(5);
    for (const reason of Object.values(WALK_EXCEPTIONS)) expect(reason.length).toBeGreaterThan(20);
    const wholeTypes = Object.keys(WALK_EXCEPTIONS).filter((k) => !k.includes('.'));
    for (const type of wholeTypes) expect(layerTypesFor('static')).not.toContain(type);
  });
});

describe('every property has its effect', () => {
  it.each(walkCases().map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    if (c.expect === 'dropped') {
      // Accepted with a warning naming the property, and drawn exactly as without it.
      const parsed = parseTestDesign(c.with.elements);
      expect(parsed.warnings).toContainEqual(expect.objectContaining({ code: 'property_dropped_for_type', layer: 'layer' }));
      const [without, withIt] = await Promise.all([pixels(c.without), pixels(c.with)]);
      expect(differingPixels(without, withIt, c.region)).toBe(0);
      return;
    }
    if (c.expect === 'invalid') {
      await pixels(c.without);
      // The design parser's field error, naming the property (testDesign throws its issues).
      await expect(render(c.with)).rejects.toThrow(new RegExp(`${c.property}.*unsupported_for_type`));
      return;
    }
    if (c.expect === 'refused') {
      await pixels(c.without);
      const error = await render(c.with).catch((e: unknown) => e);
      // The text fit's refusal or the planner's: one class, RenderRefusedError, naming the layer.
      expect(error).toMatchObject({ code: 'cannot_build_banner', layer: 'layer' });
      return;
    }
    const [without, withIt] = await Promise.all([pixels(c.without), pixels(c.with)]);
    expect(differingPixels(without, withIt, c.region)).toBeGreaterThanOrEqual(MIN_CHANGED);
  });
});

describe('every animation property has its effect', () => {
  it('every timeline property has a case or an exception', () => {
    const covered = [...Object.keys(ANIMATION_CASES), ...Object.keys(ANIMATION_WALK_EXCEPTIONS)];
    expect(covered).toEqual(expect.arrayContaining([...TWEEN_TYPES, 'start_at_s', 'end_at_s', 'easing', 'textEffectSplit']));
  });

  /** The frame at `at` seconds, as a frame-range job draws it. */
  const frameAt = async (design: FixtureDesign, at: number) => {
    const index = Math.round(at * VIDEO_FPS);
    const out = await animator.frames({
      ...animatedFixtureInput(design),
      fps: VIDEO_FPS,
      start: index,
      end: index + 1,
      withSoundtrack: false,
    });
    return rawPixels(out.bytes);
  };

  it.each(animationWalkCases().map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const [without, withIt] = [await frameAt(c.without, c.at), await frameAt(c.with, c.at)];
    expect(differingPixels(without, withIt, c.region)).toBeGreaterThanOrEqual(MIN_CHANGED);
  });
});
