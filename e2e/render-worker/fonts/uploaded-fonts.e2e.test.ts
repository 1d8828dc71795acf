// A brand font uploaded through the API, drawn by every output kind on a farm laid out as on
// separate machines (a DATA_DIR per process, only Postgres and one MinIO bucket in common).
// Answers: does an uploaded TTF reach static, print and HTML5 files, the uploaded font's own
// glyphs and not a fallback, on a render worker that has never seen it?
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { unicodeRangeIncludes, uploadedFontCssFamily } from '@pressroom/model';
import { createStorage, type ObjectStorage, parseFontFile } from '@pressroom/platform';
import { type MinioServer, minioProcessEnv, startMinio, type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { comparePng } from '@pressroom/render-worker/test/golden/compare';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  dumpOutputs,
  type Farm,
  type Json,
  seedExample,
  startFarm,
  waitFinal,
  waitForWorkers,
} from '../tasks/testing/farm-processes.js';

const LIBERATION = '/usr/share/fonts/truetype/liberation2';
const SERIF_BOLD = readFileSync(join(LIBERATION, 'LiberationSerif-Bold.ttf'));
const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');
const UPDATE = process.env.UPDATE_GOLDENS === '1';
const HEADLINE = 'Brand Serif Bold';

describe('an uploaded font in every output kind, on machines that share only the database and the bucket', () => {
  let db: TestDatabase;
  let minio: MinioServer;
  let farm: Farm;
  let storage: ObjectStorage;
  let staticWs: Awaited<ReturnType<typeof seedExample>>;
  let printWs: Awaited<ReturnType<typeof seedExample>>;
  let animatedWs: Awaited<ReturnType<typeof seedExample>>;
  const fontIds = new Map<string, string>();
  const work = mkdtempSync(join(tmpdir(), 'pressroom-fonts-e2e-'));

  const upload = async (ws: { key: string }, bytes: Buffer) => {
    const res = await api(farm, ws.key, 'POST', '/fonts', { file_encoded: bytes.toString('base64') });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
  const square = (ws: { key: string; designId: string }, headline: Record<string, unknown>) =>
    api(farm, ws.key, 'POST', `/banner-builder/${ws.designId}/generate`, {
      template_format_name: 'square',
      image_file_type: 'png',
      elements: { headline: { payload: HEADLINE, ...headline } },
    });

  beforeAll(async () => {
    db = await testDatabase();
    minio = await startMinio();
    farm = await startFarm({
      databaseUrl: db.url,
      workers: 1,
      mediaWorkers: 1,
      // About where fonts live, not speed: a loaded machine may take longer than the sync budget.
      env: { ...minioProcessEnv(minio), RENDER_TIMEOUT_MS: '60000', SYNC_RENDER_TIMEOUT_MS: '60000' },
      separateDataDirs: true,
    });
    storage = await createStorage(loadControlPlaneConfig({ DATABASE_URL: db.url, DATA_DIR: farm.dataDir, ...minioProcessEnv(minio) }), {
      dataDir: farm.dataDir,
      publicBaseUrl: farm.baseUrl,
    });
    staticWs = await seedExample(db.pool, 'static-summer-sale.json', storage);
    printWs = await seedExample(db.pool, 'printer-cafe-flyer.json', storage);
    animatedWs = await seedExample(db.pool, 'animated-product-launch.json', storage);
    await waitForWorkers(db.pool, farm, 1);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-uploaded-fonts-e2e.log`);
    await storage?.stop();
    await farm?.stop();
    await minio?.stop();
    await db?.drop();
  });

  it('a TTF uploaded by file_encoded is listed for its workspace and not for another', async () => {
    for (const ws of [staticWs, animatedWs]) fontIds.set(ws.workspaceId, (await upload(ws, SERIF_BOLD)).id);
    const id = fontIds.get(staticWs.workspaceId)!;
    const mine = await api(farm, staticWs.key, 'GET', '/fonts?name=Liberation%20Serif');
    expect(mine.body.map((f: Json) => f.id)).toEqual([id]);
    const theirs = await api(farm, printWs.key, 'GET', '/fonts?name=Liberation%20Serif');
    expect(theirs.body).toEqual([]);
    // Another workspace's id is an unknown font to this one: it cannot delete it, nor render with it.
    expect((await api(farm, printWs.key, 'DELETE', `/fonts/${id}`)).status).toBe(404);
    const foreign = await square(staticWs, { font: fontIds.get(animatedWs.workspaceId)! });
    expect([foreign.status, foreign.body.id, foreign.body.errors?.[0]?.path]).toEqual([400, 'unknown_font', 'elements.headline.font']);
  });

  it('a static render with `font` set to its id draws the uploaded glyphs (golden), unlike the default', async () => {
    const id = fontIds.get(staticWs.workspaceId)!;
    const uploaded = await square(staticWs, { font: id });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const plain = await square(staticWs, {});
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const [a, b] = await Promise.all([download(uploaded.body.file.url), download(plain.body.file.url)]);
    expect((await comparePng(a, b)).same).toBe(false);
    await expectGolden('uploaded-font-static-square', a);
  });

  it('an async print PDF embeds it, subset (pdffonts)', async () => {
    const id = (await upload(printWs, SERIF_BOLD)).id;
    const res = await api(farm, printWs.key, 'POST', `/async/banner-builder/${printWs.designId}/generate`, {
      template_format_names: ['a6'],
      elements: { headline: { font: id, payload: HEADLINE } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await waitFinal(farm, printWs.key, res.body.generation_request_id, 180_000);
    expect(done.errors ?? [], JSON.stringify(done)).toEqual([]);
    const pdf = join(work, 'print.pdf');
    writeFileSync(pdf, await download(done.banners[0].file.url));
    const rows = execFileSync('pdffonts', [pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
    // `ABCDEF+LiberationSerif-Bold … yes yes`: the name carries a subset tag, and it is embedded and subset.
    expect(
      rows.find((r) => /^[A-Z]{6}\+LiberationSerif-Bold\s/.test(r) && /\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/.test(r)),
      rows.join('\n'),
    ).toBeDefined();
    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')).toContain(HEADLINE);
  });

  it('an HTML5 zip carries it subset to the characters its texts use', async () => {
    const id = fontIds.get(animatedWs.workspaceId)!;
    const res = await api(farm, animatedWs.key, 'POST', `/async/banner-builder/${animatedWs.designId}/generate`, {
      template_format_names: ['square'],
      image_file_type: 'html5',
      elements: { headline: { font: id, payload: HEADLINE } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await waitFinal(farm, animatedWs.key, res.body.generation_request_id, 180_000);
    expect(done.errors ?? [], JSON.stringify(done)).toEqual([]);
    const zip = join(work, 'banner.zip');
    writeFileSync(zip, await download(done.banners[0].file.url));
    const out = join(work, 'html5');
    execFileSync('unzip', ['-o', '-q', zip, '-d', out]);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    const rule = new RegExp(
      `font-family: "${uploadedFontCssFamily(id)}";[^}]*src: url\\("data:font/woff2;base64,([A-Za-z0-9+/=]+)"\\) format\\('woff2'\\)`,
    ).exec(html);
    expect(rule, 'an @font-face of the uploaded family with an inline woff2').not.toBeNull();
    const subset = parseFontFile(Buffer.from(rule![1]!, 'base64'));
    const whole = parseFontFile(SERIF_BOLD);
    expect([subset.family, subset.format]).toEqual(['Liberation Serif', 'woff2']);
    const count = (range: string) =>
      range.split(',').reduce((n, part) => {
        const [lo, hi = lo] = part.replace('U+', '').split('-');
        return n + parseInt(hi!, 16) - parseInt(lo!, 16) + 1;
      }, 0);
    for (const ch of HEADLINE) expect(unicodeRangeIncludes(subset.unicodeRange, ch.codePointAt(0)!), ch).toBe(true);
    expect(count(subset.unicodeRange)).toBeLessThan(200);
    expect(count(whole.unicodeRange)).toBeGreaterThan(2000);
  });

  it('an MP4 draws its frames with it, unlike the default font', async () => {
    const id = fontIds.get(animatedWs.workspaceId)!;
    const lastFrame = async (headline: Record<string, unknown>, name: string) => {
      const res = await api(farm, animatedWs.key, 'POST', `/async/banner-builder/${animatedWs.designId}/generate`, {
        template_format_names: ['square'],
        image_file_type: 'mp4',
        elements: { headline: { payload: HEADLINE, ...headline } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const done = await waitFinal(farm, animatedWs.key, res.body.generation_request_id, 240_000);
      expect(done.errors ?? [], JSON.stringify(done)).toEqual([]);
      const mp4 = join(work, `${name}.mp4`);
      writeFileSync(mp4, await download(done.banners[0].file.url));
      return execFileSync('ffmpeg', [
        '-v',
        'error',
        '-sseof',
        '-0.2',
        '-i',
        mp4,
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-vcodec',
        'png',
        '-',
      ]);
    };
    const [uploaded, plain] = await Promise.all([lastFrame({ font: id }, 'uploaded'), lastFrame({}, 'plain')]);
    expect((await comparePng(uploaded, plain)).same).toBe(false);
  });

  it('a render worker that has never seen the font, with its own DATA_DIR, renders it and caches it by hash', async () => {
    const first = farm.workers[0]!;
    first.child.kill('SIGTERM');
    await first.exited;
    const fresh = farm.addWorker();
    const freshDir = farm.dataDirs.at(-1)!;
    expect(existsSync(join(freshDir, 'font-cache'))).toBe(false);
    await waitForWorkers(db.pool, farm, 1);
    const res = await square(staticWs, { font: fontIds.get(staticWs.workspaceId)! });
    expect(res.status, `${JSON.stringify(res.body)}\n${fresh.output()}`).toBe(200);
    await expectGolden('uploaded-font-static-square', await download(res.body.file.url));
    const sha = parseFontFile(SERIF_BOLD).sha256;
    expect(readdirSync(join(freshDir, 'font-cache'))).toEqual([`${sha}.ttf`]);
  });

  it('a face that cannot be loaded fails the render with cannot_build_banner naming the layer, never a fallback', async () => {
    const sans = await upload(staticWs, readFileSync(join(LIBERATION, 'LiberationSans-Regular.ttf')));
    const { rows } = await db.pool.query<{ storage_key: string }>('SELECT storage_key FROM workspace_font_files WHERE font_id = $1', [
      sans.id,
    ]);
    await storage.delete(rows[0]!.storage_key);
    const res = await square(staticWs, { font: sans.id });
    expect([res.status, res.body.id], JSON.stringify(res.body)).toEqual([400, 'cannot_build_banner']);
    expect(res.body.message).toContain('headline');
  });
});

/**
 * Compares the headline's area of a square render with the committed golden (`UPDATE_GOLDENS=1`
 * writes it; review the image before committing). Only the headline: the rest of the design is
 * other tests' business.
 */
async function expectGolden(name: string, actual: Buffer): Promise<void> {
  const path = join(GOLDEN_DIR, `${name}.png`);
  const png = await sharp(actual).extract({ left: 40, top: 350, width: 460, height: 190 }).png().toBuffer();
  if (UPDATE || !existsSync(path)) {
    if (!UPDATE) throw new Error(`no golden for ${name}; run with UPDATE_GOLDENS=1 and review ${path}`);
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(path, png);
    return;
  }
  const result = await comparePng(png, readFileSync(path));
  if (!result.same) writeFileSync(join(GOLDEN_DIR, `${name}.actual.png`), png);
  expect(result.reason, name).toBeNull();
}
