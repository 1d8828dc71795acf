// Animated designs on the farm as it runs: a control plane, render workers and a media worker
// as separate processes, real Chromium, real ffmpeg, real Postgres, local storage. The example
// animated design becomes an MP4, a GIF and an HTML5 zip; ffprobe checks the videos, and the
// HTML5 banner is played from file:// with the network off.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { checkHtml5Bundle, HTML5_MAX_ZIP_BYTES } from '@pressroom/model';
import { createStorage, parseExampleDocument } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { launchBrowser, resolveExecutablePath } from '@pressroom/render-worker/browser/index';
import { comparePng } from '@pressroom/render-worker/test/golden/compare';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSdkCheck } from '../../control-plane/sdk.js';
import {
  api,
  descendantsOf,
  dumpOutputs,
  type Farm,
  type Json,
  seedExample,
  startFarm,
  waitFinal,
  waitForWorkers,
} from '../tasks/testing/farm-processes.js';

interface Probe {
  streams: { codec_name: string; pix_fmt?: string; width: number; height: number; nb_frames?: string; nb_read_frames?: string }[];
  format: { duration: string; format_name: string };
}

function ffprobe(path: string): Probe {
  const out = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', path], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as Probe;
}

async function download(url: string, dir: string, name: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const path = join(dir, name);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

describe('animated generation on the farm (control plane + 2 render workers + 1 media worker)', () => {
  let db: TestDatabase;
  let farm: Farm;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  let dir: string;

  beforeAll(async () => {
    db = await testDatabase();
    dir = await mkdtemp(join(tmpdir(), 'pressroom-animation-e2e-'));
    // A part's deadline includes its wait for a page; CI runs suites side by side on 2 cores, where
    // one range can take tens of seconds, so the deadline here is wider than the 60 s default.
    farm = await startFarm({
      databaseUrl: db.url,
      workers: 2,
      mediaWorkers: 1,
      env: { LOG_LEVEL: 'info', ANIMATION_PART_TIMEOUT_MS: '180000' },
    });
    const storage = await createStorage(loadControlPlaneConfig({ DATA_DIR: farm.dataDir, DATABASE_URL: db.url }), {
      dataDir: farm.dataDir,
      publicBaseUrl: farm.baseUrl,
    });
    seed = await seedExample(db.pool, 'animated-product-launch.json', storage);
    await waitForWorkers(db.pool, farm, 2);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-animation-e2e-farm.log`);
    await farm?.stop();
    await db?.drop();
  });

  const generate = async (body: Record<string, Json>) => {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return waitFinal(farm, seed.key, res.body.generation_request_id as string, 300_000);
  };

  it('MP4 by default: H.264 yuv420p at the format size, as long as the animation, 25 fps', { timeout: 360_000 }, async () => {
    const final = await generate({ template_format_names: ['square'] });
    expect(final.errors).toEqual([]);
    expect(final.banners).toHaveLength(1);
    const banner = final.banners[0]!;
    expect(banner.file).toMatchObject({ type: 'mp4' });
    expect(banner.file.cdn_url).toEqual(expect.any(String));
    const probe = ffprobe(await download(banner.file.url, dir, 'square.mp4'));
    const video = probe.streams[0]!;
    expect([video.codec_name, video.pix_fmt, video.width, video.height]).toEqual(['h264', 'yuv420p', 1080, 1080]);
    expect(Number(video.nb_read_frames)).toBe(150);
    expect(Number(probe.format.duration)).toBeCloseTo(6, 1);
    // +faststart: the index (moov) comes before the media data (mdat).
    const bytes = await readFile(join(dir, 'square.mp4'));
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    // Frames differ over time: it is an animation, not a still repeated.
    const frame = (t: number) =>
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-ss',
        String(t),
        '-i',
        join(dir, 'square.mp4'),
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        '-',
      ]);
    expect((await comparePng(frame(0.1), frame(4))).same).toBe(false);
  });

  it('GIF: animated, looping, at the format size by default, at 12.5 fps', { timeout: 360_000 }, async () => {
    const final = await generate({ template_format_names: ['square'], image_file_type: 'gif' });
    expect(final.errors).toEqual([]);
    const banner = final.banners[0]!;
    expect(banner.file.type).toBe('gif');
    expect([banner.format.width, banner.format.height]).toEqual([1080, 1080]);
    const probe = ffprobe(await download(banner.file.url, dir, 'square.gif'));
    const video = probe.streams[0]!;
    expect([video.codec_name, video.width, video.height]).toEqual(['gif', 1080, 1080]);
    expect(Number(video.nb_read_frames)).toBe(75);
    const meta = await sharp(join(dir, 'square.gif'), { animated: true }).metadata();
    expect(meta.pages).toBe(75);
    expect(meta.loop).toBe(0);
  });

  it('GIF with gif_max_width: scaled down keeping the aspect ratio, and the Banner says the size delivered', {
    timeout: 360_000,
  }, async () => {
    const final = await generate({ template_format_names: ['wide'], image_file_type: 'gif', gif_max_width: 540 });
    expect(final.errors).toEqual([]);
    const banner = final.banners[0]!;
    expect([banner.format.width, banner.format.height]).toEqual([540, 304]);
    const video = ffprobe(await download(banner.file.url, dir, 'wide.gif')).streams[0]!;
    expect([video.codec_name, video.width, video.height]).toEqual(['gif', 540, 304]);
  });

  it('delivery options are refused, at their paths, where they cannot act', async () => {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      image_file_type: 'mp4',
      click_url: 'https://shop.example/launch',
      loop_count: 3,
    });
    expect(res.status).toBe(400);
    expect(res.body.id).toBe('invalid_payload');
    expect((res.body.errors as Json[]).map((e) => e.path)).toEqual(['click_url', 'loop_count']);
  });

  it('HTML5: a zip with no cdn_url that plays offline from file://, its screenshot at screenshot_at_s matching the fallback JPEG', {
    timeout: 360_000,
  }, async () => {
    const final = await generate({
      template_format_names: ['square'],
      image_file_type: 'html5',
      click_url: 'https://shop.example/launch',
      loop_count: 2,
    });
    expect(final.errors).toEqual([]);
    const banner = final.banners[0]!;
    expect(banner.file.type).toBe('zip');
    expect(banner.file).not.toHaveProperty('cdn_url');
    expect(banner.file.fallback_image_url).toEqual(expect.any(String));
    const fallback = await readFile(await download(banner.file.fallback_image_url, dir, 'fallback.jpeg'));
    expect(await sharp(fallback).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1080 });

    const zip = await download(banner.file.url, dir, 'banner.zip');
    const out = join(dir, 'html5');
    execFileSync('unzip', ['-o', '-q', zip, '-d', out]);
    expect((await readFile(join(out, 'fallback.jpg'))).equals(fallback)).toBe(true);
    const files = await Promise.all((await readdir(out)).map(async (name) => ({ name, bytes: await readFile(join(out, name)) })));
    const html = (await readFile(join(out, 'index.html'))).toString('utf8');
    // What an ad server reads first: the size, the title, the click-through.
    expect(html).toContain('<meta name="ad.size" content="width=1080,height=1080">');
    expect(html).toContain('<title>Lumen One — launch teaser</title>');
    expect(html).toContain('var clickTag = "https://shop.example/launch";');
    const zipBytes = (await readFile(zip)).length;
    expect(zipBytes).toBeLessThanOrEqual(HTML5_MAX_ZIP_BYTES);

    // A full Chromium, as a browser showing the ad runs it: the render pool's headless shell draws
    // frames only when asked, and CSS animations would never advance in it.
    const launched = await launchBrowser({ executablePath: resolveExecutablePath() ?? 'chromium' });
    const { browser } = launched;
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1080, height: 1080, deviceScaleFactor: 1 });
      await page.setOfflineMode(true);
      const outside: string[] = [];
      await page.setRequestInterception(true);
      page.on('request', (req) => {
        if (req.url().startsWith('file:') || req.url().startsWith('data:')) return void req.continue();
        outside.push(req.url());
        return void req.abort();
      });
      await page.goto(pathToFileURL(join(out, 'index.html')).href, { waitUntil: 'load' });
      const ready = await page.evaluate(() => (window as unknown as { __prAnimReady: Promise<{ ok: boolean }> }).__prAnimReady);
      expect(ready.ok).toBe(true);
      // Two plays of the 6 s timeline, the second stopping at the 4 s screenshot: 10 s in all.
      const animations = await page.evaluate(() =>
        document.getAnimations().map((a) => {
          const t = a.effect!.getTiming();
          return { durationMs: Number(t.duration), iterations: Number(t.iterations) };
        }),
      );
      expect(animations.length).toBeGreaterThan(0);
      for (const a of animations) expect(a.durationMs * a.iterations).toBeCloseTo(10_000, 3);
      expect(checkHtml5Bundle({ zipBytes, files, size: { width: 1080, height: 1080 }, animations })).toEqual([]);
      // The click layer opens the clickTag in a new window (window.open recorded, so nothing leaves the machine).
      await page.evaluate(() => {
        const w = window as unknown as { __opened: unknown[]; open: (...args: unknown[]) => null };
        w.__opened = [];
        w.open = (...args) => {
          w.__opened.push(args);
          return null;
        };
      });
      await page.mouse.click(540, 540);
      expect(await page.evaluate(() => (window as unknown as { __opened: unknown[] }).__opened)).toEqual([
        ['https://shop.example/launch', '_blank'],
      ]);
      // It plays: running animations, and a later moment looks different from the start.
      const running = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
      expect(running).toBeGreaterThan(0);
      const seek = (ms: number) =>
        page.evaluate((at) => {
          for (const a of document.getAnimations()) {
            a.pause();
            a.currentTime = at;
          }
          return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }, ms);
      await seek(4000);
      const shot = Buffer.from(await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 1080, height: 1080 } }));
      const match = await comparePng(shot, fallback, { threshold: 40, maxRatio: 0.01 });
      expect(match.reason ?? `${match.ratio}`, `differing ratio ${match.ratio}`).toBe(`${match.ratio}`);
      expect(match.same, `differing ratio ${match.ratio}`).toBe(true);
      await seek(300);
      const early = Buffer.from(await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 1080, height: 1080 } }));
      expect((await comparePng(early, fallback)).same).toBe(false);
      expect(outside).toEqual([]);
    } finally {
      await launched.close();
    }
  });

  it('every format at once: one Banner per format, and the intermediate parts removed', { timeout: 360_000 }, async () => {
    const final = await generate({ image_file_type: 'gif' });
    expect(final.errors).toEqual([]);
    expect(final.banners.map((b: Json) => b.format.id).sort()).toEqual([...seed.formats].sort());
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM animation_parts');
    expect(rows[0]!.n).toBe(0);
  });

  it('the abyssale SDK: generate_multi_format_media with mp4, gif and html5, then wait_for_generation_request, validated strictly', {
    timeout: 400_000,
  }, async () => {
    const report = await runSdkCheck('../../../render-worker/src/animation/testing/sdk_animated.py', farm.baseUrl, seed.key, {
      PRESSROOM_DESIGN_ID: seed.designId,
      PRESSROOM_FORMAT: 'square',
    });
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(6);
    // Every stored file took its intermediate objects with it: frames, the soundtrack of the
    // MP4, the page and fallback JPEG of the HTML5 banner.
    // (The outcome is recorded before the parts are dropped: wait a little for the last drop.)
    const intermediate = join(farm.dataDir, 'objects', 'intermediate');
    for (let i = 0; i < 100 && (await leftovers(intermediate)).length > 0; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await leftovers(intermediate)).toEqual([]);
  });

  it('frame accuracy: a frame-counter design shows, in decoded frame i of the MP4, exactly i + 1 bars', { timeout: 360_000 }, async () => {
    // Bar k appears half a frame before frame k's time (bar 0 from the start): a frame drawn at any
    // other time than i / 25 s, or out of order, or dropped, or repeated, shows another count. 75
    // frames are 4 ranges, drawn by both render workers' pages and streamed into one ffmpeg.
    const FRAMES = 75;
    const bar = (k: number) => ({ x: 15 + k * 14, y: 0, width: 14, height: 1080 });
    const parsed = parseExampleDocument({
      name: 'Frame counter',
      type: 'animated',
      animation: { duration: FRAMES / 25, screenshot_at_s: 0 },
      formats: [
        { name: 'square', width: 1080, height: 1080, background_color: '#000000' },
        { name: 'wide', width: 1920, height: 1080, background_color: '#000000' },
      ],
      layers: Array.from({ length: FRAMES }, (_, k) => ({
        name: `bar-${k}`,
        type: 'shape',
        layout: { square: bar(k), wide: bar(k) },
        properties: { background_color: '#FFFFFF' },
        animation: { start_at_s: k === 0 ? 0 : (k - 0.5) / 25, end_at_s: null },
      })),
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    const counter = await seedExample(db.pool, 'animated-product-launch.json');
    await db.pool.query('UPDATE designs SET document = $2 WHERE id = $1', [counter.designId, JSON.stringify(parsed.design)]);
    const res = await api(farm, counter.key, 'POST', `/async/banner-builder/${counter.designId}/generate`, {
      template_format_names: ['square'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const final = await waitFinal(farm, counter.key, res.body.generation_request_id as string, 300_000);
    expect(final.errors).toEqual([]);
    const path = await download(final.banners[0]!.file.url, dir, 'counter.mp4');
    // Every decoded frame as two grey rows through the bars' middle (yuv420p crops in pairs of rows).
    const rows = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-vf', 'format=gray,crop=1080:2:0:540', '-f', 'rawvideo', '-'], {
      maxBuffer: 1 << 24,
    });
    const counts = Array.from({ length: rows.length / 2160 }, (_, i) => {
      const row = rows.subarray(i * 2160, i * 2160 + 1080);
      return Array.from({ length: FRAMES }, (_, k) => row[bar(k).x + 7]! > 128).filter(Boolean).length;
    });
    expect(counts).toEqual(Array.from({ length: FRAMES }, (_, i) => i + 1));
  });

  it('kill -9 of a render worker in the middle of a video: the request still completes with one Banner', async () => {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, { template_format_names: ['square'] });
    expect(res.status).toBe(200);
    const id = res.body.generation_request_id as string;
    // Wait until a render worker holds a frame range of this video, then kill that process and its Chromium.
    const deadline = Date.now() + 60_000;
    let pid: number | undefined;
    while (pid === undefined && Date.now() < deadline) {
      const { rows } = await db.pool.query<{ pid: number }>(
        `SELECT h.pid FROM graphile_worker._private_jobs j JOIN worker_heartbeats h ON h.worker_id = j.locked_by
          JOIN graphile_worker._private_tasks t ON t.id = j.task_id
          WHERE j.locked_by IS NOT NULL AND t.identifier = 'animation_frames' AND j.payload->>'generation_request_id' = $1 LIMIT 1`,
        [id],
      );
      pid = rows[0]?.pid;
      if (pid === undefined) await new Promise((r) => setTimeout(r, 50));
    }
    expect(pid, 'a render worker took a frame range').toBeDefined();
    const victim = farm.workers.find((w) => w.child.pid === pid)!;
    const children = descendantsOf(pid!);
    victim.child.kill('SIGKILL');
    for (const child of children) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {
        // already gone with its parent
      }
    }
    const final = await waitFinal(farm, seed.key, id, 300_000);
    expect(final.errors).toEqual([]);
    expect(final.banners).toHaveLength(1);
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM banners WHERE generation_request_id = $1', [id]);
    expect(rows[0]!.n).toBe(1);
    const probe = ffprobe(await download(final.banners[0]!.file.url, dir, 'killed.mp4'));
    expect([probe.streams[0]!.width, probe.streams[0]!.height, Number(probe.streams[0]!.nb_read_frames)]).toEqual([1080, 1080, 150]);
  }, 400_000);
});

/** Files under a folder, recursively (none when it does not exist). */
async function leftovers(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
