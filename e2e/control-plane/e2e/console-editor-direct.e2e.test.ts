// The editor's direct manipulation, round three (issue #40), in a real Chromium against `npm start`:
// layers restacked by a drag in the layers panel and by Ctrl+[ / Ctrl+] (one line a layer, undo,
// saved); a layer turned by its rotation handle (Shift: 15°), resized with Shift and with the
// aspect lock keeping its ratio; several layers scaled and turned about their selection box; the
// properties panel in folding sections, a button layer's panel measured folded and unfolded; the
// timeline's windows and keyframes dragged and moved by the keys; every format side by side; layers
// copied to the clipboard and pasted into another design's format.
// axe-core on each view.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, KeyInput, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Box,
  CONSOLE_BUDGETS,
  callApi,
  fillField,
  type ImportLayer,
  importDesign,
  launchBrowser,
  pressKeys,
  seriousAxeViolations,
} from '../console-browser.js';
import { type RunningFarm, startFarm, waitForDesigns } from '../farm.js';

const SHOTS = fileURLToPath(new URL('../../../test-results/console/', import.meta.url));
const WAIT = { timeout: 120_000 };

/** Four layers on a 1000 × 1000 format, bottom of the stack first. */
const STACK = {
  name: 'Stack and turn',
  type: 'static',
  formats: [{ name: 'square', width: 1000, height: 1000, background_color: '#FFFFFF' }],
  layers: [
    { name: 'a', type: 'shape', layout: { x: 100, y: 100, width: 100, height: 100 }, properties: { background_color: '#D94F2B' } },
    { name: 'b', type: 'shape', layout: { x: 300, y: 300, width: 200, height: 60 }, properties: { background_color: '#2B6CD9' } },
    { name: 'c', type: 'shape', layout: { x: 700, y: 500, width: 100, height: 200 }, properties: { background_color: '#2BD96C' } },
    {
      name: 'cta',
      type: 'button',
      layout: { x: 100, y: 800, width: 300, height: 100 },
      properties: { payload: 'Shop', font_size: 40, color: '#FFFFFF', background_color: '#111111' },
    },
  ],
};

/** A shape with a shadow and a rating: what the import bounds (rotation 0-360, whole percents, 5 stars, a blur up to 200). */
const BOUNDED = {
  name: 'Within the import',
  type: 'static',
  formats: [{ name: 'square', width: 1000, height: 1000, background_color: '#FFFFFF' }],
  layers: [
    {
      name: 'tag',
      type: 'shape',
      layout: { x: 300, y: 300, width: 300, height: 100 },
      properties: { background_color: '#D94F2B', opacity: 90, shadow: { color: '#000000', blur: 10 } },
    },
    {
      name: 'turned',
      type: 'shape',
      layout: { x: 100, y: 700, width: 200, height: 100 },
      properties: { background_color: '#2B6CD9', rotation: 30 },
    },
    { name: 'stars', type: 'rating', layout: { x: 600, y: 700, width: 300, height: 60 }, properties: { star_count: 5, rating_score: 80 } },
  ],
};

describe('the editor’s direct manipulation', () => {
  let farm: RunningFarm;
  let browser: Browser;
  let page: Page;
  let project: string;
  let summerSale: string;
  let id: string;

  const call = (method: string, path: string, body?: unknown) => callApi(farm, method, path, body);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    farm = await startFarm({ timeoutMs: 170_000, env: { ...CONSOLE_BUDGETS, SYNC_RENDER_TIMEOUT_MS: '60000' } });
    summerSale = (await waitForDesigns(farm, 'name=Summer', 170_000))[0]!.id;
    project = (await call('GET', '/projects')).data[0].id;
    browser = await launchBrowser();
    // The editor's copy and paste go through the system clipboard.
    await browser
      .defaultBrowserContext()
      .overridePermissions(farm.baseUrl, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    page = await browser.newPage();
    await page.setViewport({ width: 1440, height: 1000 });
    page.on('dialog', (d) => void d.accept());
    page.on('pageerror', (e) => console.error(`page error: ${e}`));
    await page.goto(`${farm.baseUrl}/console`, WAIT);
    await page.evaluate((key) => sessionStorage.setItem('pressroom.apiKey', key), farm.apiKey);
    id = await importDesign(farm, project, STACK);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  const go = async (hash: string) => {
    await page.goto('about:blank');
    await page.goto(`${farm.baseUrl}/console#/${hash}`, WAIT);
    await page.waitForSelector('header.top nav', WAIT);
    await page.waitForSelector('.canvas-wrap[data-ready="true"]', WAIT);
  };
  const zoom = async () => Number(await page.$eval('.canvas-wrap', (e) => (e as HTMLElement).dataset.zoom));
  const axe = async (name: string) => expect(await seriousAxeViolations(page), name).toEqual([]);
  const numberOf = async (selector: string) => Number(await page.$eval(selector, (e) => (e as HTMLInputElement).value));
  const press = (key: KeyInput, ...mods: KeyInput[]) => pressKeys(page, key, ...mods);
  /** The layers panel's lines, top of the stack first. */
  const lines = () => page.$$eval('[data-layer-item]', (ls) => ls.map((l) => (l as HTMLElement).dataset.layerItem!));
  const waitLines = (want: string[]) =>
    page.waitForFunction(
      (w: string) =>
        JSON.stringify(Array.from(document.querySelectorAll<HTMLElement>('[data-layer-item]'), (l) => l.dataset.layerItem)) === w,
      WAIT,
      JSON.stringify(want),
    );
  /** The centre of an element in the window (scrolled into view first: a press outside it reaches nothing). */
  const middle = async (selector: string) => {
    const el = (await page.waitForSelector(selector, WAIT))!;
    await el.evaluate((e) => e.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
    const r = (await el.boundingBox())!;
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };
  /** A press at `from`, moved in steps to `to` (with keys held from the first step), released. */
  const drag = async (from: { x: number; y: number }, to: { x: number; y: number }, hold: KeyInput[] = []) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (const k of hold) await page.keyboard.down(k);
    for (let i = 1; i <= 10; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 10, from.y + ((to.y - from.y) * i) / 10);
    await page.mouse.up();
    for (const k of hold) await page.keyboard.up(k);
  };
  /**
   * A value pasted into a field whole: typed key by key, "-" or "40." leave a number field empty
   * for a moment, and an emptied property moves behind More, the focus with it.
   */
  const enter = (selector: string, value: string) =>
    page.$eval(
      selector,
      (e, v) => {
        (e as HTMLInputElement).value = v;
        e.dispatchEvent(new Event('input', { bubbles: true }));
      },
      value,
    );
  const transformOf = (name: string) => page.$eval(`[data-hit="${name}"]`, (e) => (e as HTMLElement).style.transform);
  const saved = async () => {
    await page.focus('.canvas-overlay');
    await press('s', 'Control');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Saved.'), WAIT);
    return (await call('GET', `/designs/${id}/as-import`)).data.payload as { layers: ImportLayer[] };
  };
  const boxIn = (l: ImportLayer): Box => ('x' in l.layout ? (l.layout as Box) : (l.layout as Record<string, Box>).square!);
  const propsOf = (l: ImportLayer) => ('default' in l.properties ? l.properties.default! : (l.properties as Record<string, unknown>));

  it('restacks layers by a drag in the layers panel and by Ctrl+[ / Ctrl+], one line a layer, with undo', async () => {
    await go(`editor/${id}`);
    expect(await lines()).toEqual(['cta', 'c', 'b', 'a']);
    // One line a layer: every line as tall as its name button, well under two lines of text.
    const heights = await page.$$eval('[data-layer-item]', (ls) =>
      ls.map((l) => ({ line: l.getBoundingClientRect().height, name: l.querySelector('.layer-name')!.getBoundingClientRect().height })),
    );
    for (const h of heights) expect(h.line).toBeLessThan(h.name * 1.6);
    // The bottom layer dragged above the top line.
    const top = (await (await page.$('[data-layer-item="cta"]'))!.boundingBox())!;
    await drag(await middle('[data-layer-item="a"] .layer-name'), { x: top.x + top.width / 2, y: top.y + 3 });
    await waitLines(['a', 'cta', 'c', 'b']);
    await page.screenshot({ path: join(SHOTS, 'editor-restack.png') });
    await press('z', 'Control');
    await waitLines(['cta', 'c', 'b', 'a']);
    await press('z', 'Control', 'Shift');
    await waitLines(['a', 'cta', 'c', 'b']);
    // The keys, from the layers panel: the focus stays on the moved line.
    await page.click('[data-layer-item="b"] .layer-name');
    await page.waitForSelector('.hit.selected[data-hit="b"]', WAIT);
    await press(']', 'Control');
    await waitLines(['a', 'cta', 'b', 'c']);
    await page.waitForFunction(() => document.activeElement?.closest('[data-layer-item]')?.getAttribute('data-layer-item') === 'b', WAIT);
    await press(']', 'Control', 'Shift');
    await waitLines(['b', 'a', 'cta', 'c']);
    await press('[', 'Control');
    await waitLines(['a', 'b', 'cta', 'c']);
    await press('[', 'Control', 'Shift');
    await waitLines(['a', 'cta', 'c', 'b']);
    await press('z', 'Control');
    await waitLines(['a', 'b', 'cta', 'c']);
    // The sheet lists the keys.
    await page.focus('.canvas-overlay');
    await press('?');
    await page.waitForSelector('dialog.shortcuts[open]', WAIT);
    const sheet = await page.$eval('dialog.shortcuts', (d) => d.textContent ?? '');
    for (const k of ['Ctrl+]', 'Ctrl+[', 'Ctrl+Shift+]', 'Ctrl+Shift+[']) expect(sheet).toContain(k);
    await press('Escape');
    await axe('layers panel');
    const payload = await saved();
    expect(payload.layers.map((l) => l.name)).toEqual(['c', 'cta', 'b', 'a']);
  });

  it('turns a layer by its handle (Shift: 15°) and keeps the aspect with Shift or the lock, with undo', async () => {
    await go(`editor/${id}`);
    await page.click('[data-layer-item="b"] .layer-name');
    await page.waitForSelector('.hit.selected[data-hit="b"] [data-handle="rotate"]', WAIT);
    const centre = await middle('[data-hit="b"]');
    // To the right of the centre, a little low: 92° as dragged, 90° with Shift.
    await drag(await middle('[data-hit="b"] [data-handle="rotate"]'), { x: centre.x + 120, y: centre.y + 4 }, ['Shift']);
    await page.waitForSelector('#f-b-rotation', WAIT);
    expect(await numberOf('#f-b-rotation')).toBe(90);
    expect(await transformOf('b')).toBe('rotate(90deg)');
    await page.screenshot({ path: join(SHOTS, 'editor-rotate.png') });
    await press('z', 'Control');
    await page.waitForFunction(() => (document.querySelector('[data-hit="b"]') as HTMLElement).style.transform === '', WAIT);
    await press('z', 'Control', 'Shift');
    await page.waitForFunction(() => (document.querySelector('[data-hit="b"]') as HTMLElement).style.transform === 'rotate(90deg)', WAIT);
    // Without Shift, the angle follows the pointer.
    const z = await zoom();
    await drag(await middle('[data-hit="b"] [data-handle="rotate"]'), { x: centre.x + 100, y: centre.y - 100 });
    await page.waitForFunction(() => Number((document.getElementById('f-b-rotation') as HTMLInputElement).value) !== 90, WAIT);
    expect(await numberOf('#f-b-rotation')).toBeCloseTo(45, -1);

    // Shift on a corner keeps the aspect ratio (1:2); so does the lock, typed or dragged.
    await page.click('[data-layer-item="c"] .layer-name');
    await page.waitForSelector('.hit.selected[data-hit="c"]', WAIT);
    await drag(
      await middle('[data-hit="c"] [data-handle="se"]'),
      { x: (await middle('[data-hit="c"] [data-handle="se"]')).x + 60, y: (await middle('[data-hit="c"] [data-handle="se"]')).y + 5 },
      ['Shift'],
    );
    await page.waitForFunction(() => (document.getElementById('ed-box-width') as HTMLInputElement).value !== '100', WAIT);
    const w = await numberOf('#ed-box-width');
    expect(w).toBeGreaterThan(100 + 60 / z - 3);
    expect(Math.abs((await numberOf('#ed-box-height')) - 2 * w)).toBeLessThanOrEqual(1);
    await press('z', 'Control');
    await page.waitForFunction(() => (document.getElementById('ed-box-width') as HTMLInputElement).value === '100', WAIT);
    await page.click('.props-panel .aspect-lock');
    await page.waitForSelector('.props-panel .aspect-lock[aria-pressed="true"]', WAIT);
    await fillField(page, '#ed-box-width', '50');
    await page.waitForFunction(() => (document.getElementById('ed-box-height') as HTMLInputElement).value === '100', WAIT);
    const handle = await middle('[data-hit="c"] [data-handle="se"]');
    await drag(handle, { x: handle.x + 5, y: handle.y + 80 });
    await page.waitForFunction(() => (document.getElementById('ed-box-height') as HTMLInputElement).value !== '100', WAIT);
    expect(Math.abs((await numberOf('#ed-box-height')) - 2 * (await numberOf('#ed-box-width')))).toBeLessThanOrEqual(1);
    await axe('a turned layer and the aspect lock');
    const payload = await saved();
    const c = payload.layers.find((l) => l.name === 'c')!;
    expect(Math.abs(boxIn(c).height - 2 * boxIn(c).width)).toBeLessThanOrEqual(1);
    expect(Number(propsOf(payload.layers.find((l) => l.name === 'b')!).rotation)).toBeCloseTo(45, -1);
  });

  it('scales and turns several layers about their selection box', async () => {
    await go(`editor/${id}`);
    await page.click('[data-layer-item="a"] .layer-name');
    await page.keyboard.down('Shift');
    await page.click('[data-layer-item="cta"] .layer-name');
    await page.keyboard.up('Shift');
    await page.waitForSelector('[data-selection-box] [data-handle="se"]', WAIT);
    // a (100, 100, 100 × 100) and cta (100, 800, 300 × 100): bounds 300 × 800.
    expect(await numberOf('#ed-sel-width')).toBe(300);
    expect(await numberOf('#ed-sel-height')).toBe(800);
    const z = await zoom();
    const se = await middle('[data-selection-box] [data-handle="se"]');
    await drag(se, { x: se.x + 150 * z, y: se.y + 400 * z }, ['Alt']);
    await page.waitForFunction(() => (document.getElementById('ed-sel-width') as HTMLInputElement).value !== '300', WAIT);
    expect(Math.abs((await numberOf('#ed-sel-width')) - 450)).toBeLessThanOrEqual(2);
    expect(Math.abs((await numberOf('#ed-sel-height')) - 1200)).toBeLessThanOrEqual(2);
    await page.screenshot({ path: join(SHOTS, 'editor-multi-scale.png') });
    await axe('a selection box');
    let payload = await saved();
    const box = (name: string) => boxIn(payload.layers.find((l) => l.name === name)!);
    // Each box scaled by 1.5 about the bounds' top left corner (100, 100).
    expect(Math.abs(box('a').width - 150)).toBeLessThanOrEqual(2);
    expect(Math.abs(box('cta').y - (100 + 700 * 1.5))).toBeLessThanOrEqual(3);
    expect(Math.abs(box('cta').width - 450)).toBeLessThanOrEqual(2);
    // A quarter turn of both: each goes round the bounds' centre and turns by 90°.
    const before = { a: box('a'), cta: box('cta') };
    // The knob in view first; the box (taller than the window now) is measured where it then is.
    const knob = await middle('[data-selection-box] [data-handle="rotate"]');
    const r = (await (await page.$('[data-selection-box]'))!.boundingBox())!;
    const centre = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    await drag(knob, { x: centre.x + 200, y: centre.y + 5 }, ['Shift']);
    payload = await saved();
    const turned = (n: string) => Number(propsOf(payload.layers.find((l) => l.name === n)!).rotation);
    expect(turned('a')).toBe(90);
    expect(turned('cta')).toBe(90);
    const mid = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
    const c0 = { x: 100 + 450 / 2, y: 100 + 1200 / 2 };
    // Clockwise on screen: (dx, dy) from the centre becomes (−dy, dx).
    const was = mid(before.a);
    expect(Math.abs(mid(box('a')).x - (c0.x - (was.y - c0.y)))).toBeLessThanOrEqual(3);
    expect(Math.abs(mid(box('a')).y - (c0.y + (was.x - c0.x)))).toBeLessThanOrEqual(3);
    expect(await transformOf('a')).toBe('rotate(90deg)');
  });

  it('writes what the import takes: a layer turned anticlockwise, a typed −12° and 40.5 %, whole-percent sliders, 5 stars, a blur up to 200', async () => {
    const bounded = await importDesign(farm, project, BOUNDED);
    await go(`editor/${bounded}`);
    await page.click('[data-layer-item="tag"] .layer-name');
    await page.waitForSelector('.hit.selected[data-hit="tag"] [data-handle="rotate"]', WAIT);
    // The controls offer what the import takes.
    const attrs = (label: string) =>
      page.$eval(`[aria-label="${label}"]`, (e) => ['min', 'max', 'step'].map((a) => (e as HTMLInputElement).getAttribute(a)));
    expect(await attrs('tag rotation slider')).toEqual(['0', '360', 'any']);
    expect(await attrs('tag opacity slider')).toEqual(['0', '100', '1']);
    expect(await attrs('tag shadow_blur slider')).toEqual(['0', '200', 'any']);
    // Turned anticlockwise by its handle: a quarter turn left (Shift), written as 270°.
    const centre = await middle('[data-hit="tag"]');
    await drag(await middle('[data-hit="tag"] [data-handle="rotate"]'), { x: centre.x - 160, y: centre.y + 4 }, ['Shift']);
    await page.waitForFunction(() => (document.getElementById('f-tag-rotation') as HTMLInputElement | null)?.value === '270', WAIT);
    expect(await transformOf('tag')).toBe('rotate(270deg)');
    // An opacity typed with a fraction: drawn and saved in whole percents.
    await page.click('.props-panel [data-section="effects"] > summary');
    await enter('#f-tag-opacity', '40.5');
    // A rotation typed anticlockwise on another layer.
    await page.click('[data-layer-item="turned"] .layer-name');
    await enter('#f-turned-rotation', '-12');
    await page.waitForFunction(
      () => (document.querySelector('[data-hit="turned"]') as HTMLElement).style.transform === 'rotate(-12deg)',
      WAIT,
    );
    // Nothing is "not yet valid to save".
    expect(await page.$eval('.editor-stage', (e) => e.textContent)).not.toContain('a save is refused');
    expect(await page.$('.props-panel .error')).toBeNull();
    // A rating takes 5 stars: the star count offers 5 alone.
    await page.click('[data-layer-item="stars"] .layer-name');
    await page.waitForSelector('#f-stars-star_count', WAIT);
    expect(await page.$$eval('#f-stars-star_count option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['5']);
    expect(await attrs('stars rating_score slider')).toEqual(['0', '100', '1']);
    await axe('the bounded controls');
    await page.focus('.canvas-overlay');
    await press('s', 'Control');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Saved.'), WAIT);
    // The editor then shows what was saved.
    await page.click('[data-layer-item="turned"] .layer-name');
    await page.waitForFunction(() => (document.getElementById('f-turned-rotation') as HTMLInputElement | null)?.value === '348', WAIT);
    const read = await call('GET', `/designs/${bounded}/as-import`);
    expect(read.status).toBe(200);
    const payload = read.data.payload as { layers: ImportLayer[] };
    const props = (n: string) => propsOf(payload.layers.find((l) => l.name === n)!);
    expect(props('tag')).toMatchObject({ rotation: 270, opacity: 41, shadow: { blur: 10 } });
    expect(props('turned')).toMatchObject({ rotation: 348 });
    expect(props('stars')).toMatchObject({ star_count: 5, rating_score: 80 });
    expect(read.data.warnings).toEqual([]);
    // What was read back is what a document PUT takes, unchanged.
    expect(
      (await call('POST', `/designs/import/json?validate_only=true`, { ...payload, target: { kind: 'design', project_uuid: project } }))
        .status,
    ).toBe(204);
  });

  it('edits the timeline: a window’s start dragged, a keyframe moved by the keys, a bar moved with its keyframes, in step and undone', async () => {
    const teaser = (await waitForDesigns(farm, 'type=animated', 170_000))[0]!.id;
    await go(`editor/${teaser}`);
    await page.click('[data-layer-item="subline"] .layer-name');
    await page.waitForSelector('#ed-anim-start_at_s', WAIT);
    const start = '[data-timing="subline"] .edge.start';
    const slideEnd = '[data-timing="subline"] [aria-label="subline: subline-slide, keyframe 2"]';
    const now = (sel: string) => page.$eval(sel, (e) => Number(e.getAttribute('aria-valuenow')));
    const field = () => page.$eval('#ed-anim-start_at_s', (e) => (e as HTMLInputElement).value);
    expect(await now(start)).toBe(1.4);
    expect(await now(slideEnd)).toBe(2.1);
    // The start dragged right by a second's width of the track: the field follows.
    const from = await middle(start);
    const track = (await (await page.$('[data-timing="subline"] .track'))!.boundingBox())!;
    const duration = await page.$eval('[data-timing="subline"] .edge.start', (e) => Number(e.getAttribute('aria-valuemax')));
    await drag(from, { x: from.x + track.width / duration, y: from.y });
    await page.waitForFunction(() => (document.getElementById('ed-anim-start_at_s') as HTMLInputElement).value !== '1.4', WAIT);
    expect(Math.abs(Number(await field()) - 2.4)).toBeLessThanOrEqual(0.1);
    await press('z', 'Control');
    await page.waitForFunction(() => (document.getElementById('ed-anim-start_at_s') as HTMLInputElement).value === '1.4', WAIT);
    // A keyframe by its keys: three tenths later, one undo step.
    await page.focus(slideEnd);
    for (let i = 0; i < 3; i++) await press('ArrowRight');
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('aria-valuenow') === '2.4', WAIT, slideEnd);
    await page.screenshot({ path: join(SHOTS, 'editor-keyframes.png') });
    await axe('the timeline’s handles');
    await press('z', 'Control');
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('aria-valuenow') === '2.1', WAIT, slideEnd);
    await press('z', 'Control', 'Shift');
    await page.waitForFunction((sel: string) => document.querySelector(sel)?.getAttribute('aria-valuenow') === '2.4', WAIT, slideEnd);
    // The bar moved half a second earlier, its keyframes with it.
    const bar = await middle('[data-bar="subline"]');
    await drag(bar, { x: bar.x - track.width / duration / 2, y: bar.y });
    await page.waitForFunction(() => (document.getElementById('ed-anim-start_at_s') as HTMLInputElement).value === '0.9', WAIT);
    expect(await now(slideEnd)).toBe(1.9);
    await page.focus('.canvas-overlay');
    await press('s', 'Control');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Saved.'), WAIT);
    const payload = (await call('GET', `/designs/${teaser}/as-import`)).data.payload as { layers: ImportLayer[] };
    const subline = payload.layers.find((l) => l.name === 'subline')! as ImportLayer & {
      animation: { start_at_s: number; tweens: { id: string; keyframes: { time?: number; data?: { time: number } }[] }[] };
    };
    expect(subline.animation.start_at_s).toBe(0.9);
    const slide = subline.animation.tweens.find((t) => t.id === 'subline-slide')!;
    expect(slide.keyframes.map((k) => k.time ?? k.data?.time)).toEqual([0.9, 1.9]);
  });

  it('shows every format side by side, each drawn by the canvas code, and edits one from its tile', async () => {
    await go(`editor/${summerSale}`);
    const formats = (await call('GET', `/designs/${summerSale}/as-import`)).data.payload.formats as {
      name: string;
      width: number;
      height: number;
    }[];
    expect(formats.length).toBeGreaterThan(2);
    await page.click('.editor-bar .all-formats-toggle');
    await page.waitForSelector('.editor-bar .all-formats-toggle[aria-pressed="true"]', WAIT);
    await page.waitForFunction(
      (n: number) => {
        const frames = Array.from(document.querySelectorAll<HTMLIFrameElement>('[data-format-tile] iframe'));
        return frames.length === n && frames.every((f) => f.contentDocument?.querySelector('[data-layer="headline"]'));
      },
      WAIT,
      formats.length,
    );
    expect(await page.$$eval('[data-format-tile]', (ts) => ts.map((t) => (t as HTMLElement).dataset.formatTile))).toEqual(
      formats.map((f) => f.name),
    );
    // Each tile has its format's proportions.
    for (const f of formats) {
      const r = (await (await page.$(`[data-format-tile="${f.name}"] .tile`))!.boundingBox())!;
      expect(Math.abs(r.width / r.height - f.width / f.height)).toBeLessThan(0.02);
    }
    expect(await page.$('.canvas-wrap')).toBeNull();
    await page.evaluate(() => document.fonts.ready);
    await axe('every format');
    await page.screenshot({ path: join(SHOTS, 'editor-all-formats.png') });
    const last = formats.at(-1)!.name;
    await page.click(`[data-format-tile="${last}"] button`);
    await page.waitForSelector(`iframe.canvas-frame[title="Canvas of ${last}"]`, WAIT);
    await page.waitForSelector('.canvas-wrap[data-ready="true"]', WAIT);
    expect(await page.$('[data-format-tile]')).toBeNull();
  });

  it('copies layers to the clipboard as JSON and pastes them into another design’s format, saying what cannot come along', async () => {
    await go(`editor/${id}`);
    await page.click('[data-layer-item="a"] .layer-name');
    await page.waitForSelector('.hit.selected[data-hit="a"]', WAIT);
    const width = await numberOf('#ed-box-width');
    await page.focus('.canvas-overlay');
    await press('c', 'Control');
    const status = () => page.$eval('.editor-bar [role=status]', (e) => e.textContent ?? '');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Copied a.'), WAIT);
    const clip = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(clip.pressroom).toBe('layers');
    expect(clip.layers.map((l: { name: string }) => l.name)).toEqual(['a']);
    // Into the Summer Sale's square (1080², this design's is 1000²): scaled, its colour kept.
    await go(`editor/${summerSale}`);
    await page.focus('.canvas-overlay');
    await press('v', 'Control');
    await page.waitForSelector('.hit.selected[data-hit="a"]', WAIT);
    expect(await status()).toContain('Pasted a.');
    expect(Math.abs((await numberOf('#ed-box-width')) - width * 1.08)).toBeLessThanOrEqual(1);
    expect(await page.$eval('#f-a-background_color', (e) => (e as HTMLInputElement).value)).toBe('#D94F2B');
    // A layer type and a font the design does not have: said, the rest pasted.
    await page.evaluate(
      (c: string) => navigator.clipboard.writeText(c),
      JSON.stringify({
        pressroom: 'layers',
        design_type: 'animated',
        frame: { width: 1080, height: 1080, unit: 'px' },
        layers: [
          { name: 'clip', type: 'video', box: { x: 0, y: 0, width: 100, height: 100 }, properties: {} },
          {
            name: 'note',
            type: 'text',
            box: { x: 10, y: 10, width: 300, height: 60 },
            properties: { payload: 'Hi', font: 'Nowhere Sans', font_size: 40, color: '#FFFFFF' },
          },
        ],
      }),
    );
    await page.focus('.canvas-overlay');
    await press('v', 'Control');
    await page.waitForSelector('.hit.selected[data-hit="note"]', WAIT);
    const said = await status();
    expect(said).toContain('clip: a video layer is not available in a static design');
    expect(said).toContain('note: the font Nowhere Sans is not available here');
    await axe('a paste with its message');
    await press('z', 'Control');
    await page.waitForFunction(() => !document.querySelector('[data-hit="note"]'), WAIT);
  });

  it('folds the properties into sections, the unset advanced ones behind More: a button’s panel measured', async () => {
    await go(`editor/${summerSale}`);
    await page.click('[data-layer-item="cta"] .layer-name');
    await page.waitForSelector('.props-panel [data-section="text"]', WAIT);
    const sections = await page.$$eval('.props-panel .prop-section', (ss) => ss.map((s) => (s as HTMLElement).dataset.section));
    expect(sections).toEqual(['position', 'text', 'fill', 'stroke', 'effects']);
    // The panel scrolls in its own column: its whole height is its scroll height.
    const height = () => page.$eval('.props-panel', (p) => p.scrollHeight);
    const folded = await height();
    // An unset advanced property waits behind More, and shows when it is opened.
    // Inside a folded disclosure (Chromium hides its content; the field stays in the page).
    const hidden = (sel: string) => page.$eval(sel, (e) => e.closest('details:not([open])') !== null);
    expect(await hidden('#f-cta-letter_spacing')).toBe(true);
    expect(await page.$eval('#f-cta-letter_spacing', (e) => e.closest('[data-more]')?.getAttribute('data-more'))).toBe('text');
    expect(await hidden('#f-cta-payload')).toBe(false);
    await page.click('.props-panel [data-more="text"] > summary');
    await page.waitForFunction(() => document.getElementById('f-cta-letter_spacing')?.closest('details:not([open])') === null, WAIT);
    expect((await (await page.$('#f-cta-letter_spacing'))!.boundingBox())?.height ?? 0).toBeGreaterThan(0);
    await axe('the sections');
    await page.screenshot({ path: join(SHOTS, 'editor-sections.png') });
    // Every section and every More open: the whole list, as the flat panel was.
    await page.$$eval('.props-panel details', (ds) => {
      for (const d of ds) (d as HTMLDetailsElement).open = true;
    });
    await page.waitForFunction(
      () => Array.from(document.querySelectorAll('.props-panel details')).every((d) => (d as HTMLDetailsElement).open),
      WAIT,
    );
    await page.$$eval('.props-panel details', (ds) => {
      for (const d of ds) (d as HTMLDetailsElement).open = true;
    });
    const unfolded = await height();
    console.log(`a button layer's properties panel at 1440 × 1000: ${folded} px folded, ${unfolded} px with every section and More open`);
    expect(folded).toBeLessThan(1600);
    expect(folded).toBeLessThan(unfolded * 0.6);
    // A section folded by hand stays folded on the next layer.
    await page.click('.props-panel [data-section="position"] > summary');
    await page.click('[data-layer-item="headline"] .layer-name');
    await page.waitForSelector('.props-panel [data-section="position"]:not([open])', WAIT);
  });
});
