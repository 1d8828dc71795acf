// A page keeps the animated file it drew a range of (loaded-files.ts, docs/animation.md §2): the
// file's next range draws there without loading, and its frames are a fresh load's. The golden
// frames of the example (both frame sources) are in
// e2e/render-worker/animation/frame-sources.e2e.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnimatedDesign } from '@pressroom/model';
import { VIDEO_FPS } from '@pressroom/model';
import { EXAMPLES_DIR, parseExampleDocument, resolveFfmpegPath } from '@pressroom/platform';
import { splitJpegs } from '@pressroom/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleAssetLoader } from '../../test/example-assets.js';
import { comparePng } from '../../test/golden/compare.js';
import { BrowserSupervisor } from '../browser/index.js';
import { type AnimationRenderer, createChromiumAnimator } from './render-animation.js';

const parsed = parseExampleDocument(JSON.parse(readFileSync(join(EXAMPLES_DIR, 'animated-product-launch.json'), 'utf8')));
if (!parsed.ok) throw new Error('the example animated design does not parse');
const design = parsed.design as AnimatedDesign;

/** The example's assets from disk, as the render task would fetch them from storage. */
const loadAsset = exampleAssetLoader(design);

let supervisor: BrowserSupervisor;
let animator: AnimationRenderer;
beforeAll(() => {
  supervisor = new BrowserSupervisor({ poolSize: 1 });
  animator = createChromiumAnimator(supervisor, { timeoutMs: 120_000, ffmpegPath: resolveFfmpegPath(process.env.FFMPEG_PATH) });
});
afterAll(async () => {
  await supervisor.stop();
});

const frames = (start: number, end: number, fileId?: string) =>
  animator.frames({
    ...(fileId === undefined ? {} : { fileId }),
    design,
    formatName: 'square',
    overrides: { layers: {}, vars: {} },
    fileType: 'mp4',
    loadAsset,
    loadMedia: async () => null,
    withSoundtrack: false,
    signal: new AbortController().signal,
    fps: VIDEO_FPS,
    start,
    end,
  });

describe('a page keeps its file loaded', () => {
  it("a file's next range draws on the page that holds the file loaded, and its frames are a fresh load's", async () => {
    const first = await frames(27, 30, 'file-a');
    expect(first.reusedPage).toBe(false);
    const next = await frames(30, 33, 'file-a');
    expect(next.reusedPage).toBe(true);
    const fresh = await frames(30, 33);
    expect(fresh.reusedPage).toBe(false);
    const [a, b] = [splitJpegs(next.bytes), splitJpegs(fresh.bytes)];
    expect(a).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      const same = await comparePng(await sharp(a[i]!).png().toBuffer(), await sharp(b[i]!).png().toBuffer(), {
        threshold: 8,
        maxRatio: 0.001,
      });
      expect(same.same, `frame ${30 + i}`).toBe(true);
    }
  });

  it('a page whose canvas another render replaced, or another file, loads afresh', async () => {
    await frames(10, 11, 'file-b');
    expect((await frames(11, 12, 'file-c')).reusedPage).toBe(false);
    expect((await frames(12, 13, 'file-c')).reusedPage).toBe(true);
    // Another render takes the page (the pool has one): its canvas replaces the file's.
    const pooled = await supervisor.acquirePage();
    await pooled.page.evaluate(() => {
      document.getElementById('pr-root')!.innerHTML = '<div></div>';
    });
    supervisor.releasePage(pooled);
    expect((await frames(13, 14, 'file-c')).reusedPage).toBe(false);
  });
});
