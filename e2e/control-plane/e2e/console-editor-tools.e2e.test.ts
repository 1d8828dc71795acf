// The editor as a design tool (issue #40, round two), in a real Chromium against `npm start`: a
// design made from nothing with the keyboard alone; multi-select (Shift-click, marquee), align,
// distribute, duplicate and undo/redo with the fields in step; the timeline scrub of an animated
// design drawn by the workers' player; the canvas against the render at a device scale factor of
// 1.5 with a font uploaded in the session; resize to a new format with no overlap and circles
// kept round; zoom; the canvas and the properties together at 1024 × 768. axe-core on each view.

import { mkdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparePng } from '@pressroom/render-worker/test/golden/compare';
import type { Browser, KeyInput, Page } from 'puppeteer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Box,
  CONSOLE_BUDGETS,
  callApi,
  type ImportLayer,
  importDesign,
  launchBrowser,
  pressKeys,
  seriousAxeViolations,
} from '../console-browser.js';
import { type RunningFarm, startFarm, waitForDesigns } from '../farm.js';

const SHOTS = fileURLToPath(new URL('../../../test-results/console/', import.meta.url));
const WAIT = { timeout: 120_000 };
/** Debian's Liberation fonts (fonts-liberation2), as the other console tests use them. */
const LIBERATION = '/usr/share/fonts/truetype/liberation2';

/** Three shapes apart from each other on a 1000 × 1000 format, and a circle. */
const ROW = {
  name: 'Three shapes',
  type: 'static',
  formats: [{ name: 'square', width: 1000, height: 1000, background_color: '#FFFFFF' }],
  layers: [
    { name: 'a', type: 'shape', layout: { x: 100, y: 100, width: 100, height: 100 }, properties: { background_color: '#D94F2B' } },
    { name: 'b', type: 'shape', layout: { x: 300, y: 300, width: 200, height: 60 }, properties: { background_color: '#2B6CD9' } },
    { name: 'c', type: 'shape', layout: { x: 800, y: 500, width: 100, height: 200 }, properties: { background_color: '#2BD96C' } },
    {
      name: 'dot',
      type: 'shape',
      layout: { x: 450, y: 750, width: 150, height: 150 },
      properties: { shape: 'ellipse', background_color: '#111111' },
    },
  ],
};

describe('the editor as a design tool', () => {
  let farm: RunningFarm;
  let browser: Browser;
  let page: Page;
  let project: string;

  const call = (method: string, path: string, body?: unknown) => callApi(farm, method, path, body);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    farm = await startFarm({ timeoutMs: 170_000, env: { ...CONSOLE_BUDGETS, SYNC_RENDER_TIMEOUT_MS: '60000' } });
    await waitForDesigns(farm, 'type=animated', 170_000);
    project = (await call('GET', '/projects')).data[0].id;
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1440, height: 1000 });
    page.on('dialog', (d) => void d.accept());
    page.on('pageerror', (e) => console.error(`page error: ${e}`));
    await page.goto(`${farm.baseUrl}/console`, WAIT);
    await page.evaluate((key) => sessionStorage.setItem('pressroom.apiKey', key), farm.apiKey);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  const go = async (hash: string) => {
    await page.goto('about:blank');
    await page.goto(`${farm.baseUrl}/console#/${hash}`, WAIT);
    await page.waitForSelector('header.top nav', WAIT);
  };
  const ready = () => page.waitForSelector('.canvas-wrap[data-ready="true"]', WAIT);
  const zoom = async () => Number(await page.$eval('.canvas-wrap', (e) => (e as HTMLElement).dataset.zoom));
  const axe = async (name: string) => expect(await seriousAxeViolations(page), name).toEqual([]);
  const value = (selector: string) => page.$eval(selector, (e) => (e as HTMLInputElement).value);
  const numberOf = async (selector: string) => Number(await value(selector));
  const focused = () =>
    page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      return { id: e?.id ?? '', cls: e?.className ?? '', text: e?.textContent?.trim() ?? '', name: e?.getAttribute('name') ?? '' };
    });
  const press = (key: KeyInput, ...mods: KeyInput[]) => pressKeys(page, key, ...mods);
  const selectedOnCanvas = () => page.$$eval('.hit.selected', (hits) => hits.map((h) => (h as HTMLElement).dataset.hit!).sort());
  const asImport = async (id: string) => (await call('GET', `/designs/${id}/as-import`)).data.payload as { layers: ImportLayer[] };
  const boxIn = (layer: ImportLayer, format: string): Box =>
    'x' in layer.layout ? (layer.layout as Box) : (layer.layout as Record<string, Box>)[format]!;
  /** A design imported through the API into the workspace's first project: its id. */
  const imported = (payload: object) => importDesign(farm, project, payload);
  /** The centre of a layer's area on the canvas, in page pixels. */
  const centreOf = async (name: string) => {
    const r = (await (await page.$(`[data-hit="${name}"]`))!.boundingBox())!;
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };
  const dragBy = async (from: { x: number; y: number }, dx: number, dy: number) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + (dx * i) / 10, from.y + (dy * i) / 10);
    await page.mouse.up();
  };

  it('makes a design from nothing with the keyboard alone, in focus order, with the shortcuts sheet', async () => {
    await go('editor/new');
    await page.waitForSelector('form[aria-label="New design"] button[type=submit]:not([disabled])', WAIT);
    // Tab from the top of the page to the form's fields, typing the name on the way.
    const seen: string[] = [];
    for (let i = 0; i < 40; i++) {
      await press('Tab');
      const f = await focused();
      seen.push(f.id || f.text);
      if (f.id === 'new-name') {
        await press('a', 'Control');
        await page.keyboard.type('Made with keys');
      }
      if (f.text === 'Start') break;
    }
    expect(seen).toContain('new-name');
    expect(seen.at(-1)).toBe('Start');
    await press('Enter');
    await ready();
    // The canvas has the focus: its keys work at once.
    expect((await focused()).cls).toContain('canvas-overlay');
    await press('r');
    await page.waitForSelector('.hit.selected[data-hit="shape"]', WAIT);
    const x0 = await numberOf('#ed-box-x');
    await press('ArrowRight', 'Shift');
    await press('ArrowRight', 'Shift');
    await press('ArrowLeft');
    expect(await numberOf('#ed-box-x')).toBe(x0 + 19);
    await press('t');
    await page.waitForSelector('.hit.selected[data-hit="text"]', WAIT);
    // Enter edits the selected layer's text; Escape comes back to the canvas.
    await press('Enter');
    expect((await focused()).name).toBe('text.payload');
    await press('a', 'Control');
    await page.keyboard.type('Typed, not clicked');
    await press('Escape');
    expect((await focused()).cls).toContain('canvas-overlay');
    const y0 = await numberOf('#ed-box-y');
    for (let i = 0; i < 3; i++) await press('ArrowUp');
    expect(await numberOf('#ed-box-y')).toBe(y0 - 3);
    // A circle, deleted, brought back by Undo, gone again by Redo.
    await press('o');
    await page.waitForSelector('.hit.selected[data-hit="shape_2"]', WAIT);
    expect(await numberOf('#ed-box-width')).toBe(await numberOf('#ed-box-height'));
    await press('Delete');
    await page.waitForFunction(() => !document.querySelector('[data-hit="shape_2"]'), WAIT);
    await press('z', 'Control');
    await page.waitForSelector('[data-hit="shape_2"]', WAIT);
    await press('z', 'Control', 'Shift');
    await page.waitForFunction(() => !document.querySelector('[data-hit="shape_2"]'), WAIT);
    // Tab walks the layers down the stack; past the last one the focus moves on to the properties.
    await press('Escape');
    await press('Tab');
    expect(await selectedOnCanvas()).toEqual(['text']);
    await press('Tab');
    expect(await selectedOnCanvas()).toEqual(['shape']);
    await press('Tab');
    expect(await selectedOnCanvas()).toEqual(['shape']);
    expect(await page.evaluate(() => document.activeElement?.closest('.props-panel') !== null)).toBe(true);
    // The sheet: `?` opens it with every shortcut, Escape closes it.
    await page.focus('.canvas-overlay');
    await press('?');
    await page.waitForSelector('dialog.shortcuts[open]', WAIT);
    const sheet = await page.$eval('dialog.shortcuts', (d) => d.textContent ?? '');
    for (const k of ['Ctrl+Z', 'Ctrl+D', 'Alt+A', 'Alt+Shift+H', 'Delete or Backspace', 'Tab', 'Ctrl+0']) expect(sheet).toContain(k);
    await axe('shortcuts sheet');
    await page.screenshot({ path: join(SHOTS, 'editor-shortcuts.png') });
    await press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.shortcuts[open]'), WAIT);
    // Ctrl+S saves (a new design is imported) and the editor opens on it.
    await page.focus('.canvas-overlay');
    await press('s', 'Control');
    await page.waitForFunction(() => /#\/editor\/[0-9a-f-]{36}$/.test(location.hash), WAIT);
    const id = (await page.evaluate(() => location.hash)).split('/').at(-1)!;
    const saved = await asImport(id);
    expect(saved.layers.map((l) => l.name)).toEqual(['shape', 'text']);
    const shape = boxIn(saved.layers[0]!, 'square');
    expect(shape.x).toBe(x0 + 19);
    const text = saved.layers[1]!;
    expect(JSON.stringify(text.properties)).toContain('Typed, not clicked');
    expect(boxIn(text, 'square').y).toBe(y0 - 3);
    const render = await call('POST', `/banner-builder/${id}/generate`, { template_format_name: 'square', image_file_type: 'png' });
    expect(render.status, JSON.stringify(render.data)).toBe(200);
  });

  it('selects several layers (Shift-click, marquee), aligns, distributes, duplicates, and undoes with the fields in step', async () => {
    const id = await imported(ROW);
    await go(`editor/${id}`);
    await ready();
    await page.click('[data-hit="a"]');
    await page.waitForSelector('.hit.selected[data-hit="a"]', WAIT);
    await page.keyboard.down('Shift');
    for (const name of ['b', 'c']) {
      await page.click(`[data-hit="${name}"]`);
      await page.waitForSelector(`.hit.selected[data-hit="${name}"]`, WAIT);
    }
    await page.keyboard.up('Shift');
    expect(await selectedOnCanvas()).toEqual(['a', 'b', 'c']);
    expect(await page.$eval('#props-title', (e) => e.textContent)).toBe('3 layers');
    expect(await numberOf('#ed-sel-x')).toBe(100);
    expect(await numberOf('#ed-sel-width')).toBe(800);
    await axe('several layers selected');
    await page.screenshot({ path: join(SHOTS, 'editor-multi.png') });

    // Align left with the button: the bounds narrow to the widest layer.
    await page.click('::-p-text(Left)');
    await page.waitForFunction(() => (document.getElementById('ed-sel-width') as HTMLInputElement).value === '200', WAIT);
    // Undo and Redo put the fields back in step.
    await page.click('.editor-bar button:nth-of-type(1)');
    await page.waitForFunction(() => (document.getElementById('ed-sel-width') as HTMLInputElement).value === '800', WAIT);
    await page.click('.editor-bar button:nth-of-type(2)');
    await page.waitForFunction(() => (document.getElementById('ed-sel-width') as HTMLInputElement).value === '200', WAIT);
    await page.click('[data-layer-item="c"] .layer-name');
    expect(await numberOf('#ed-box-x')).toBe(100);
    await page.focus('.canvas-overlay');
    await press('z', 'Control');
    expect(await numberOf('#ed-box-x')).toBe(800);

    // A marquee from the empty top-left corner over a, b and c (not the circle below them).
    const wrap = (await (await page.$('.canvas-overlay'))!.boundingBox())!;
    const z = await zoom();
    await dragBy({ x: wrap.x + 20 * z, y: wrap.y + 20 * z }, 950 * z, 700 * z);
    expect(await selectedOnCanvas()).toEqual(['a', 'b', 'c']);
    // Distribute horizontally (Alt+Shift+H): span 100…900, widths 400, two gaps of 200.
    await press('h', 'Alt', 'Shift');
    await page.click('[data-layer-item="b"] .layer-name');
    expect(await numberOf('#ed-box-x')).toBe(400);
    // Ctrl+A, then the circle out of the selection by Shift-click; Ctrl+D duplicates the rest.
    await page.focus('.canvas-overlay');
    await press('a', 'Control');
    expect(await selectedOnCanvas()).toEqual(['a', 'b', 'c', 'dot']);
    await page.keyboard.down('Shift');
    await page.click('[data-hit="dot"]');
    await page.keyboard.up('Shift');
    await press('d', 'Control');
    expect(await selectedOnCanvas()).toEqual(['a_2', 'b_2', 'c_2']);
    expect(await numberOf('#ed-sel-x')).toBe(110);
    expect(await page.$$eval('.layers li', (l) => l.length)).toBe(7);
    // Drag the three copies by 50 screen pixels: all of them move.
    await page.keyboard.down('Alt');
    await dragBy(await centreOf('b_2'), 0, 50);
    await page.keyboard.up('Alt');
    expect(await numberOf('#ed-sel-y')).toBe(110 + Math.round(50 / z));
    await press('z', 'Control');
    await press('z', 'Control');
    await page.waitForFunction(() => document.querySelectorAll('.layers li').length === 4, WAIT);
    await press('z', 'Control', 'Shift');
    await page.waitForFunction(() => document.querySelectorAll('.layers li').length === 7, WAIT);
    // Saved: the design read has the copies where the canvas showed them.
    await page.click('.editor-bar button:nth-of-type(3)');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Saved.'), WAIT);
    const saved = await asImport(id);
    expect(saved.layers.map((l) => l.name)).toEqual(['a', 'a_2', 'b', 'b_2', 'c', 'c_2', 'dot']);
    expect(boxIn(saved.layers.find((l) => l.name === 'b_2')!, 'square')).toMatchObject({ x: 410, y: 310 });
  });

  it('shows the canvas and the properties together at 1024 × 768, with the arrange tools', async () => {
    const id = (await waitForDesigns(farm, 'name=Summer', 170_000))[0]!.id;
    await page.setViewport({ width: 1024, height: 768 });
    try {
      await go(`editor/${id}`);
      await ready();
      await page.click('[data-layer-item="headline"] .layer-name');
      await page.waitForSelector('#ed-box-x', WAIT);
      await page.evaluate(() => scrollTo(0, 0));
      const canvas = (await (await page.$('.canvas-wrap'))!.boundingBox())!;
      const panel = (await (await page.$('.props-panel'))!.boundingBox())!;
      const field = (await (await page.$('#ed-box-x'))!.boundingBox())!;
      const align = (await (await page.$('.arrange'))!.boundingBox())!;
      await page.screenshot({ path: join(SHOTS, 'editor-1024-arrange.png') });
      expect(canvas.y).toBeGreaterThanOrEqual(0);
      expect(canvas.x + canvas.width).toBeLessThanOrEqual(panel.x);
      expect(canvas.y + canvas.height).toBeLessThanOrEqual(768);
      expect(panel.x + panel.width).toBeLessThanOrEqual(1024);
      for (const b of [field, align]) expect(b.y + b.height).toBeLessThanOrEqual(768);
      await axe('editor at 1024');
    } finally {
      await page.setViewport({ width: 1440, height: 1000 });
    }
  });

  it('scrubs the timeline of an animated design: the canvas draws that moment with the workers’ player', async () => {
    const teaser = (await waitForDesigns(farm, 'type=animated', 170_000))[0]!.id;
    await go(`editor/${teaser}`);
    await ready();
    const layerState = (name: string) =>
      page.$eval(
        '.canvas-frame',
        (f, n) => {
          const el = (f as HTMLIFrameElement).contentDocument!.querySelector(`[data-layer="${n}"]`) as HTMLElement;
          return { visibility: el.style.visibility, opacity: el.style.opacity, translate: el.style.translate };
        },
        name,
      );
    const shownAt = (t: string) => page.waitForSelector(`.canvas-wrap[data-time="${t}"]`, WAIT);
    // The keys of the scrub: Home, then ten steps of a tenth of a second.
    await page.focus('#ed-time');
    await press('Home');
    for (let i = 0; i < 10; i++) await press('ArrowRight');
    await shownAt('1');
    expect(await page.$eval('.time-now', (e) => e.textContent)).toBe('1 s');
    // The subline comes at 1.4 s: hidden at 1 s.
    expect((await layerState('subline')).visibility).toBe('hidden');
    await page.screenshot({ path: join(SHOTS, 'editor-timeline.png') });
    // A drag on the scrub to three quarters of its length: 4.5 s, the subline in place.
    const r = (await (await page.$('#ed-time'))!.boundingBox())!;
    await dragBy({ x: r.x + 4, y: r.y + r.height / 2 }, r.width * 0.75 - 4, 0);
    // The canvas shows a moment after the input that set it (an effect after the paint, then the
    // player): wait for the scrub's last value, not a step of the drag before it.
    await page.waitForFunction(
      () =>
        Number((document.querySelector('.canvas-wrap') as HTMLElement).dataset.time) ===
        Number((document.getElementById('ed-time') as HTMLInputElement).value),
      WAIT,
    );
    // The thumb's own width shifts the value a little past three quarters.
    const t = Number(await page.$eval('.canvas-wrap', (e) => (e as HTMLElement).dataset.time));
    expect(t).toBeGreaterThan(4);
    expect(t).toBeLessThanOrEqual(5.5);
    const subline = await layerState('subline');
    expect(subline.visibility).toBe('');
    // Chromium writes `translate: 0px 0px` as `0px`.
    expect(Number.parseFloat(subline.translate)).toBe(0);
    // Halfway through the subline's slide (1.75 s), it is on its way in from the left.
    await page.focus('#ed-time');
    await press('Home');
    for (let i = 0; i < 17; i++) await press('ArrowRight');
    await shownAt('1.7');
    const sliding = await layerState('subline');
    expect(sliding.visibility).toBe('');
    expect(Number.parseFloat(sliding.translate)).toBeLessThan(0);
    expect(Number.parseFloat(sliding.translate)).toBeGreaterThan(-80);
    // "As designed" draws the design again without a moment.
    await page.click('::-p-text(As designed)');
    await page.waitForFunction(() => !(document.querySelector('.canvas-wrap') as HTMLElement).dataset.time, WAIT);
    await ready();
    expect((await layerState('subline')).visibility).toBe('');
    await axe('timeline');
  });

  it('draws as the render at a device scale factor of 1.5, in a font uploaded in the same session', async () => {
    await page.setViewport({ width: 1440, height: 1000, deviceScaleFactor: 1.5 });
    try {
      await go('editor/new');
      // Start waits for the project picker's choice.
      await (await page.waitForSelector('form[aria-label="New design"] button[type=submit]:not([disabled])', WAIT))!.click();
      await ready();
      // The font comes after the editor opened, in this session.
      const font = await call('POST', '/fonts', {
        file_encoded: readFileSync(`${LIBERATION}/LiberationSans-BoldItalic.ttf`).toString('base64'),
        name: 'Session Brand',
      });
      expect(font.status, JSON.stringify(font.data)).toBeLessThan(300);
      const fontId = font.data.id as string;
      const fill = async (selector: string, text: string) => {
        await page.focus(selector);
        await page.$eval(selector, (e) => (e as HTMLInputElement).select());
        await page.keyboard.type(text);
        await press('Tab');
      };
      await fill('#ed-frame-width', '640');
      await fill('#ed-frame-height', '360');
      await fill('#f-root-background_color', '#F4F1EA');
      await page.focus('.canvas-overlay');
      await press('o');
      await page.waitForSelector('#f-shape-background_color', WAIT);
      await fill('#f-shape-background_color', '#0A363A');
      await page.focus('.canvas-overlay');
      await press('t');
      await page.waitForSelector('#f-text-payload', WAIT);
      await fill('#f-text-payload', 'Scaled by 1.5');
      await page.type('input[aria-label="Search fonts for text.font"]', 'Session Brand');
      await page.waitForSelector(`#f-text-font option[value="${fontId}"]`, WAIT);
      await page.select('#f-text-font', fontId);
      await fill('#f-text-font_size', '40');
      for (const [k, v] of Object.entries({ x: 40, y: 260, width: 560, height: 70 })) await fill(`#ed-box-${k}`, String(v));
      await page.focus('.canvas-overlay');
      await press('s', 'Control');
      await page.waitForFunction(() => /#\/editor\/[0-9a-f-]{36}$/.test(location.hash), WAIT);
      const id = (await page.evaluate(() => location.hash)).split('/').at(-1)!;
      // The route changes on the hashchange event, after the hash: until then the editor that saved,
      // its canvas ready, is still there. Wait for the editor of the saved design.
      await page.waitForSelector(`.editor-bar a[href="#/design/${id}"]`, WAIT);
      await ready();
      await page.waitForFunction(() => {
        const d = (document.querySelector('.canvas-frame') as HTMLIFrameElement | null)?.contentDocument;
        return d !== null && d !== undefined && d.fonts.status === 'loaded' && Array.from(d.images).every((i) => i.complete);
      }, WAIT);
      expect(await zoom()).toBe(1);
      // The canvas draws the text in the uploaded face itself, not in a fallback.
      const faces = await page.$eval('.canvas-frame', (f) =>
        [...((f as HTMLIFrameElement).contentDocument!.fonts as unknown as Iterable<FontFace>)].map(
          (face) => `${face.family} ${face.status}`,
        ),
      );
      expect(
        faces.some((face) => face.includes(fontId) && face.endsWith('loaded')),
        faces.join(', '),
      ).toBe(true);
      const shot = Buffer.from(await (await page.$('.canvas-frame'))!.screenshot({ type: 'png' }));
      expect((await sharp(shot).metadata()).width).toBe(960);
      const render = await call('POST', `/banner-builder/${id}/generate`, { template_format_name: 'square', image_file_type: 'png' });
      expect(render.status, JSON.stringify(render.data)).toBe(200);
      const png = Buffer.from(await (await fetch(render.data.file.url)).arrayBuffer());
      // The canvas at 1.5 device pixels per CSS pixel, brought to the render's size.
      const canvas = await sharp(shot).resize(640, 360, { kernel: 'lanczos3' }).png().toBuffer();
      await writeFile(join(SHOTS, 'dpr-canvas.png'), shot);
      await writeFile(join(SHOTS, 'dpr-render.png'), png);
      const compared = await comparePng(canvas, png, { threshold: 40, maxRatio: 0.005 });
      console.info(`canvas at 1.5 against the render: ${(compared.ratio * 100).toFixed(3)} % of pixels differ`);
      expect(compared.reason).toBeNull();
      // The comparison can fail: the same canvas against the render moved by four pixels does.
      const moved = await sharp(png)
        .extend({ left: 4, background: '#F4F1EA' })
        .extract({ left: 0, top: 0, width: 640, height: 360 })
        .png()
        .toBuffer();
      expect((await comparePng(canvas, moved, { threshold: 40, maxRatio: 0.005 })).same).toBe(false);
      // And at 1:1, the same canvas.
      await page.setViewport({ width: 1440, height: 1000, deviceScaleFactor: 1 });
      await ready();
      const one = Buffer.from(await (await page.$('.canvas-frame'))!.screenshot({ type: 'png' }));
      expect((await sharp(one).metadata()).width).toBe(640);
      const atOne = await comparePng(one, png, { threshold: 40, maxRatio: 0.005 });
      console.info(`canvas at 1:1 against the render: ${(atOne.ratio * 100).toFixed(3)} % of pixels differ`);
      expect(atOne.reason).toBeNull();
    } finally {
      await page.setViewport({ width: 1440, height: 1000 });
    }
  });

  it('resizes a layout to a new format with no new overlap and circles kept round', async () => {
    const id = await imported(ROW);
    await go(`editor/${id}`);
    await ready();
    await page.click('::-p-text(Add a format)');
    for (const [k, v] of Object.entries({ name: 'story', width: '1080', height: '1920' })) {
      await page.focus(`#ed-new-format-${k}`);
      await page.$eval(`#ed-new-format-${k}`, (e) => (e as HTMLInputElement).select());
      await page.keyboard.type(v);
    }
    await page.click('::-p-text(Add format)');
    await page.waitForFunction(() => (document.getElementById('ed-frame') as HTMLSelectElement | null)?.value === 'story', WAIT);
    await ready();
    // Moved in the square meanwhile, b is resized to the story again with "Resize to…".
    await page.select('#ed-frame', 'square');
    await ready();
    await page.click('[data-layer-item="b"] .layer-name');
    await page.focus('.canvas-overlay');
    await press('ArrowDown', 'Shift');
    await page.select('#ed-copy', 'story');
    await page.click('::-p-text(Resize to…)');
    await page.click('.editor-bar button:nth-of-type(3)');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Saved.'), WAIT);
    const saved = await asImport(id);
    const story = saved.layers.map((l) => ({ name: l.name, box: boxIn(l, 'story') }));
    const overlap = (p: Box, q: Box) => p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
    for (const p of story) for (const q of story) if (p.name < q.name) expect(overlap(p.box, q.box), `${p.name} ${q.name}`).toBe(false);
    const dot = story.find((l) => l.name === 'dot')!.box;
    expect(dot.width).toBe(dot.height);
    const b = story.find((l) => l.name === 'b')!.box;
    expect(b.width / b.height).toBeCloseTo(200 / 60, 1);
    for (const l of story) expect(l.box.x + l.box.width).toBeLessThanOrEqual(1080);
    // And the story renders.
    const render = await call('POST', `/banner-builder/${id}/generate`, { template_format_name: 'story', image_file_type: 'png' });
    expect(render.status, JSON.stringify(render.data)).toBe(200);
  });

  it('edits a text on the canvas with a double-click, the fit drawn as you type, in step with the field and Undo', async () => {
    const id = await imported({
      name: 'Text on the canvas',
      type: 'static',
      formats: [{ name: 'square', width: 1000, height: 1000, background_color: '#FFFFFF' }],
      layers: [
        {
          name: 'title',
          type: 'text',
          layout: { x: 100, y: 100, width: 800, height: 150 },
          properties: { payload: 'Short', font_size: 120, min_font_size: 10, color: '#111111' },
        },
      ],
    });
    await go(`editor/${id}`);
    await ready();
    /** The largest font size drawn in the title on the canvas (the fitted size), in CSS pixels. */
    const drawnSize = () =>
      page.$eval('.canvas-frame', (f) => {
        const layer = (f as HTMLIFrameElement).contentDocument!.querySelector('[data-layer="title"]')!;
        const view = layer.ownerDocument.defaultView!;
        return Math.max(
          ...[layer, ...Array.from(layer.querySelectorAll('*'))].map((e) => Number.parseFloat(view.getComputedStyle(e).fontSize)),
        );
      });
    const before = await drawnSize();
    const hit = await centreOf('title');
    await page.mouse.click(hit.x, hit.y, { clickCount: 2 });
    await page.waitForSelector('textarea.canvas-text', WAIT);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('canvas-text'))).toBe(true);
    await axe('text edited on the canvas');
    await page.keyboard.type(' words that no longer fit at the size they started from');
    const typed = 'Short words that no longer fit at the size they started from';
    // The canvas draws the new text, fitted smaller; the properties field follows.
    // (Letters compared without spaces: the fitted lines break where the canvas breaks them.)
    await page.waitForFunction(
      (t) =>
        (document.querySelector('.canvas-frame') as HTMLIFrameElement).contentDocument
          ?.querySelector('[data-layer="title"]')
          ?.textContent?.replace(/\s+/g, '') === t.replace(/\s+/g, ''),
      WAIT,
      typed,
    );
    await ready();
    expect(await drawnSize()).toBeLessThan(before);
    expect(await value('#f-title-payload')).toBe(typed);
    await page.screenshot({ path: join(SHOTS, 'editor-text-on-canvas.png') });
    // Escape ends the editing on the canvas, which keeps the focus; Ctrl+Z undoes the typing at once.
    await press('Escape');
    await page.waitForFunction(() => !document.querySelector('textarea.canvas-text'), WAIT);
    expect((await focused()).cls).toContain('canvas-overlay');
    await press('z', 'Control');
    expect(await value('#f-title-payload')).toBe('Short');
    await ready();
    expect(await drawnSize()).toBe(before);
  });

  it('zooms to 100 % and back to fit, with the keys and the toolbar, and pans by scrolling', async () => {
    const id = (await waitForDesigns(farm, 'name=Summer', 170_000))[0]!.id;
    await go(`editor/${id}`);
    await ready();
    const fit = await zoom();
    expect(fit).toBeLessThan(1);
    await page.click('::-p-text(100 %)');
    await page.waitForFunction(() => (document.querySelector('.canvas-wrap') as HTMLElement).dataset.zoom === '1', WAIT);
    const scroller = await page.$eval('.canvas-scroll', (e) => ({ sw: e.scrollWidth, cw: e.clientWidth }));
    expect(scroller.sw).toBeGreaterThan(scroller.cw);
    await page.$eval('.canvas-scroll', (e) => e.scrollTo(200, 0));
    expect(await page.$eval('.canvas-scroll', (e) => e.scrollLeft)).toBe(200);
    await page.focus('.canvas-overlay');
    await press('1', 'Shift');
    await page.waitForFunction((f) => Number((document.querySelector('.canvas-wrap') as HTMLElement).dataset.zoom) === f, WAIT, fit);
    await press('=', 'Control');
    expect(await zoom()).toBeGreaterThan(fit);
    // Ctrl+wheel zooms out again.
    const c = (await (await page.$('.canvas-overlay'))!.boundingBox())!;
    await page.mouse.move(c.x + 20, c.y + 20);
    await page.keyboard.down('Control');
    await page.mouse.wheel({ deltaY: 100 });
    await page.keyboard.up('Control');
    await page.waitForFunction((f) => Number((document.querySelector('.canvas-wrap') as HTMLElement).dataset.zoom) <= f, WAIT, fit);
  });
});
