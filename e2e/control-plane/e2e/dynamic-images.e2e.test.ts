// Dynamic images on a running farm: a control plane and a render worker as processes, real
// Chromium, real Postgres, local storage. The public URL renders through the sync pipeline, is
// cached by content, and behaves per mode; the SDK and a browser's <img> see it as a user would.

import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signDynamicImageUrl } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { resolveExecutablePath } from '@pressroom/render-worker/browser/executable-path';
import puppeteer from 'puppeteer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  dumpOutputs,
  type Farm,
  freePort,
  type Json,
  seedExample,
  startFarm,
  waitForWorkers,
} from '../../render-worker/tasks/testing/farm-processes.js';
import { runSdkCheck } from '../sdk.js';

/** The top-left pixel of an image: the `background` shape of the summer-sale example. */
async function corner(bytes: Buffer): Promise<[number, number, number]> {
  const { data } = await sharp(bytes)
    .extract({ left: 4, top: 4, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

/**
 * The farm's test-mode throttle: 25 requests per image per hour, instead of 10 per second. The
 * tests on the main image send fewer than 25 test-mode requests in all, so no timing of theirs can
 * meet the throttle; the throttle test sends more than twice 25 to an image of its own, so it is
 * refused even when an hour's boundary splits the burst. Time never decides a result here.
 */
const THROTTLE = { limit: 25, windowSeconds: 3600 };
/** More than two windows' worth: refused in part however the burst falls across windows. */
const BURST = 2 * THROTTLE.limit + 10;

describe('dynamic image URLs on a running farm', () => {
  let db: TestDatabase;
  let farm: Farm;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  let uid: string;
  let url: string;

  const get = async (query: string, headers: Record<string, string> = {}, image = url) => {
    const res = await fetch(`${image}?${query}`, { headers: { 'user-agent': 'e2e', ...headers } });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, cache: res.headers.get('x-pressroom-cache') };
  };
  const banners = async () =>
    (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM banners WHERE design_id = $1', [seed.designId])).rows[0]!.n;
  const setFlags = async (flags: Record<string, boolean>) => {
    const res = await api(farm, seed.key, 'POST', `/designs/${seed.designId}/dynamic-image-url`, flags);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    db = await testDatabase();
    farm = await startFarm({
      databaseUrl: db.url,
      workers: 1,
      env: {
        DYNAMIC_IMAGE_TEST_MODE_LIMIT: String(THROTTLE.limit),
        DYNAMIC_IMAGE_TEST_MODE_WINDOW_SECONDS: String(THROTTLE.windowSeconds),
      },
    });
    seed = await seedExample(db.pool, 'static-summer-sale.json');
    await waitForWorkers(db.pool, farm, 1);
    const created = await api(farm, seed.key, 'POST', `/designs/${seed.designId}/dynamic-image-url`, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const square = created.body.formats.find((f: Json) => f.id === 'square');
    uid = square.uid;
    url = square.dynamic_image_url;
    expect(url).toBe(`${farm.baseUrl}/i/${uid}`);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-dynamic-images-e2e-farm.log`);
    await farm?.stop();
    await db?.drop();
  });

  it('query overrides change the pixels; the same query is a cache hit with the same bytes, ETag and 304', async () => {
    const before = await banners();
    const red = await get('background.background_color=%23ff0000&format=png');
    expect(red.status, red.bytes.toString()).toBe(200);
    expect([red.cache, red.headers.get('content-type')]).toEqual(['miss', 'image/png']);
    expect(await corner(red.bytes)).toEqual([255, 0, 0]);
    const blue = await get('background.background_color=%230000ff&format=png');
    expect(await corner(blue.bytes)).toEqual([0, 0, 255]);
    // Test mode (the default): each rendered variant is a Banner of the workspace.
    expect(await banners()).toBe(before + 2);

    const credits = async () => (await api(farm, seed.key, 'GET', '/credits')).body.generation_credits;
    const creditsBefore = await credits();
    const again = await get('format=png&background.background_color=%23FF0000');
    expect(again.cache).toBe('hit');
    // A hit costs no credit.
    expect(await credits()).toEqual(creditsBefore);
    expect(again.bytes.equals(red.bytes)).toBe(true);
    const etag = red.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(again.headers.get('etag')).toBe(etag);
    expect(red.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(await banners()).toBe(before + 2);

    const notModified = await get('background.background_color=%23ff0000&format=png', { 'if-none-match': etag });
    expect([notModified.status, notModified.bytes.length]).toEqual([304, 0]);
    expect(notModified.headers.get('etag')).toBe(etag);
    const otherTag = await get('background.background_color=%23ff0000&format=png', { 'if-none-match': '"nope"' });
    expect(otherTag.status).toBe(200);

    // Bandwidth is counted, cache hits included.
    const metrics = await (await fetch(`${farm.baseUrl}/metrics`)).text();
    const sent = (outcome: string) =>
      Number(new RegExp(`pressroom_dynamic_image_bytes_total\\{[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`).exec(metrics)?.[1]);
    expect(sent('miss')).toBe(red.bytes.length + blue.bytes.length);
    expect(sent('hit')).toBe(again.bytes.length + otherTag.bytes.length);
  });

  it('negotiates the type from Accept, and makes thumbnails of a bounded width', async () => {
    const webp = await get('background.background_color=%23ff0000', { accept: 'image/avif,image/webp,*/*;q=0.8' });
    expect([webp.status, webp.headers.get('content-type'), webp.headers.get('vary')]).toEqual([200, 'image/webp', 'Accept']);
    const before = await banners();
    const thumb = await get('background.background_color=%23ff0000&format=jpeg&width=200');
    expect([thumb.status, thumb.cache]).toEqual([200, 'miss']);
    const meta = await sharp(thumb.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 200]);
    // The render worker scaled it down (the job's output_width): the Banner file it stored is the
    // thumbnail itself, byte for byte what the URL serves. The control plane only copies bytes.
    expect(await banners()).toBe(before + 1);
    const { rows } = await db.pool.query<{ width: number; height: number; storage_key: string }>(
      'SELECT width, height, storage_key FROM banners WHERE design_id = $1 ORDER BY created_at DESC LIMIT 1',
      [seed.designId],
    );
    expect([rows[0]!.width, rows[0]!.height]).toEqual([200, 200]);
    expect((await readFile(join(farm.dataDir, 'objects', rows[0]!.storage_key))).equals(thumb.bytes)).toBe(true);
    // Never enlarged: a width above the format's answers the format's size.
    const large = await get('background.background_color=%23ff0000&format=png&width=2000');
    expect((await sharp(large.bytes).metadata()).width).toBe(1080);
  });

  it('a changed design invalidates its variants: the same URL renders again with another ETag', async () => {
    const before = await get('background.background_color=%23ff0000&format=png');
    expect(before.cache).toBe('hit');
    // A rename changes no pixel and no version (variants are keyed on the design's version).
    const renamed = await api(farm, seed.key, 'PUT', `/designs/${seed.designId}/name`, { name: 'Summer sale, renamed' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const afterRename = await get('background.background_color=%23ff0000&format=png');
    expect([afterRename.cache, afterRename.headers.get('etag')]).toEqual(['hit', before.headers.get('etag')]);
    // A change of the document is a new version: here a restore of version 1, which writes version 2.
    const restored = await api(farm, seed.key, 'POST', `/designs/${seed.designId}/versions/1/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const after = await get('background.background_color=%23ff0000&format=png');
    expect(after.cache).toBe('miss');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const stale = await get('background.background_color=%23ff0000&format=png', { 'if-none-match': before.headers.get('etag')! });
    expect(stale.status).toBe(200);
  });

  it('production mode: no Banner row or file at any time, credits charged, no per-image throttle', async () => {
    // Every insert into banners is noted, so a row that existed only for a moment is seen too.
    await db.pool.query(`
      CREATE TABLE e2e_banner_inserts (id uuid NOT NULL);
      CREATE FUNCTION e2e_note_banner_insert() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN INSERT INTO e2e_banner_inserts VALUES (NEW.id); RETURN NEW; END $$;
      CREATE TRIGGER e2e_note_banner_insert AFTER INSERT ON banners FOR EACH ROW EXECUTE FUNCTION e2e_note_banner_insert();`);
    const inserts = async () => (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM e2e_banner_inserts')).rows[0]!.n;
    const bannerDir = join(farm.dataDir, 'objects', 'workspaces', seed.workspaceId, 'banners');
    const bannerFiles = async () => (await readdir(bannerDir).catch(() => [])).length;
    const consumed = async () => (await api(farm, seed.key, 'GET', '/credits')).body.generation_credits.consumed as number;

    await setFlags({ enable_production_mode: true });
    const before = { banners: await banners(), files: await bannerFiles(), consumed: await consumed() };
    const miss = await get('background.background_color=%2300ff00&format=png');
    expect([miss.status, miss.cache]).toEqual([200, 'miss']);
    expect(await corner(miss.bytes)).toEqual([0, 255, 0]);
    const thumb = await get('background.background_color=%2300ff00&format=jpeg&width=120');
    expect([thumb.status, thumb.cache]).toEqual([200, 'miss']);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 120 });
    const webp = await get('background.background_color=%2300ff00&format=webp');
    expect([webp.status, webp.cache, webp.headers.get('content-type')]).toEqual([200, 'miss', 'image/webp']);
    expect((await get('background.background_color=%2300ff00&format=webp')).cache).toBe('hit');
    expect(await inserts()).toBe(0);
    expect(await banners()).toBe(before.banners);
    expect(await bannerFiles()).toBe(before.files);
    // Each render is paid for as before (1 credit per static file by default).
    expect((await consumed()) - before.consumed).toBe(3);
    // A burst that test mode would refuse in part however it fell (see BURST) is served whole.
    const burst = await Promise.all(Array.from({ length: BURST }, () => get('background.background_color=%2300ff00&format=png')));
    expect(burst.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

    // Test mode again: a miss saves its Banner (the trigger sees inserts).
    await setFlags({ enable_production_mode: false });
    expect((await get('background.background_color=%2300ff00&format=avif')).cache).toBe('miss');
    expect(await inserts()).toBe(1);
    expect(await banners()).toBe(before.banners + 1);
    await db.pool.query('DROP TRIGGER e2e_note_banner_insert ON banners');
  });

  it('test mode throttles each image: exactly the requests over the limit in each window answer 429', async () => {
    // An image of its own (another workspace's design), so that its counter holds this test's
    // requests only.
    const other = await seedExample(db.pool, 'static-summer-sale.json');
    const created = await api(farm, other.key, 'POST', `/designs/${other.designId}/dynamic-image-url`, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const image = created.body.formats[0].dynamic_image_url as string;
    const first = await get('format=png', {}, image);
    expect([first.status, first.cache]).toEqual([200, 'miss']);
    const throttled = await Promise.all(Array.from({ length: BURST }, () => get('format=png', {}, image)));
    const refused = throttled.filter((r) => r.status === 429);
    // The server's own record decides: the requests over the limit in each window it counted.
    const { rows } = await db.pool.query<{ count: number }>(
      `SELECT count FROM dynamic_image_counters WHERE dynamic_image_id = $1 AND bucket = 'image'`,
      [created.body.id],
    );
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(BURST + 1);
    expect(refused.length).toBe(rows.reduce((sum, r) => sum + Math.max(0, r.count - THROTTLE.limit), 0));
    // At most two windows hold the burst, so at least this many are refused, whatever the timing.
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(BURST + 1 - 2 * THROTTLE.limit);
    expect(throttled.filter((r) => r.status === 200).map((r) => r.cache)).toEqual(Array(BURST - refused.length).fill('hit'));
    expect(JSON.parse(refused[0]!.bytes.toString())).toMatchObject({
      id: 'request_rate_limited',
      message: `Test mode serves at most ${THROTTLE.limit} requests per ${THROTTLE.windowSeconds} seconds per image.`,
    });
    const retryAfter = Number(refused[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE.windowSeconds);
  });

  it('enable_rate_limit: 5 renders per visitor; a cache hit does not count; another visitor still renders', async () => {
    await setFlags({ enable_rate_limit: true, enable_production_mode: true });
    const visitor = { 'user-agent': 'visitor-a' };
    for (let i = 0; i < 5; i++) {
      const r = await get(`headline.payload=Variant%20${i}&format=jpeg`, visitor);
      expect([r.status, r.cache], r.bytes.toString()).toEqual([200, 'miss']);
    }
    const hit = await get('headline.payload=Variant%200&format=jpeg', visitor);
    expect([hit.status, hit.cache]).toEqual([200, 'hit']);
    const sixth = await get('headline.payload=Variant%205&format=jpeg', visitor);
    expect(sixth.status).toBe(429);
    expect(JSON.parse(sixth.bytes.toString()).id).toBe('request_rate_limited');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await get('headline.payload=Variant%205&format=jpeg', { 'user-agent': 'visitor-b' });
    expect([other.status, other.cache]).toEqual([200, 'miss']);
    // Neither the IP nor the User-Agent is stored in clear.
    const { rows } = await db.pool.query<{ bucket: string }>('SELECT bucket FROM dynamic_image_counters');
    expect(rows.some((r) => r.bucket.includes('visitor-a') || r.bucket.includes('127.0.0.1'))).toBe(false);
    await setFlags({ enable_rate_limit: false });
  });

  it('image_url in the query goes through the outbound guard: loopback is refused', async () => {
    const res = await get(
      `hero-photo.image_url=${encodeURIComponent(`http://127.0.0.1:${farm.baseUrl.split(':').at(-1)}/metrics`)}&format=jpeg`,
    );
    expect(res.status, res.bytes.toString()).toBe(400);
    expect(JSON.parse(res.bytes.toString()).id).toBe('image_fetching_error');
  });

  it('signed URLs: the Node helper signs, any tampering is refused', async () => {
    const secret = (await api(farm, seed.key, 'GET', '/signing-secret')).body.secret as string;
    await setFlags({ require_signed_urls: true });
    const signed = signDynamicImageUrl(`${url}?headline.payload=Signed&format=jpeg`, secret);
    const ok = await fetch(signed);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const tampered = new URL(signed);
    tampered.searchParams.set('headline.payload', 'Forged');
    const refused = await fetch(tampered);
    expect([refused.status, ((await refused.json()) as Json).id]).toEqual([403, 'invalid_signature']);
    const otherKey = await fetch(signDynamicImageUrl(`${url}?headline.payload=Signed&format=jpeg`, 'whsec_not-the-secret'));
    expect(otherKey.status).toBe(403);
    await setFlags({ require_signed_urls: false });
  });

  it('the abyssale SDK creates and reads dynamic image URLs, validating strictly', async () => {
    const report = await runSdkCheck('dynamic_check.py', farm.baseUrl, seed.key, { PRESSROOM_DESIGN_ID: seed.designId });
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(4);
  });

  it('an <img src> on a page in headless Chromium shows the personalised image', async () => {
    const src = `${url}?background.background_color=%23ff00ff&headline.payload=Hello%20from%20an%20img`;
    const page: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html><body><img id="card" src="${src}"></body></html>`);
    });
    const port = await freePort();
    await new Promise<void>((r) => page.listen(port, '127.0.0.1', r));
    const executablePath = resolveExecutablePath();
    const browser = await puppeteer.launch({
      ...(executablePath === undefined ? {} : { executablePath }),
      headless: true,
      args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
    });
    try {
      const tab = await browser.newPage();
      let body: Buffer | undefined;
      tab.on('response', (res) => {
        if (res.url() === src) void res.buffer().then((b) => (body = b));
      });
      await tab.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load', timeout: 60_000 });
      const shown = await tab.$eval('#card', (img) => ({
        complete: (img as HTMLImageElement).complete,
        w: (img as HTMLImageElement).naturalWidth,
      }));
      expect(shown).toEqual({ complete: true, w: 1080 });
      await expect.poll(() => body !== undefined).toBe(true);
      expect(await corner(body!)).toEqual([255, 0, 255].map((c) => expect.closeTo(c, -1.5)) as unknown as [number, number, number]);
    } finally {
      await browser.close();
      page.close();
    }
  });
});
