// auto_focus with the tiny ONNX detector (built at test time, tiny_models.py): the real loading,
// inference and output parsing, on a photo with a red "person" on the left and a blue "dog" on the
// right, both off-centre. focus_objects, auto_focus_model, focus_target and focus_zoom each move
// or tighten the crop.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRenderWorkerConfig } from '../config.js';
import { type FocusDetector, focusCrop } from '../static/focus.js';
import { createConfiguredDetector } from './configured-detector.js';
import { buildTinyModels } from './testing/tiny-models.js';

/** 400×200 grey; red square (person) at x 40–100, blue square (dog) at x 300–360, both y 70–130. */
const PHOTO = await sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">
    <rect width="400" height="200" fill="#303030"/>
    <rect x="40" y="70" width="60" height="60" fill="#e02020"/><rect x="300" y="70" width="60" height="60" fill="#2040e0"/></svg>`),
)
  .png()
  .toBuffer();
const BOX = { width: 100, height: 100 };

let detector: FocusDetector;

beforeAll(async () => {
  const models = await buildTinyModels();
  const config = loadRenderWorkerConfig({
    AI_FOCUS_DETECTOR_MODEL: models.detector,
    AI_FOCUS_DETECTOR_LABELS: 'person,dog',
    AI_FOCUS_DETECTOR_NORMALISATION: 'imagenet',
    AI_FOCUS_DETECTOR_MIN_SCORE: '0.5',
  });
  const configured = createConfiguredDetector(config);
  if (!configured) throw new Error('no detector');
  detector = configured;
}, 60_000);

/** Share of pixels that are mostly red, and mostly blue. */
async function shares(png: Buffer): Promise<{ red: number; blue: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  let blue = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    const [r, g, b] = [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
    if (r > 150 && g < 90 && b < 90) red++;
    if (b > 150 && r < 90) blue++;
  }
  const n = info.width * info.height;
  return { red: red / n, blue: blue / n };
}

describe('the ONNX detector', () => {
  it('finds the person and the dog where they are', async () => {
    const found = await detector.detect(PHOTO);
    const centres = (label: string) => found.filter((d) => d.label === label).map((d) => d.x + d.width / 2);
    expect(centres('person').length).toBeGreaterThan(0);
    expect(centres('dog').length).toBeGreaterThan(0);
    for (const x of centres('person')) expect(x).toBeLessThan(120);
    for (const x of centres('dog')) expect(x).toBeGreaterThan(280);
  });
});

describe('auto_focus with a detector', () => {
  it('focus_objects picks what is framed', async () => {
    const dog = await shares(await focusCrop(PHOTO, BOX, { focus_objects: ['dog'] }, detector));
    const person = await shares(await focusCrop(PHOTO, BOX, { focus_objects: ['person'] }, detector));
    expect(dog.blue).toBeGreaterThan(0.05);
    expect(dog.red).toBe(0);
    expect(person.red).toBeGreaterThan(0.05);
    expect(person.blue).toBe(0);
  });

  it('auto_focus_model people looks for a person when no focus_objects are sent', async () => {
    const people = await shares(await focusCrop(PHOTO, BOX, { model: 'people' }, detector));
    expect(people.red).toBeGreaterThan(0.05);
    expect(people.blue).toBe(0);
  });

  it('focus_target chooses among the objects found', async () => {
    const both = ['person', 'dog'];
    const left = await shares(await focusCrop(PHOTO, BOX, { focus_objects: both, focus_target: 'left' }, detector));
    const right = await shares(await focusCrop(PHOTO, BOX, { focus_objects: both, focus_target: 'right' }, detector));
    expect([left.red > 0.05, left.blue]).toEqual([true, 0]);
    expect([right.blue > 0.05, right.red]).toEqual([true, 0]);
  });

  it('focus_zoom tightens the crop around the object', async () => {
    const off = await shares(await focusCrop(PHOTO, BOX, { focus_objects: ['dog'], focus_zoom: 'off' }, detector));
    const max = await shares(await focusCrop(PHOTO, BOX, { focus_objects: ['dog'], focus_zoom: 'max' }, detector));
    expect(max.blue).toBeGreaterThan(off.blue * 2);
  });

  it('without the object in the photo, the saliency strategy decides, as without a detector', async () => {
    const redOnly = await sharp(PHOTO)
      .composite([{ input: { create: { width: 100, height: 200, channels: 3, background: '#303030' } }, left: 280, top: 0 }])
      .png()
      .toBuffer();
    const withDetector = await focusCrop(redOnly, BOX, { focus_objects: ['dog'] }, detector);
    expect(withDetector.equals(await focusCrop(redOnly, BOX, { focus_objects: ['dog'] }))).toBe(true);
  });
});
