/**
 * What does one animation frame cost? Draws the example animated design (`square`, 1080²) on one
 * warm page, seeked frame by frame, with several capture methods and Chromium command lines, and
 * prints the CPU time per frame of every process involved (Node and each Chromium process type,
 * from /proc), which a loaded machine inflates much less than wall time.
 * Run: npx tsx render-worker/src/animation/measure-capture.ts [frames] [row filter, comma-separated]
 * Not a test: nothing asserts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnimatedDesign, NormalisedOverrides } from '@pressroom/model';
import { frameTime, VIDEO_FPS } from '@pressroom/model';
import { EXAMPLES_DIR, parseExampleDocument } from '@pressroom/platform';
import { assetRefsOf, PLAYER_SCRIPT, planRender, planTimeline, stateAt, typewritingLayers } from '@pressroom/renderer';
import type { CDPSession, Page } from 'puppeteer';
import { exampleAssetLoader } from '../../test/example-assets.js';
import { AssetRegistry } from '../browser/asset-registry.js';
import { capture, frameModeOfPage } from '../browser/capture.js';
import { resolveExecutablePath } from '../browser/executable-path.js';
import { interceptRequests } from '../browser/intercept-requests.js';
import { launchBrowser } from '../browser/launch-browser.js';
import type { Resource } from '../fetch/resource.js';
import { loadPlan } from '../static/index.js';
import { bundledRenderFonts } from '../static/render-fonts.js';
import '../browser/page-globals.js';

const FRAMES = Number(process.argv[2] ?? 60);
const ONLY = process.argv[3]?.split(',') ?? null;

const parsed = parseExampleDocument(JSON.parse(readFileSync(join(EXAMPLES_DIR, 'animated-product-launch.json'), 'utf8')));
if (!parsed.ok) throw new Error('the example animated design does not parse');
const design = parsed.design as AnimatedDesign;
const fonts = bundledRenderFonts();
const overrides: NormalisedOverrides = { layers: {}, vars: {} };
const plan = planRender({ catalogue: fonts.catalogue, design, formatName: 'square', overrides, videoBoxes: true });
await fonts.prepare(plan);
const timeline = planTimeline(design);
const loadAsset = exampleAssetLoader(design);
const resources = new Map<string, Resource>();
for (const ref of assetRefsOf(plan)) {
  const got = await loadAsset(ref.source);
  if (got) resources.set(ref.ref, got);
}

/** CPU seconds (user + system) of this process's descendants, by Chromium process type. */
function childCpu(): Map<string, number> {
  const tick = 100;
  const procs = new Map<number, { ppid: number; cpu: number; type: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Chromium rewrites its children's titles into one string: look for the flag anywhere.
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const type = /--type=(\S+)/.exec(cmd)?.[1] ?? (cmd.includes('chrom') ? 'browser' : 'other');
      procs.set(Number(entry), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / tick, type });
    } catch {
      // gone meanwhile
    }
  }
  const mine = (pid: number): boolean => {
    for (let p = procs.get(pid); p; p = procs.get(p.ppid)) if (p.ppid === process.pid) return true;
    return false;
  };
  const out = new Map<string, number>();
  for (const [pid, p] of procs) if (mine(pid)) out.set(p.type, (out.get(p.type) ?? 0) + p.cpu);
  return out;
}

type Capturer = (page: Page, index: number) => Promise<Buffer>;

const apply = async (page: Page, index: number) => {
  await page.evaluate((s) => window.__prAnim?.apply(s, {}), stateAt(timeline, frameTime(index, VIDEO_FPS)) as never);
};

const screenshot =
  (params: Record<string, unknown>): Capturer =>
  async (page, index) => {
    await apply(page, index);
    const session = await page.createCDPSession();
    try {
      const { data } = await session.send('Page.captureScreenshot', {
        clip: { x: 0, y: 0, width: 1080, height: 1080, scale: 1 },
        captureBeyondViewport: false,
        fromSurface: true,
        ...params,
      } as never);
      return Buffer.from(data, 'base64');
    } finally {
      await session.detach();
    }
  };

const viaCapture =
  (format: 'jpeg' | 'png', quality?: number): Capturer =>
  async (page, index) => {
    await apply(page, index);
    return capture(page, { width: 1080, height: 1080, format, quality, beyondViewport: false, optimizeForSpeed: format === 'png' });
  };

/** Page.startScreencast: the compositor's frames as JPEGs; one frame awaited after each seek. */
const screencasts = new Map<Page, { next(): Promise<Buffer>; stop(): Promise<void> }>();
const screencast: Capturer = async (page, index) => {
  let cast = screencasts.get(page);
  if (!cast) {
    const session = await page.createCDPSession();
    let waiting: ((b: Buffer) => void) | null = null;
    session.on('Page.screencastFrame', (e: { data: string; sessionId: number }) => {
      void session.send('Page.screencastFrameAck', { sessionId: e.sessionId });
      waiting?.(Buffer.from(e.data, 'base64'));
      waiting = null;
    });
    await session.send('Page.startScreencast', { format: 'jpeg', quality: 90, maxWidth: 1080, maxHeight: 1080, everyNthFrame: 1 });
    cast = {
      next: () => new Promise<Buffer>((r) => (waiting = r)),
      stop: async () => {
        await session.send('Page.stopScreencast');
        await session.detach();
      },
    };
    screencasts.set(page, cast);
  }
  const frame = cast.next();
  await apply(page, index);
  return frame;
};

const CAPTURES: Record<string, Capturer> = {
  'seek only': async (page, index) => {
    await apply(page, index);
    if (frameModeOfPage(page) === 'on-demand') await (await sessionOf(page)).send('HeadlessExperimental.beginFrame', {});
    else await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    return Buffer.alloc(0);
  },
  'jpeg q90, no seek': async (page) => capture(page, { width: 1080, height: 1080, format: 'jpeg', quality: 90, beyondViewport: false }),
  'jpeg q90 (today)': viaCapture('jpeg', 90),
  'jpeg q50': viaCapture('jpeg', 50),
  'webp q90': screenshot({ format: 'webp', quality: 90 }),
  'screencast jpeg q90': screencast,
  'png optimizeForSpeed': viaCapture('png'),
};

/**
 * The headless shell (Debian's `chromium-headless-shell`): launched by its name, its pages draw
 * frames on demand, and `capture` takes one `HeadlessExperimental.beginFrame` per frame; the
 * screenshot and screencast rows do not apply there (they wait for a compositor that draws nothing
 * unasked).
 */
const SHELL = '/usr/lib/chromium/chromium-headless-shell';
const ON_DEMAND_ROWS = new Set(['seek only', 'jpeg q90 (today)', 'jpeg q50', 'png optimizeForSpeed']);
const LAUNCHES: Record<string, { extraArgs: string[]; executablePath?: string }> = {
  chromium: { extraArgs: [] },
  'chromium, unthrottled frames': { extraArgs: ['--disable-frame-rate-limit', '--disable-gpu-vsync'] },
  ...(existsSync(SHELL) ? { 'headless-shell, frames on demand': { extraArgs: [], executablePath: SHELL } } : {}),
};

const cdp = new Map<Page, CDPSession>();
async function sessionOf(page: Page): Promise<CDPSession> {
  let s = cdp.get(page);
  if (!s) {
    s = await page.createCDPSession();
    cdp.set(page, s);
  }
  return s;
}

const willChange = async (page: Page, on: boolean) =>
  page.evaluate(
    (names: string[], on: boolean) => {
      for (const n of names) {
        const el = document.querySelector(`[data-layer="${CSS.escape(n)}"]`) as HTMLElement | null;
        if (el) el.style.willChange = on ? 'transform, opacity' : '';
      }
    },
    timeline.layers.map((l) => l.name),
    on,
  );

console.log(`${FRAMES} frames of the example (square, 1080²) per row; CPU ms per frame by process\n`);
console.log('| Launch | Capture | Layers | Wall ms/frame | CPU ms/frame | Split | KiB/frame |\n|---|---|---|---|---|---|---|');
for (const [launchName, launch] of Object.entries(LAUNCHES)) {
  if (ONLY && !ONLY.some((o) => launchName.includes(o) || o.startsWith('|'))) continue;
  const launched = await launchBrowser({ extraArgs: launch.extraArgs, executablePath: launch.executablePath ?? resolveExecutablePath() });
  try {
    {
      const page = await launched.browser.newPage({ type: 'window' });
      const assets = new AssetRegistry();
      await interceptRequests(page, () => assets);
      await loadPlan({ plan, page, registerAsset: (b, t, n, o) => assets.register(b, t, n, o), resources, catalogue: fonts.catalogue });
      await page.evaluate(PLAYER_SCRIPT);
      await page.evaluate((l) => window.__prAnim?.prepare(l), typewritingLayers(timeline) as never);
      await new Promise((r) => setTimeout(r, 100));
      for (const layered of [false, true]) {
        await willChange(page, layered);
        const onDemand = frameModeOfPage(page) === 'on-demand';
        for (const [name, run] of Object.entries(CAPTURES).filter(([n]) => !onDemand || ON_DEMAND_ROWS.has(n))) {
          const row = `${launchName} | ${name} | ${layered ? 'will-change' : 'as drawn'}`;
          if (ONLY && !ONLY.some((o) => row.includes(o))) continue;
          for (let i = 0; i < 5; i++) await run(page, 30 + i);
          const before = childCpu();
          const node0 = process.cpuUsage();
          const t0 = performance.now();
          let bytes = 0;
          for (let i = 0; i < FRAMES; i++) bytes += (await run(page, 10 + (i % 140))).length;
          const wall = (performance.now() - t0) / FRAMES;
          for (const [p, cast] of screencasts) {
            await cast.stop();
            screencasts.delete(p);
          }
          const node = process.cpuUsage(node0);
          const after = childCpu();
          const split = new Map<string, number>([['node', (node.user + node.system) / 1000 / FRAMES]]);
          for (const [type, cpu] of after) split.set(type, ((cpu - (before.get(type) ?? 0)) * 1000) / FRAMES);
          const total = [...split.values()].reduce((a, b) => a + b, 0);
          const parts = [...split].filter(([, v]) => v >= 0.5).map(([k, v]) => `${k} ${v.toFixed(0)}`);
          console.log(
            `| ${row} | ${wall.toFixed(1)} | ${total.toFixed(1)} | ${parts.join(', ')} | ${(bytes / FRAMES / 1024).toFixed(0)} |`,
          );
        }
      }
    }
  } finally {
    await launched.close();
  }
}
