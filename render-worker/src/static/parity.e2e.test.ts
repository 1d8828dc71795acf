import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnimatedDesign, Design } from '@pressroom/model';
import { VIDEO_FPS } from '@pressroom/model';
import { resolveFfmpegPath } from '@pressroom/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differingPixels, type RawImage, rawPixels } from '../../test/fixture-render.js';
import { loadFixtureAsset } from '../../test/golden/resources.js';
import { walkCases } from '../../test/properties/cases.js';
import { designOf, parityCases } from '../../test/properties/parity.js';
import { type AnimationRenderer, createChromiumAnimator } from '../animation/render-animation.js';
import { BrowserSupervisor } from '../browser/index.js';
import type { AssetLoader } from '../fetch/load-asset.js';
import { findOutputProfilePath, loadOutputProfile } from '../print/output-profile.js';
import { type PrintDesign, renderPrintPdf } from '../print/render-print.js';

/**
 * Print and animated parity (docs/renderer.md): the property walk drawn as an animated frame
 * (every case an animated design can store) and as a print PDF rasterised with pdftoppm (a
 * representative subset, PARITY_SUBSET) must change the same region as on a still.
 */
const profilePath = findOutputProfilePath(null);
const work = mkdtempSync(join(tmpdir(), 'pressroom-parity-'));
const MIN_CHANGED = 12;
/**
 * A channel moving by more than this counts as a change on a printed page: the CMYK conversion
 * narrows the gamut (a 25 % black pattern over blue moves 59 levels on screen, 40 on paper).
 */
const PRINT_THRESHOLD = 24;
const loadAsset: AssetLoader = async (source) => (await loadFixtureAsset(source)) ?? null;

let supervisor: BrowserSupervisor;
let animator: AnimationRenderer;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  animator = createChromiumAnimator(supervisor, { timeoutMs: 120_000, ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH) });
});
afterAll(async () => {
  await supervisor.stop();
});

let printed = 0;
async function printed200(design: Design): Promise<RawImage> {
  const out = await renderPrintPdf(supervisor, {
    design: design as PrintDesign,
    pages: [{ frame: 'g', overrides: { layers: {}, vars: {} } }],
    options: { cropMarks: false, safeZone: false },
    loadAsset,
    profile: loadOutputProfile(profilePath!),
    signal: new AbortController().signal,
    timeoutMs: 120_000,
  });
  const file = join(work, `p${printed++}.pdf`);
  writeFileSync(file, out.bytes);
  // One pixel per millimetre: the page is 200 mm square.
  const png = execFileSync('pdftoppm', ['-png', '-singlefile', '-scale-to-x', '200', '-scale-to-y', '200', file]);
  return rawPixels(png);
}

async function frame(design: Design): Promise<RawImage> {
  const out = await animator.frames({
    design: design as AnimatedDesign,
    formatName: 'g',
    overrides: { layers: {}, vars: {} },
    fileType: 'mp4',
    loadAsset,
    loadMedia: async () => null,
    withSoundtrack: false,
    signal: new AbortController().signal,
    fps: VIDEO_FPS,
    start: VIDEO_FPS,
    end: VIDEO_FPS + 1,
  });
  return rawPixels(out.bytes);
}

const ALL = walkCases();

describe.skipIf(profilePath === null)('print parity: a property that changes a still changes the printed page', () => {
  it.each(parityCases(ALL, 'printer').map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    if (c.expect === 'refused') {
      await printed200(designOf(c.without, 'printer'));
      await expect(printed200(designOf(c.with, 'printer'))).rejects.toMatchObject({ code: 'cannot_build_banner', layer: 'layer' });
      return;
    }
    const [without, withIt] = await Promise.all([printed200(designOf(c.without, 'printer')), printed200(designOf(c.with, 'printer'))]);
    expect(differingPixels(without, withIt, c.region, PRINT_THRESHOLD)).toBeGreaterThanOrEqual(MIN_CHANGED);
  });
});

describe('animated parity: a property that changes a still changes an animated frame', () => {
  it.each(parityCases(ALL, 'animated').map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const without = await frame(designOf(c.without, 'animated'));
    if (c.expect === 'dropped') return; // a parse warning: the still walk checks it
    if (c.expect === 'invalid') {
      expect(() => designOf(c.with, 'animated')).toThrow(new RegExp(`${c.property}.*unsupported_for_type`));
      return;
    }
    if (c.expect === 'refused') {
      await expect(frame(designOf(c.with, 'animated'))).rejects.toMatchObject({ code: 'cannot_build_banner', layer: 'layer' });
      return;
    }
    const withIt = await frame(designOf(c.with, 'animated'));
    expect(differingPixels(without, withIt, c.region)).toBeGreaterThanOrEqual(MIN_CHANGED);
  });
});
