// The two ways a render worker's Chromium makes frames (executable-path.ts, FrameMode): the
// headless shell draws one when `capture` asks for it (HeadlessExperimental.beginFrame), any other
// Chromium on its compositor's clock (Page.captureScreenshot). Both must give the same picture of
// the same page, and the on-demand one must survive pages capturing at once.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePng } from '../../test/golden/compare.js';
import { capture, frameModeOfPage } from './capture.js';
import { DEBIAN_HEADLESS_SHELL, resolveExecutablePath, resolveRenderExecutable } from './executable-path.js';
import { type LaunchedBrowser, launchBrowser } from './launch-browser.js';

const shellPath = resolveRenderExecutable();
const fullPath = resolveExecutablePath();
const haveBoth = shellPath !== undefined && fullPath !== undefined && shellPath !== fullPath;

// Text, a gradient, a rotated box with a shadow and a half-transparent layer: what a design draws.
const CARD = `<body style="margin:0">
  <div style="width:640px;height:360px;background:linear-gradient(135deg,#ff7a18,#af002d 60%,#319197);position:relative;overflow:hidden">
    <div style="position:absolute;left:40px;top:40px;font:700 64px/1.1 sans-serif;color:#fff">Summer sale −30 %</div>
    <div style="position:absolute;left:380px;top:170px;width:180px;height:120px;background:#fff;opacity:.6;transform:rotate(12deg);box-shadow:0 8px 24px rgba(0,0,0,.4)"></div>
  </div>
</body>`;
const TRANSPARENT = '<body style="margin:0;background:transparent"><div style="width:100px;height:50px;background:#00ff00"></div></body>';

describe.skipIf(!haveBoth)('frame modes', () => {
  let shell: LaunchedBrowser;
  let full: LaunchedBrowser;
  beforeAll(async () => {
    [shell, full] = await Promise.all([launchBrowser({ executablePath: shellPath! }), launchBrowser({ executablePath: fullPath! })]);
  });
  afterAll(async () => {
    await Promise.all([shell?.close(), full?.close()]);
  });

  it('the render pool runs the headless shell when the machine has one, with frames on demand', async () => {
    expect(shellPath).toBe(DEBIAN_HEADLESS_SHELL);
    expect(shell.chromium.frameMode).toBe('on-demand');
    expect(full.chromium.frameMode).toBe('compositor');
    const [a, b] = [await shell.browser.newPage(), await full.browser.newPage()];
    expect([frameModeOfPage(a), frameModeOfPage(b)]).toEqual(['on-demand', 'compositor']);
    await Promise.all([a.close(), b.close()]);
  });

  it('draws the same picture as the compositor, at the size asked, in JPEG and PNG', async () => {
    const shot = async (browser: LaunchedBrowser) => {
      const page = await browser.browser.newPage({ type: 'window' });
      await page.setViewport({ width: 640, height: 360 });
      await page.setContent(CARD);
      const png = await capture(page, { width: 640, height: 360, format: 'png' });
      const jpeg = await capture(page, { width: 640, height: 360, format: 'jpeg', quality: 90 });
      await page.close();
      return { png, jpeg };
    };
    const [onDemand, compositor] = [await shot(shell), await shot(full)];
    expect(await sharp(onDemand.jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect(await sharp(onDemand.png).metadata()).toMatchObject({ format: 'png', width: 640, height: 360 });
    const compared = await comparePng(onDemand.png, compositor.png);
    expect(compared.reason).toBeNull();
  });

  it('sizes the viewport to the box it captures (a frame on demand has no clip)', async () => {
    const page = await shell.browser.newPage({ type: 'window' });
    await page.setContent(CARD);
    const small = await capture(page, { width: 200, height: 100, format: 'png' });
    expect(await sharp(small).metadata()).toMatchObject({ width: 200, height: 100 });
    const { data } = await sharp(small).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // the gradient's orange top-left corner
    await page.close();
  });

  it('keeps a transparent background transparent in PNG', async () => {
    const page = await shell.browser.newPage({ type: 'window' });
    await page.setContent(TRANSPARENT);
    const png = await capture(page, { width: 200, height: 100, format: 'png', omitBackground: true });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    expect(at(10, 10)).toEqual([0, 255, 0, 255]);
    expect(at(150, 80)[3]).toBe(0);
    // And the next capture has its background again.
    const opaque = await capture(page, { width: 200, height: 100, format: 'png' });
    const again = await sharp(opaque).ensureAlpha().raw().toBuffer();
    expect(again[(80 * 200 + 150) * 4 + 3]).toBe(255);
    await page.close();
  });

  it('survives several pages of one browser capturing at once (one frame at a time per browser)', async () => {
    const pages = await Promise.all([0, 1, 2].map(() => shell.browser.newPage({ type: 'window' })));
    const counts = await Promise.all(
      pages.map(async (page, k) => {
        await page.setContent(
          `<body style="margin:0;background:hsl(${k * 120} 80% 50%)"><div id="n" style="font:80px sans-serif">0</div></body>`,
        );
        let drawn = 0;
        for (let i = 0; i < 60; i++) {
          await page.evaluate((i) => {
            document.getElementById('n')!.textContent = String(i);
          }, i);
          const jpeg = await capture(page, { width: 320, height: 240, format: 'jpeg' });
          if (jpeg.length > 0) drawn++;
        }
        return drawn;
      }),
    );
    expect(counts).toEqual([60, 60, 60]);
    expect(shell.chromium.exitDescription()).toBeNull();
    expect(shell.chromium.stderrTail()).not.toMatch(/overlapping IssueExternalBeginFrame|GPU process exited/);
    await Promise.all(pages.map((p) => p.close()));
  });
});
