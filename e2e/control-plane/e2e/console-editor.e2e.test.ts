// The console's design editor (#/editor/<id>, docs/console.md "The editor") in a real Chromium
// against `npm start`: the canvas is the renderer's own document; a drag of 100 screen pixels and
// Save move the layer in the design read by 100 / zoom design pixels, and the farm renders it; a
// design made from nothing renders through the API as the canvas showed it; keyboard moves, undo,
// the leave guard, and axe-core.

import { mkdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparePng } from '@pressroom/render-worker/test/golden/compare';
import type { Browser, Page } from 'puppeteer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_BUDGETS, callApi, fillField, launchBrowser, seriousAxeViolations } from '../console-browser.js';
import { type RunningFarm, startFarm, waitForDesigns } from '../farm.js';

const SHOTS = fileURLToPath(new URL('../../../test-results/console/', import.meta.url));
const WAIT = { timeout: 120_000 };
/** Debian's Liberation fonts (fonts-liberation2), as the Fonts page's test uses them. */
const LIBERATION = '/usr/share/fonts/truetype/liberation2';

interface ImportLayer {
  name: string;
  layout: Record<string, { x: number; y: number; width: number; height: number }>;
}

describe('the console editor against npm start', () => {
  let farm: RunningFarm;
  let browser: Browser;
  let page: Page;
  let summerSale: string;
  const dialogs: string[] = [];
  let answer = true;
  let dialogShown: (() => void) | null = null;

  const call = (method: string, path: string, body?: unknown) => callApi(farm, method, path, body);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    farm = await startFarm({
      timeoutMs: 170_000,
      // The default outbound guard: a save sends stored pictures back by their hosting URLs, which
      // the document PUT maps to the stored files without fetching them.
      env: { ...CONSOLE_BUDGETS, SYNC_RENDER_TIMEOUT_MS: '60000' },
    });
    summerSale = (await waitForDesigns(farm, 'name=Summer', 170_000))[0]!.id;
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1440, height: 1000 });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void (answer ? d.accept() : d.dismiss()).then(() => dialogShown?.());
    });
    await page.goto(`${farm.baseUrl}/console`, WAIT);
    await page.evaluate((key) => sessionStorage.setItem('pressroom.apiKey', key), farm.apiKey);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  const go = async (hash: string) => {
    answer = true;
    await page.goto('about:blank');
    await page.goto(`${farm.baseUrl}/console#/${hash}`, WAIT);
    await page.waitForSelector('header.top nav', WAIT);
  };
  const ready = () => page.waitForSelector('.canvas-wrap[data-ready="true"]', WAIT);
  const zoom = async () => Number(await page.$eval('.canvas-wrap', (e) => (e as HTMLElement).dataset.zoom));
  const asImport = async (id: string) => (await call('GET', `/designs/${id}/as-import`)).data.payload;
  const boxIn = (payload: { layers: ImportLayer[] }, layer: string, format: string) => {
    const l = payload.layers.find((x) => x.name === layer)!;
    return 'x' in l.layout ? (l.layout as unknown as ImportLayer['layout'][string]) : l.layout[format]!;
  };
  const axe = async (name: string) => expect(await seriousAxeViolations(page), name).toEqual([]);
  const fill = (selector: string, value: string) => fillField(page, selector, value);

  /** The selected layer's box, through the properties panel's fields. */
  const setBox = async (x: number, y: number, width: number, height: number) => {
    for (const [k, v] of Object.entries({ x, y, width, height })) await fill(`#ed-box-${k}`, String(v));
  };

  it('draws the design with the renderer: every layer carries data-layer in the canvas document', async () => {
    await go('designs');
    await page.waitForSelector(`a[href="#/editor/${summerSale}"]`, WAIT);
    await page.waitForSelector('a[href="#/editor/new"]', WAIT);
    await go(`editor/${summerSale}`);
    await ready();
    const drawn = await page.$eval('.canvas-frame', (f) =>
      Array.from((f as HTMLIFrameElement).contentDocument!.querySelectorAll('[data-layer]'), (e) => (e as HTMLElement).dataset.layer),
    );
    expect(drawn).toContain('headline');
    expect(drawn).toContain('background');
    await axe('editor');
    await page.click('[data-layer-item="headline"] .layer-name');
    await page.waitForSelector('.hit.selected[data-hit="headline"]', WAIT);
    await page.screenshot({ path: join(SHOTS, 'editor.png') });
  });

  it('moves a layer dragged by 100 screen pixels by 100 / zoom design pixels once saved, and the farm renders it', async () => {
    await go(`editor/${summerSale}`);
    await ready();
    const before = boxIn(await asImport(summerSale), 'headline', 'square');
    const z = await zoom();
    const hit = (await page.$('[data-hit="headline"]'))!;
    const r = (await hit.boundingBox())!;
    const x = r.x + r.width / 2;
    const y = r.y + r.height / 2;
    // Alt holds snapping off, so the move is exactly the mouse's.
    await page.keyboard.down('Alt');
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x + 10 * i, y);
    await page.mouse.up();
    await page.keyboard.up('Alt');
    await ready();
    await page.click('.editor-bar button:nth-of-type(3)');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Saved.'), WAIT);

    const after = boxIn(await asImport(summerSale), 'headline', 'square');
    expect(after.x - before.x).toBe(Math.round(100 / z));
    expect(after.y).toBe(before.y);
    const read = await call('GET', `/designs/${summerSale}`);
    expect(read.status).toBe(200);
    expect(read.data.id).toBe(summerSale);
    const render = await call('POST', `/banner-builder/${summerSale}/generate`, { template_format_name: 'square', image_file_type: 'png' });
    expect(render.status).toBe(200);
    const png = Buffer.from(await (await fetch(render.data.file.url)).arrayBuffer());
    expect((await sharp(png).metadata()).width).toBe(1080);
  });

  it('saves a copy as a new design ("Save as new"), its stored pictures carried along', async () => {
    await go(`editor/${summerSale}`);
    await ready();
    await page.click('::-p-text(Save as new)');
    await page.waitForFunction((id) => /#\/editor\/[0-9a-f-]{36}$/.test(location.hash) && !location.hash.endsWith(id), WAIT, summerSale);
    const copy = (await page.evaluate(() => location.hash)).split('/').at(-1)!;
    // The route changes on the hashchange event, after the hash: until then the editor that saved,
    // its canvas ready, is still there. Wait for the editor of the saved design.
    await page.waitForSelector(`.editor-bar a[href="#/design/${copy}"]`, WAIT);
    await ready();
    const read = await call('GET', `/designs/${copy}`);
    expect(read.data.name).toMatch(/\(copy\)$/);
    const render = await call('POST', `/banner-builder/${copy}/generate`, { template_format_name: 'square', image_file_type: 'png' });
    expect(render.status, JSON.stringify(render.data)).toBe(200);
  });

  it('moves the selection with the arrow keys (Shift: 10 pixels) and undoes', async () => {
    await go(`editor/${summerSale}`);
    await ready();
    await page.click('[data-layer-item="headline"] .layer-name');
    const x0 = Number(await page.$eval('#ed-box-x', (e) => (e as HTMLInputElement).value));
    const y0 = Number(await page.$eval('#ed-box-y', (e) => (e as HTMLInputElement).value));
    await page.focus('.canvas-overlay');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.down('Shift');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.up('Shift');
    const at = async () => [
      Number(await page.$eval('#ed-box-x', (e) => (e as HTMLInputElement).value)),
      Number(await page.$eval('#ed-box-y', (e) => (e as HTMLInputElement).value)),
    ];
    expect(await at()).toEqual([x0 + 2, y0 + 10]);
    await page.keyboard.down('Control');
    await page.keyboard.press('z');
    await page.keyboard.up('Control');
    expect(await at()).toEqual([x0 + 2, y0]);
    await page.click('.editor-bar button:nth-of-type(1)');
    expect(await at()).toEqual([x0 + 1, y0]);
    await page.click('.editor-bar button:nth-of-type(2)');
    expect(await at()).toEqual([x0 + 2, y0]);

    // A corner handle resizes: 50 screen pixels wider and taller, snapping held off.
    const [w0, h0] = [
      Number(await page.$eval('#ed-box-width', (e) => (e as HTMLInputElement).value)),
      Number(await page.$eval('#ed-box-height', (e) => (e as HTMLInputElement).value)),
    ];
    const z = await zoom();
    const corner = (await (await page.$('.hit.selected[data-hit="headline"] .handle.se'))!.boundingBox())!;
    await page.keyboard.down('Alt');
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++) await page.mouse.move(corner.x + corner.width / 2 + 10 * i, corner.y + corner.height / 2 + 10 * i);
    await page.mouse.up();
    await page.keyboard.up('Alt');
    expect(Number(await page.$eval('#ed-box-width', (e) => (e as HTMLInputElement).value))).toBe(w0 + Math.round(50 / z));
    expect(Number(await page.$eval('#ed-box-height', (e) => (e as HTMLInputElement).value))).toBe(h0 + Math.round(50 / z));
    expect(await at()).toEqual([x0 + 2, y0]);

    // Unsaved: leaving asks first, and "stay" keeps the page and its changes.
    answer = false;
    const asked = dialogs.length;
    const shown = new Promise<void>((resolve) => {
      dialogShown = resolve;
    });
    await page.evaluate(() => {
      location.hash = '#/designs';
    });
    await shown;
    expect(dialogs.slice(asked)).toEqual([expect.stringMatching(/unsaved changes/)]);
    expect(await page.$('.canvas-wrap')).not.toBeNull();
    expect(await at()).toEqual([x0 + 2, y0]);
  });

  it('shows a refused value on its layer and under its control, from the canvas and from the server on Save', async () => {
    await go(`editor/${summerSale}`);
    await ready();
    await page.click('[data-layer-item="headline"] .layer-name');
    await fill('#f-headline-color', 'rgb(1,2,3)');
    await page.waitForSelector('[data-layer-item="headline"].invalid', WAIT);
    await page.waitForSelector('#f-headline-color[aria-invalid="true"]', WAIT);
    await page.click('.editor-bar button:nth-of-type(3)');
    await page.waitForFunction(() => document.querySelector('.alert')?.textContent?.includes('was not saved'), WAIT);
    const alert = await page.$eval('.alert', (e) => e.textContent ?? '');
    expect(alert).toMatch(/layers\[\d+\]\.properties(\.default)?\.color/);
    expect(await page.$eval('#f-headline-color-error', (e) => e.textContent)).toMatch(/colou?r/i);
    // The design on the farm is unchanged.
    const layer = (await asImport(summerSale)).layers.find((l: { name: string }) => l.name === 'headline');
    expect(JSON.stringify(layer.properties)).not.toContain('rgb(1,2,3)');
  });

  it('opens print designs in their unit with bleed and safe zones, multipage designs page by page, and animated designs with their timing', async () => {
    const flyer = (await waitForDesigns(farm, 'type=printer', 170_000))[0]!.id;
    await go(`editor/${flyer}`);
    await ready();
    expect(await page.$eval('#ed-frame', (e) => e.textContent ?? '')).toContain('mm');
    expect(await page.$('.zone.trim')).not.toBeNull();
    const first = await page.$eval('.layers li:last-child', (e) => (e as HTMLElement).dataset.layerItem!);
    await page.click(`[data-layer-item="${first}"] .layer-name`);
    const x0 = Number(await page.$eval('#ed-box-x', (e) => (e as HTMLInputElement).value));
    await page.focus('.canvas-overlay');
    await page.keyboard.down('Shift');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.up('Shift');
    // Ten rendered pixels at the format's DPI, in millimetres (0.85 mm at 300 DPI).
    const moved = Number(await page.$eval('#ed-box-x', (e) => (e as HTMLInputElement).value)) - x0;
    expect(moved).toBeGreaterThan(0.5);
    expect(moved).toBeLessThan(2);
    await axe('editor-print');

    const catalogue = (await waitForDesigns(farm, 'type=printer_multipage', 170_000))[0]!.id;
    await go(`editor/${catalogue}`);
    await ready();
    const pages = await page.$$eval('#ed-frame option', (o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(pages.slice(0, 2)).toEqual(['page_1', 'page_2']);
    const layersOf = () =>
      page.$eval('.canvas-frame', (f) =>
        Array.from(
          (f as HTMLIFrameElement).contentDocument!.querySelectorAll('[data-layer]'),
          (e) => (e as HTMLElement).dataset.layer,
        ).join(),
      );
    const one = await layersOf();
    await page.select('#ed-frame', 'page_2');
    await page.waitForFunction(
      (before) => {
        const f = document.querySelector('.canvas-frame') as HTMLIFrameElement | null;
        const wrap = document.querySelector('.canvas-wrap') as HTMLElement | null;
        const now = Array.from(f?.contentDocument?.querySelectorAll('[data-layer]') ?? [], (e) => (e as HTMLElement).dataset.layer).join();
        return wrap?.dataset.ready === 'true' && now !== before;
      },
      WAIT,
      one,
    );

    const teaser = (await waitForDesigns(farm, 'type=animated', 170_000))[0]!.id;
    await go(`editor/${teaser}`);
    await ready();
    expect((await page.$$('.timing li')).length).toBeGreaterThan(1);
    // A layer's timing edits like a property: its start moves its bar.
    const animatedLayer = await page.$eval('.layers li:first-child', (e) => (e as HTMLElement).dataset.layerItem!);
    await page.click(`[data-layer-item="${animatedLayer}"] .layer-name`);
    await fill('#ed-anim-start_at_s', '1.5');
    await page.waitForFunction(
      (name) =>
        Array.from(document.querySelectorAll('.timing li')).some(
          (li) => li.textContent?.startsWith(name) && li.textContent.includes('1.5–'),
        ),
      WAIT,
      animatedLayer,
    );
    await axe('editor-animated');
  });

  it('makes a design from nothing (a format, a shape, a text in the workspace’s own font, an uploaded image) that renders through the API as the canvas showed it', async () => {
    // A brand font of the workspace: the canvas draws with the uploaded file, as the workers do.
    const font = await call('POST', '/fonts', {
      file_encoded: readFileSync(`${LIBERATION}/LiberationSerif-Regular.ttf`).toString('base64'),
      name: 'Editor Brand',
    });
    expect(font.status, JSON.stringify(font.data)).toBeLessThan(300);
    const fontId = font.data.id as string;
    const picture = join(SHOTS, 'editor-upload.png');
    await sharp({ create: { width: 120, height: 90, channels: 3, background: '#d94f2b' } })
      .composite([{ input: { create: { width: 60, height: 45, channels: 3, background: '#2b6cd9' } }, left: 30, top: 22 }])
      .png()
      .toFile(picture);
    await go('editor/new');
    await fill('#new-name', 'Made in the editor');
    // Start is disabled until the project picker above it has read the projects and chosen one;
    // that answer also moves the form down. Click once it is enabled, when the form stands still.
    await page.waitForSelector('form[aria-label="New design"] button[type=submit]:not([disabled])', WAIT);
    await page.click('form[aria-label="New design"] button[type=submit]');
    await ready();
    await fill('#ed-frame-width', '600');
    await fill('#ed-frame-height', '400');
    await fill('#f-root-background_color', '#0A363A');
    await ready();

    await page.select('#ed-add-type', 'shape');
    await page.click('::-p-text(Add layer)');
    await setBox(40, 40, 520, 120);
    await page.select('#ed-add-type', 'text');
    await page.click('::-p-text(Add layer)');
    await fill('#f-text-payload', 'Made by sight');
    await page.type('input[aria-label="Search fonts for text.font"]', 'Editor Brand');
    await page.waitForSelector(`#f-text-font option[value="${fontId}"]`, WAIT);
    await page.select('#f-text-font', fontId);
    await fill('#f-text-color', '#FFFFFF');
    await setBox(60, 200, 480, 80);
    await page.select('#ed-add-type', 'image');
    await page.click('::-p-text(Add layer)');
    const upload = (await page.$('#f-image-image_url-upload'))!;
    await (upload as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(picture);
    await page.waitForFunction(
      () => (document.getElementById('f-image-image_url') as HTMLInputElement | null)?.value.startsWith('data:'),
      WAIT,
    );
    await setBox(420, 290, 120, 90);
    await ready();

    await page.click('.editor-bar button:nth-of-type(3)');
    await page.waitForFunction(() => /#\/editor\/[0-9a-f-]{36}$/.test(location.hash), WAIT);
    const id = (await page.evaluate(() => location.hash)).split('/').at(-1)!;
    // The route changes on the hashchange event, after the hash: until then the editor that saved,
    // its canvas ready, is still there. Wait for the editor of the saved design.
    await page.waitForSelector(`.editor-bar a[href="#/design/${id}"]`, WAIT);
    await ready();
    expect(await zoom()).toBe(1);
    const canvas = Buffer.from(await (await page.$('.canvas-frame'))!.screenshot({ type: 'png' }));

    const render = await call('POST', `/banner-builder/${id}/generate`, { template_format_name: 'square', image_file_type: 'png' });
    expect(render.status, JSON.stringify(render.data)).toBe(200);
    const png = Buffer.from(await (await fetch(render.data.file.url)).arrayBuffer());
    await writeFile(join(SHOTS, 'editor-canvas.png'), canvas);
    await writeFile(join(SHOTS, 'editor-render.png'), png);
    // The golden tolerance: a pixel differs when a channel moves by more than 40 levels, and at
    // most 0.5 % of the pixels may differ (text antialiasing between a screenshot and a capture).
    const compared = await comparePng(canvas, png, { threshold: 40, maxRatio: 0.005 });
    expect(compared.reason).toBeNull();
    // The comparison can fail: the same canvas against a render of another format size does.
    expect((await comparePng(canvas, await sharp(png).extend({ right: 1 }).png().toBuffer())).same).toBe(false);
  });
});
