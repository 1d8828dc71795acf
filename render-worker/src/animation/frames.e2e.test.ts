// Golden frames of the example animated design, drawn by the same code the frame-range jobs
// run (a pooled page, seeked to exact times). Compared at 270×270 with the PNGs in
// render-worker/test/golden/animation (tolerance in compare.ts); `UPDATE_GOLDENS=1` rewrites them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnimatedDesign } from '@pressroom/model';
import { frameTime, VIDEO_FPS } from '@pressroom/model';
import { parseExampleDocument, resolveFfmpegPath } from '@pressroom/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleAssetLoader } from '../../test/example-assets.js';
import { comparePng } from '../../test/golden/compare.js';
import { BrowserSupervisor } from '../browser/index.js';
import { type AnimationRenderer, createChromiumAnimator } from './render-animation.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const GOLDEN_DIR = join(ROOT, 'render-worker/test/golden/animation');
const UPDATE = process.env.UPDATE_GOLDENS === '1';

const parsed = parseExampleDocument(JSON.parse(readFileSync(join(ROOT, 'examples/designs/animated-product-launch.json'), 'utf8')));
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

/** The JPEGs of an MJPEG range: each starts with SOI (FF D8) and ends with EOI (FF D9). */
function splitJpegs(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(Buffer.from([0xff, 0xd9]), at);
    let next = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]), end);
    if (next < 0) next = bytes.length;
    out.push(bytes.subarray(at, next));
    at = next;
  }
  return out;
}

describe('frames of the example animated design', () => {
  // Frame 8 (0.32 s): the product scaling in, the headline not shown yet; frame 30 (1.2 s): the
  // headline half typed; frame 100 (4 s): the HTML5 screenshot moment, everything in.
  it.each([8, 30, 100])('frame %i matches its golden', async (index) => {
    const out = await frames(index, index + 1);
    expect(out.frames).toBe(1);
    const small = await sharp(out.bytes).resize(270, 270).png().toBuffer();
    const path = join(GOLDEN_DIR, `square-${Math.round(frameTime(index) * 1000)}ms.png`);
    if (UPDATE || !existsSync(path)) {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(path, small);
      if (!UPDATE) throw new Error(`golden ${path} was missing and has been written; check it and commit it`);
      return;
    }
    const result = await comparePng(small, readFileSync(path));
    if (!result.same) writeFileSync(path.replace(/\.png$/, '.actual.png'), small);
    expect(result.same, `${result.reason ?? ''} ${result.ratio}`).toBe(true);
  });

  it('a frame is the same drawn alone or inside a range: it depends on its time only', async () => {
    const alone = await frames(30, 31);
    const range = await frames(27, 32);
    const parts = splitJpegs(range.bytes);
    expect(parts).toHaveLength(5);
    const a = await sharp(alone.bytes).png().toBuffer();
    const b = await sharp(parts[3]!).png().toBuffer();
    expect((await comparePng(a, b, { threshold: 8, maxRatio: 0.001 })).same).toBe(true);
    // and differs from its neighbours: the animation moves
    expect((await comparePng(a, await sharp(parts[0]!).png().toBuffer(), { threshold: 8, maxRatio: 0.0001 })).same).toBe(false);
  });

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
