// Every page of the web console, opened at `localhost` and at `127.0.0.1` in a real Chromium
// against `npm start` (docs/console.md): each route (the designs, each example's design page,
// playground and editor, import, generations, bulk, fonts, webhooks, workspace, a new design, the
// sign-in page and the gallery) is drawn fully — every picture loaded with pixels, every font
// loaded, no request refused or failed, no error in the page's console — from the origin the
// console was opened at (the farm's stored-file links name `localhost`, which is not this farm
// for a browser on another machine), and axe-core finds no serious or critical issue on it. A
// design page or playground opened without a design id says it needs one, and reads no design.

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, HTTPRequest, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_BUDGETS, callApi, launchBrowser, seriousAxeViolations } from '../console-browser.js';
import { type RunningFarm, startFarm } from '../farm.js';

const EXAMPLES = fileURLToPath(new URL('../../../examples/designs/', import.meta.url));
/** Generous bounds that only prove "it did not hang" on a loaded 2-core machine. */
const WAIT = { timeout: 120_000 };
const HOSTS = ['localhost', '127.0.0.1'] as const;

/** What went wrong while a page loaded: requests elsewhere, failed or refused, and console errors. */
interface Trouble {
  elsewhere: string[];
  failed: string[];
  refused: string[];
  errors: string[];
}

describe('every console page at localhost and at 127.0.0.1', () => {
  let farm: RunningFarm;
  let browser: Browser;
  let page: Page;
  let port: string;
  let designs: { id: string; name: string }[] = [];
  let trouble: Trouble = { elsewhere: [], failed: [], refused: [], errors: [] };
  let origin = '';

  beforeAll(async () => {
    farm = await startFarm({ timeoutMs: 170_000, env: CONSOLE_BUDGETS });
    port = new URL(farm.baseUrl).port;
    const count = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).length;
    for (let i = 0; i < 170 && designs.length < count; i++) {
      designs = (await callApi(farm, 'GET', '/designs?sort=name')).data;
      if (designs.length < count) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(designs).toHaveLength(count);
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1440, height: 900 });
    page.on('dialog', (d) => void d.accept());
    const own = (url: string) => url.startsWith(`${origin}/`) || /^(data|blob|about):/.test(url);
    page.on('request', (r) => {
      if (origin && !own(r.url())) trouble.elsewhere.push(r.url());
    });
    // A navigation away (to about:blank) aborts what is still in flight: not a failure of the page.
    page.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') trouble.failed.push(`${r.url()} ${r.failure()?.errorText}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) trouble.refused.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') trouble.errors.push(m.text());
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  /** Opens the console at `host` with the key in that origin's sessionStorage. */
  const signIn = async (host: string) => {
    origin = '';
    await page.goto('about:blank');
    await page.goto(`http://${host}:${port}/console`, WAIT);
    await page.evaluate((k) => sessionStorage.setItem('pressroom.apiKey', k), farm.apiKey);
  };

  /** A fresh load of a route (a hash change alone keeps the previous page's state), watched from the start. */
  const open = async (host: string, hash: string) => {
    await page.goto('about:blank');
    origin = `http://${host}:${port}`;
    trouble = { elsewhere: [], failed: [], refused: [], errors: [] };
    await page.goto(`${origin}/console#/${hash}`, WAIT);
    await page.waitForSelector('header.top nav', WAIT);
  };

  /** Each document of the page: the console and, on the editor, its canvas. */
  const documents = (): Frame[] => page.frames();

  /**
   * The page has drawn what it shows: nothing still loading, every picture (lazy ones scrolled
   * into view) complete, every font face loaded, and no new resource for three looks in a row.
   * The network never idles on the editor (a blob: font stays in flight for the DevTools protocol).
   */
  const drawn = async (hash: string) => {
    if (hash.startsWith('editor/') && hash !== 'editor/new') await page.waitForSelector('.canvas-wrap[data-ready="true"]', WAIT);
    // Nothing says it is still loading, checking or rendering (the playground's first preview included).
    await page
      .waitForFunction(
        () =>
          !Array.from(document.querySelectorAll('main [role="status"]')).some((e) =>
            /^\s*(Loading|Checking|Rendering|Waiting)/.test(e.textContent ?? ''),
          ),
        WAIT,
      )
      .catch(async (e) => {
        throw new Error(`#/${hash} still loading: ${e}\n${await page.$eval('main', (m) => m.textContent)}`);
      });
    for (let look = 0, last = -1, same = 0; same < 3; look++) {
      await page.evaluate(() => {
        for (const img of Array.from(document.images)) img.loading = 'eager';
        window.scrollTo(0, document.body.scrollHeight);
      });
      let count = 0;
      let done = true;
      for (const frame of documents()) {
        const seen = await frame
          .evaluate(() => ({
            done: Array.from(document.images).every((i) => i.complete) && document.fonts.status === 'loaded',
            count: performance.getEntriesByType('resource').length,
          }))
          .catch(() => ({ done: false, count: -1 }));
        done &&= seen.done;
        count += seen.count;
      }
      same = done && count === last ? same + 1 : 0;
      last = count;
      if (look > 400) throw new Error(`${hash}: still loading after ${look} looks`);
      await new Promise((r) => setTimeout(r, 300));
    }
  };

  /** What is not drawn fully: a picture without pixels, a font face that failed. */
  const broken = async () => {
    const out: string[] = [];
    for (const frame of documents())
      out.push(
        ...(await frame.evaluate(() => [
          ...Array.from(document.images)
            .filter((i) => i.naturalWidth === 0)
            .map((i) => `picture ${i.currentSrc || i.src}`),
          ...Array.from(document.fonts as unknown as Iterable<FontFace>)
            .filter((f) => f.status === 'error')
            .map((f) => `font ${f.family}`),
        ])),
      );
    return out;
  };

  const check = async (host: string, hash: string) => {
    await drawn(hash);
    const seen = { broken: await broken(), ...trouble, axe: await seriousAxeViolations(page) };
    expect(seen, `${host} #/${hash}`).toEqual({ broken: [], elsewhere: [], failed: [], refused: [], errors: [], axe: [] });
  };

  for (const host of HOSTS) {
    it(`${host}: the sign-in page and the gallery`, async () => {
      await page.goto('about:blank');
      origin = `http://${host}:${port}`;
      trouble = { elsewhere: [], failed: [], refused: [], errors: [] };
      await page.goto(`${origin}/console`, WAIT);
      await page.waitForSelector('#api-key', WAIT);
      expect({ ...trouble, axe: await seriousAxeViolations(page) }, `${host} sign-in`).toEqual({
        elsewhere: [],
        failed: [],
        refused: [],
        errors: [],
        axe: [],
      });
      trouble = { elsewhere: [], failed: [], refused: [], errors: [] };
      await page.goto(`${origin}/console/gallery/`, WAIT);
      expect(await page.$('h1')).not.toBeNull();
      expect(await seriousAxeViolations(page), `${host} gallery`).toEqual([]);
    });

    it(`${host}: every page, and each example's design, playground and editor, drawn fully from this origin`, async () => {
      await signIn(host);
      const routes = [
        'designs',
        'import',
        'generations',
        'bulk',
        'fonts',
        'webhooks',
        'workspace',
        'editor/new',
        ...designs.flatMap((d) => [`design/${d.id}`, `playground/${d.id}`, `editor/${d.id}`]),
      ];
      for (const hash of routes) {
        await open(host, hash);
        await check(host, hash);
      }
      // The gallery shows a preview of every example.
      await open(host, 'designs');
      await drawn('designs');
      expect(await page.$$eval('.gallery .card img', (imgs) => imgs.length)).toBe(designs.length);
    });
  }

  it('#/design and #/playground without a design id say they need one, and ask the API for no design', async () => {
    await signIn('localhost');
    const asked: string[] = [];
    // What the route's own page asks, as `trouble` counts it: once `open` has left the page before
    // (the gallery `signIn` shows, whose previews may still be asked for until then).
    const onRequest = (r: HTTPRequest) => {
      if (origin) asked.push(`${r.method()} ${new URL(r.url()).pathname}`);
    };
    page.on('request', onRequest);
    try {
      for (const hash of ['design', 'playground', 'design/', 'playground/']) {
        const route = hash.replace('/', '');
        asked.length = 0;
        await open('localhost', hash);
        // Whatever the page shows, once it shows it: no read of a design at all (not `null`, not
        // an empty id, not the list in its place), and the route's own words in an alert.
        await drawn(hash);
        expect(
          asked.filter((a) => /^GET \/designs(\/|$)|\/null(\/|$)/.test(a)),
          `#/${hash}`,
        ).toEqual([]);
        expect(await page.$eval('main', (e) => e.querySelector('.alert')?.textContent), `#/${hash}`).toContain(
          `The ${route} page needs a design: #/${route}/<design id>.`,
        );
        await check('localhost', hash);
      }
    } finally {
      page.off('request', onRequest);
    }
  });
});
