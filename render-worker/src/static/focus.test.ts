import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { focusCrop, placeWindow, planFocus, windowSize } from './focus.js';

describe('planFocus', () => {
  it('maps every setting to an effect', () => {
    expect(planFocus({})).toEqual({ strategy: 'attention', zoom: 1, horizontal: 'strategy' });
    expect(planFocus({ model: 'generic' }).strategy).toBe('entropy');
    expect(planFocus({ model: 'people' }).strategy).toBe('attention');
    expect(planFocus({ model: 'face' }).strategy).toBe('attention');
    expect(planFocus({ focus_zoom: 'low' }).zoom).toBe(1.25);
    expect(planFocus({ focus_zoom: 'medium' }).zoom).toBe(1.5);
    expect(planFocus({ focus_zoom: 'max' }).zoom).toBe(2);
    expect(planFocus({ focus_framing: 'face' }).zoom).toBe(2);
    expect(planFocus({ focus_framing: 'shoulders' }).zoom).toBe(1.25);
    expect(planFocus({ focus_framing: 'face', focus_zoom: 'off' }).zoom).toBe(1);
    expect(planFocus({ focus_target: 'all', focus_zoom: 'max' }).zoom).toBe(1);
    expect(planFocus({ focus_target: 'right' }).horizontal).toBe('right');
    expect(planFocus({ focus_target: 'largest' }).horizontal).toBe('strategy');
  });
});

describe('windowSize and placeWindow', () => {
  it('takes the widest region of the box aspect, divided by the zoom', () => {
    expect(windowSize({ width: 800, height: 400 }, { width: 100, height: 100 }, 1)).toEqual({ width: 400, height: 400 });
    expect(windowSize({ width: 800, height: 400 }, { width: 100, height: 100 }, 2)).toEqual({ width: 200, height: 200 });
    expect(windowSize({ width: 400, height: 800 }, { width: 200, height: 100 }, 1)).toEqual({ width: 400, height: 200 });
  });
  it('centres on the point but stays inside the source', () => {
    const source = { width: 800, height: 400 };
    expect(placeWindow(source, { width: 200, height: 200 }, { x: 650, y: 120 })).toEqual({ left: 550, top: 20, width: 200, height: 200 });
    expect(placeWindow(source, { width: 200, height: 200 }, { x: 790, y: 10 })).toEqual({ left: 600, top: 0, width: 200, height: 200 });
  });
});

/** A flat grey photo, 800×400, with a saturated red subject off-centre, top right. */
let photo: Buffer;
beforeAll(async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400">
    <rect width="800" height="400" fill="#7f7f7f"/><circle cx="660" cy="110" r="50" fill="#e02020"/></svg>`;
  photo = await sharp(Buffer.from(svg)).png().toBuffer();
});

/** Share of the output's pixels that belong to the red subject. */
async function redShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < data.length; i += 3) if (data[i]! > 180 && data[i + 1]! < 90) red++;
  return red / (info.width * info.height);
}

describe('focusCrop on an off-centre subject', () => {
  const box = { width: 100, height: 100 };

  it('keeps the subject in the crop; a centre crop would lose it', async () => {
    const centre = await sharp(photo).resize(100, 100, { fit: 'cover', position: 'centre' }).png().toBuffer();
    expect(await redShare(centre)).toBe(0);
    const focused = await focusCrop(photo, box, {});
    expect(await redShare(focused)).toBeGreaterThan(0.03);
  });

  it('zooms onto the subject: max shows it larger than low, low larger than off', async () => {
    const off = await redShare(await focusCrop(photo, box, { focus_zoom: 'off' }));
    const low = await redShare(await focusCrop(photo, box, { focus_zoom: 'low' }));
    const max = await redShare(await focusCrop(photo, box, { focus_zoom: 'max' }));
    expect(low).toBeGreaterThan(off * 1.3);
    expect(max).toBeGreaterThan(low * 1.8);
    const face = await redShare(await focusCrop(photo, box, { focus_framing: 'face' }));
    expect(face).toBeCloseTo(max, 2);
  });

  it('pins the crop to the left or the right with focus_target', async () => {
    expect(await redShare(await focusCrop(photo, box, { focus_target: 'left' }))).toBe(0);
    expect(await redShare(await focusCrop(photo, box, { focus_target: 'right' }))).toBeGreaterThan(0.03);
  });

  it('keeps the widest crop with focus_target all, whatever the zoom', async () => {
    const all = await focusCrop(photo, box, { focus_target: 'all', focus_zoom: 'max' });
    expect(await redShare(all)).toBeCloseTo(await redShare(await focusCrop(photo, box, {})), 3);
  });

  it('the generic model follows detail (entropy) where the people model follows colour (attention)', async () => {
    // A busy grey texture on the left, the flat red subject on the right.
    const noise = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } },
    })
      .greyscale()
      .png()
      .toBuffer();
    const scene = await sharp(photo)
      .composite([{ input: noise, left: 20, top: 50 }])
      .png()
      .toBuffer();
    const people = await focusCrop(scene, box, { model: 'people', focus_zoom: 'max' });
    const generic = await focusCrop(scene, box, { model: 'generic', focus_zoom: 'max' });
    expect(await redShare(people)).toBeGreaterThan(0.1);
    expect(await redShare(generic)).toBe(0);
  });
});
