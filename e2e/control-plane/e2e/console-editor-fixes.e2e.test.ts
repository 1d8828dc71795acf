// The editor's defects of issue #40, each in a real Chromium against `npm start`: every example
// drawn alike at 127.0.0.1 and at localhost (stored pictures from the page's own origin); a brand
// font uploaded after the editor opened drawn in its own face, as the render; a text field in step
// with Undo; a fresh workspace makes its project from New design and Import and copies its id;
// "Add a format" refuses a taken name or a size the API does not take, and keeps circles round;
// the canvas and the properties side by side at 1024 × 768; an unknown design said in words;
// number fields typed key by key ("-12", "0.5", emptied, a rotation stepped round 0°, a frame's
// width of 0 refused) as in a design tool. axe-core on each new view.

import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparePng } from '@pressroom/render-worker/test/golden/compare';
import type { Browser, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../admin.js';
import {
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
const EXAMPLES = fileURLToPath(new URL('../../../examples/designs/', import.meta.url));
const WAIT = { timeout: 120_000 };
/** Debian's Liberation fonts (fonts-liberation2), as the other console tests use them. */
const LIBERATION = '/usr/share/fonts/truetype/liberation2';

/** A card with an opacity and a shadow, and no rotation (its rotation waits behind "More"). */
const CARD = {
  name: 'Typed key by key',
  type: 'static',
  formats: [{ name: 'square', width: 1000, height: 1000, background_color: '#FFFFFF' }],
  layers: [
    {
      name: 'card',
      type: 'shape',
      layout: { x: 300, y: 300, width: 300, height: 200 },
      properties: { background_color: '#D94F2B', opacity: 90, shadow: { color: '#000000', blur: 10 } },
    },
  ],
};

describe('the editor’s defects, fixed (issue #40)', () => {
  let farm: RunningFarm;
  let browser: Browser;
  let page: Page;
  let summerSale: string;
  let port: string;

  const call = (method: string, path: string, body?: unknown, key = farm.apiKey) => callApi(farm, method, path, body, key);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    farm = await startFarm({ timeoutMs: 170_000, env: { ...CONSOLE_BUDGETS, SYNC_RENDER_TIMEOUT_MS: '60000' } });
    port = new URL(farm.baseUrl).port;
    summerSale = (await waitForDesigns(farm, 'name=Summer', 170_000))[0]!.id;
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1440, height: 1000 });
    page.on('dialog', (d) => void d.accept());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  /** Opens a console route at `host` (its own sessionStorage, so the key is set there). */
  const go = async (hash: string, { host = 'localhost', key = farm.apiKey } = {}) => {
    await page.goto('about:blank');
    await page.goto(`http://${host}:${port}/console`, WAIT);
    await page.evaluate((k) => sessionStorage.setItem('pressroom.apiKey', k), key);
    // A fresh load, which reads the key (a change of the hash alone would keep the sign-in page).
    await page.goto('about:blank');
    await page.goto(`http://${host}:${port}/console#/${hash}`, WAIT);
    await page.waitForSelector('header.top nav', WAIT).catch(async (e) => {
      throw new Error(`${host} ${hash}: ${e}\n${await page.evaluate(() => document.body.textContent)}`);
    });
  };
  const ready = () => page.waitForSelector('.canvas-wrap[data-ready="true"]', WAIT);
  /**
   * The canvas has loaded what it draws: its pictures complete, its fonts loaded, and no new
   * resource (a CSS mask's SVG) for three looks in a row. The page's network never goes idle
   * here: a blob: font stays in flight for the DevTools protocol.
   */
  const settled = () =>
    page.waitForFunction(
      () => {
        const w = window as unknown as { __looks?: number[] };
        const doc = (document.querySelector('.canvas-frame') as HTMLIFrameElement | null)?.contentDocument;
        if (!doc) return false;
        const done = Array.from(doc.images).every((i) => i.complete) && doc.fonts.status === 'loaded';
        const count = doc.defaultView?.performance.getEntriesByType('resource').length ?? 0;
        w.__looks = [...(w.__looks ?? []), done ? count : -1].slice(-3);
        return w.__looks.length === 3 && w.__looks.every((n) => n >= 0 && n === w.__looks![0]);
      },
      { ...WAIT, polling: 300 },
    );
  const axe = async (name: string) => expect(await seriousAxeViolations(page), name).toEqual([]);
  const fill = (selector: string, value: string) => fillField(page, selector, value);
  const fieldValue = (selector: string) => page.$eval(selector, (e) => (e as HTMLInputElement).value);

  it('draws every example at 127.0.0.1 as at localhost, with no request refused', async () => {
    const count = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).length;
    let designs: { id: string; name: string }[] = [];
    for (let i = 0; i < 170 && designs.length < count; i++) {
      designs = (await call('GET', '/designs')).data;
      if (designs.length < count) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(designs).toHaveLength(count);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    for (const design of designs) {
      const shots: Buffer[] = [];
      for (const host of ['localhost', '127.0.0.1']) {
        await go(`editor/${design.id}`, { host });
        await ready();
        await settled();
        shots.push(Buffer.from(await (await page.$('.canvas-frame'))!.screenshot({ type: 'png' })));
      }
      await writeFile(join(SHOTS, `origin-${design.id}-localhost.png`), shots[0]!);
      await writeFile(join(SHOTS, `origin-${design.id}-127.png`), shots[1]!);
      const compared = await comparePng(shots[0]!, shots[1]!, { threshold: 40, maxRatio: 0.005 });
      expect(compared.reason, design.name).toBeNull();
    }
    expect(failed).toEqual([]);
  });

  it('draws a brand font uploaded after the editor opened in its own face, as the render does', async () => {
    await go('editor/new');
    await fill('#new-name', 'Font after opening');
    // Start is disabled until the project picker above it has read the projects and chosen one;
    // that answer also moves the form down. Click once it is enabled, when the form stands still.
    await page.waitForSelector('form[aria-label="New design"] button[type=submit]:not([disabled])', WAIT);
    await page.click('form[aria-label="New design"] button[type=submit]');
    await ready();
    // The editor has read the workspace's fonts; the font comes now.
    const font = await call('POST', '/fonts', {
      file_encoded: readFileSync(`${LIBERATION}/LiberationSerif-Bold.ttf`).toString('base64'),
      name: 'Late Brand',
    });
    expect(font.status, JSON.stringify(font.data)).toBeLessThan(300);
    const fontId = font.data.id as string;
    await fill('#ed-frame-width', '600');
    await fill('#ed-frame-height', '300');
    await fill('#f-root-background_color', '#FFFFFF');
    await page.select('#ed-add-type', 'text');
    await page.click('::-p-text(Add layer)');
    await fill('#f-text-payload', 'Late brand font');
    await page.type('input[aria-label="Search fonts for text.font"]', 'Late Brand');
    await page.waitForSelector(`#f-text-font option[value="${fontId}"]`, WAIT);
    await page.select('#f-text-font', fontId);
    await fill('#f-text-color', '#111111');
    await fill('#f-text-font_size', '64');
    for (const [k, v] of Object.entries({ x: 30, y: 100, width: 540, height: 100 })) await fill(`#ed-box-${k}`, String(v));
    await page.waitForFunction(
      (id) => {
        const f = document.querySelector('.canvas-frame') as HTMLIFrameElement | null;
        return f?.contentDocument?.querySelector('style')?.textContent?.includes(id) === true;
      },
      WAIT,
      fontId,
    );
    await ready();
    await page.click('.editor-bar button:nth-of-type(3)');
    await page.waitForFunction(() => /#\/editor\/[0-9a-f-]{36}$/.test(location.hash), WAIT);
    const id = (await page.evaluate(() => location.hash)).split('/').at(-1)!;
    // The route changes on the hashchange event, after the hash: until then the editor that saved,
    // its canvas ready, is still there. Wait for the editor of the saved design.
    await page.waitForSelector(`.editor-bar a[href="#/design/${id}"]`, WAIT);
    await ready();
    await settled();
    expect(Number(await page.$eval('.canvas-wrap', (e) => (e as HTMLElement).dataset.zoom))).toBe(1);
    const canvas = Buffer.from(await (await page.$('.canvas-frame'))!.screenshot({ type: 'png' }));
    const render = await call('POST', `/banner-builder/${id}/generate`, { template_format_name: 'square', image_file_type: 'png' });
    expect(render.status, JSON.stringify(render.data)).toBe(200);
    const png = Buffer.from(await (await fetch(render.data.file.url)).arrayBuffer());
    await writeFile(join(SHOTS, 'late-font-canvas.png'), canvas);
    await writeFile(join(SHOTS, 'late-font-render.png'), png);
    expect((await comparePng(canvas, png, { threshold: 40, maxRatio: 0.005 })).reason).toBeNull();
  });

  it('keeps a text field in step with Undo and Redo', async () => {
    await go(`editor/${summerSale}`);
    await ready();
    await page.click('[data-layer-item="headline"] .layer-name');
    const before = await fieldValue('#f-headline-payload');
    await page.focus('#f-headline-payload');
    await page.keyboard.press('End');
    await page.keyboard.type(' now');
    expect(await fieldValue('#f-headline-payload')).toBe(`${before} now`);
    await page.click('.editor-bar button:nth-of-type(1)');
    expect(await fieldValue('#f-headline-payload')).toBe(before);
    await page.click('.editor-bar button:nth-of-type(2)');
    expect(await fieldValue('#f-headline-payload')).toBe(`${before} now`);
    await page.click('.editor-bar button:nth-of-type(1)');
    // Typing after the undo goes on from the text the canvas shows.
    await page.focus('#f-headline-payload');
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    expect(await fieldValue('#f-headline-payload')).toBe(`${before}!`);
  });

  it('lets a fresh workspace create its project from New design and Import, and shows its id to copy', async () => {
    const made = await admin(['workspace', 'create', '--name', 'Fresh'], { DATA_DIR: farm.dataDir });
    expect(made.code, made.stdout).toBe(0);
    const key = made.json['api_key'] as string;
    expect((await call('GET', '/projects', undefined, key)).data).toEqual([]);

    await go('editor/new', { key });
    await page.waitForSelector('#new-project-new', WAIT);
    expect(await page.$eval('form[aria-label="New design"] button[type=submit]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await axe('new design, no project');
    await fill('#new-project-new', 'Launch');
    await page.click('::-p-text(Create project)');
    await page.waitForSelector('#new-project', WAIT);
    const projects = (await call('GET', '/projects', undefined, key)).data as { id: string; name: string }[];
    expect(projects.map((p) => p.name)).toEqual(['Launch']);
    expect(await page.$eval('#new-project', (e) => (e as HTMLSelectElement).value)).toBe(projects[0]!.id);
    expect(await page.$eval('.project-picker [data-project-id]', (e) => e.textContent)).toBe(projects[0]!.id);
    expect(await page.$('::-p-text(Copy the id of Launch)')).not.toBeNull();
    await page.click('form[aria-label="New design"] button[type=submit]');
    await ready();
    await page.click('.editor-bar button:nth-of-type(3)');
    await page.waitForFunction(() => /#\/editor\/[0-9a-f-]{36}$/.test(location.hash), WAIT);
    const id = (await page.evaluate(() => location.hash)).split('/').at(-1)!;
    expect((await call('GET', `/designs/${id}`, undefined, key)).data.project_id).toBe(projects[0]!.id);

    // Import: a payload without a target goes into the project picked on the page.
    await go('import', { key });
    await page.waitForSelector('#import-project', WAIT);
    expect(await page.$eval('#import-project', (e) => (e as HTMLSelectElement).value)).toBe(projects[0]!.id);
    const payload = {
      name: 'Imported without a target',
      type: 'static',
      formats: [{ name: 'square', width: 400, height: 400 }],
      layers: [{ name: 'bg', type: 'shape', layout: { x: 0, y: 0, width: 400, height: 400 }, properties: { background_color: '#123456' } }],
    };
    await page.$eval(
      '#import-json',
      (e, text) => {
        const area = e as HTMLTextAreaElement;
        area.value = text;
        area.dispatchEvent(new Event('input', { bubbles: true }));
      },
      JSON.stringify(payload),
    );
    await page.click('.import .actions button:nth-of-type(2)');
    await page.waitForSelector('.import .ok a', WAIT);
    const designs = (await call('GET', '/designs', undefined, key)).data as { name: string; project_id: string }[];
    expect(designs.find((d) => d.name === payload.name)?.project_id).toBe(projects[0]!.id);
    await axe('import with a project');
    await go('workspace', { key });
    await page.waitForSelector(`.projects [data-project-id="${projects[0]!.id}"]`, WAIT);
  });

  it('adds a format from a form that refuses a taken name, adapting the layout: circles stay round', async () => {
    await go(`editor/${summerSale}`);
    await ready();
    await page.click('::-p-text(Add a format)');
    await fill('#ed-new-format-name', 'square');
    await page.click('::-p-text(Add format)');
    await page.waitForSelector('#ed-new-format-error', WAIT);
    expect(await page.$eval('#ed-new-format-error', (e) => e.textContent)).toMatch(/already has a format named square/);
    expect(await page.$$eval('#ed-frame option', (o) => o.length)).toBe(3);
    await axe('add a format, refused');
    // Its size fields take what the API takes for a format's width and height (1 to 5000, whole
    // pixels on this static design), and a size past that is said by the form when Add is pressed,
    // not added: each case in a fresh form, whose message shows only once Add was tried.
    for (const k of ['width', 'height'])
      expect(await page.$eval(`#ed-new-format-${k}`, (e) => ['min', 'max', 'step'].map((a) => e.getAttribute(a))), k).toEqual([
        '1',
        '5000',
        '1',
      ]);
    for (const [width, height, said] of [
      ['0', '300', 'The width must be between 1 and 5000.'],
      ['-12', '300', 'The width must be between 1 and 5000.'],
      ['1200', '6000', 'The height must be between 1 and 5000.'],
      ['100.5', '300', 'The width must be an integer number of pixels.'],
    ] as const) {
      await page.click('.new-format button.secondary');
      await page.waitForFunction(() => document.querySelector('.new-format') === null, WAIT);
      await page.click('::-p-text(Add a format)');
      await fill('#ed-new-format-name', 'banner');
      await fill('#ed-new-format-width', width);
      await fill('#ed-new-format-height', height);
      expect(await page.$('#ed-new-format-error'), `${width} × ${height}`).toBeNull();
      await page.click('::-p-text(Add format)');
      await page
        .waitForFunction((text) => document.getElementById('ed-new-format-error')?.textContent === text, WAIT, said)
        .catch(async (e) => {
          throw new Error(`${width} × ${height}: ${e}; shown: ${await page.$eval('.new-format', (f) => f.textContent)}`);
        });
      expect(await page.$eval('#ed-new-format-width', (e) => e.getAttribute('aria-invalid'))).toBe('true');
      expect(await page.$$eval('#ed-frame option', (o) => o.length), `${width} × ${height}`).toBe(3);
    }
    await axe('add a format, a size refused');
    await fill('#ed-new-format-name', 'banner');
    await fill('#ed-new-format-width', '1200');
    await fill('#ed-new-format-height', '300');
    await page.click('::-p-text(Add format)');
    await page.waitForFunction(() => (document.getElementById('ed-frame') as HTMLSelectElement | null)?.value === 'banner', WAIT);
    await ready();
    const boxes = await page.$$eval('.canvas-overlay [data-hit]', (hits) =>
      hits.map((h) => {
        const s = (h as HTMLElement).style;
        return { name: (h as HTMLElement).dataset.hit!, w: Number.parseFloat(s.width), h: Number.parseFloat(s.height) };
      }),
    );
    const z = Number(await page.$eval('.canvas-wrap', (e) => (e as HTMLElement).dataset.zoom));
    // The round layers of the square (equal sides there) have equal sides in the banner.
    for (const name of ['sun-glow', 'hero-ring', 'badge-disc', 'sun']) {
      const b = boxes.find((x) => x.name === name)!;
      expect(Math.abs(b.w - b.h) / z, name).toBeLessThanOrEqual(1);
    }
  });

  it('shows the canvas and the properties together at 1024 × 768', async () => {
    await page.setViewport({ width: 1024, height: 768 });
    try {
      await go(`editor/${summerSale}`);
      await ready();
      await page.click('[data-layer-item="headline"] .layer-name');
      await page.waitForSelector('#ed-box-x', WAIT);
      await page.evaluate(() => scrollTo(0, 0));
      const canvas = (await (await page.$('.canvas-wrap'))!.boundingBox())!;
      const field = (await (await page.$('#ed-box-x'))!.boundingBox())!;
      const panel = (await (await page.$('.props-panel'))!.boundingBox())!;
      await page.screenshot({ path: join(SHOTS, 'editor-1024.png') });
      expect(canvas.x).toBeGreaterThanOrEqual(0);
      expect(canvas.y).toBeGreaterThanOrEqual(0);
      expect(canvas.x + canvas.width).toBeLessThanOrEqual(panel.x);
      expect(canvas.y + canvas.height).toBeLessThanOrEqual(768);
      expect(field.y + field.height).toBeLessThanOrEqual(768);
      expect(panel.x + panel.width).toBeLessThanOrEqual(1024);
      await axe('editor at 1024');
    } finally {
      await page.setViewport({ width: 1440, height: 1000 });
    }
  });

  it('lists the versions of a saved design and restores an older one, which the editor then shows', async () => {
    await go(`editor/${summerSale}`);
    await ready();
    await page.click('[data-layer-item="headline"] .layer-name');
    const original = await fieldValue('#f-headline-payload');
    await fill('#f-headline-payload', 'Second version');
    await page.click('.editor-bar button:nth-of-type(3)');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Saved.'), WAIT);
    await page.click('.versions summary');
    await page.waitForFunction(() => document.querySelectorAll('.version-list li').length >= 2, WAIT);
    const versions = (await call('GET', `/designs/${summerSale}/versions`)).data as { number: number; current: boolean }[];
    const older = versions.find((v) => !v.current)!;
    expect(await page.$eval('.version-list li:first-child', (e) => e.textContent)).toContain('(current)');
    await axe('versions');
    await page.click(`.version-list li[data-version="${older.number}"] button`);
    // The editor opens again on the restored document: the list (read again) has the restore on top.
    await page.waitForFunction(
      (n) => document.querySelectorAll('.version-list li').length === n + 1 && !document.querySelector('.version-list button[disabled]'),
      WAIT,
      versions.length,
    );
    await ready();
    await page.click('[data-layer-item="headline"] .layer-name');
    expect(await fieldValue('#f-headline-payload')).toBe(original);
    const layer = (await call('GET', `/designs/${summerSale}/as-import`)).data.payload.layers.find(
      (l: { name: string }) => l.name === 'headline',
    );
    expect(JSON.stringify(layer.properties)).toContain(JSON.stringify(original));
    const after = (await call('GET', `/designs/${summerSale}/versions`)).data as { number: number; current: boolean; made_by: string }[];
    expect(after[0]).toMatchObject({ current: true, made_by: 'restore' });
  });

  it('takes a number typed key by key as a design tool does: "-12", "0.5", an emptied field, Escape, the arrow keys', async () => {
    const project = (await call('GET', '/projects')).data[0].id as string;
    const card = await importDesign(farm, project, CARD);
    await go(`editor/${card}`);
    await ready();
    await page.click('[data-layer-item="card"] .layer-name');
    await page.waitForSelector('#ed-box-x', WAIT);
    /** Where a field is: the focused field's id, its section, and whether it waits behind More. */
    const where = (id: string) =>
      page.$eval(`#${id}`, (e) => ({
        focused: document.activeElement?.id ?? null,
        section: (e.closest('[data-section]') as HTMLElement | null)?.dataset.section ?? null,
        more: e.closest('details.more') !== null,
        shown: (e as HTMLInputElement).value,
      }));
    const rendered = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    /** One key, then the page's render. */
    const key = async (k: string) => {
      if (k.length === 1) await page.keyboard.type(k);
      else await page.keyboard.press(k as 'Backspace');
      await rendered();
    };
    const transform = () => page.$eval('[data-hit="card"]', (e) => (e as HTMLElement).style.transform);

    // The rotation, unset (the design's 0) behind More, typed "-12" key by key over a selection: the "-" takes nothing, and the
    // field keeps the focus and its place behind More while it is typed.
    const unfold = () => page.$eval('[data-more="position"]', (d) => ((d as HTMLDetailsElement).open = true));
    const focusAll = async (id: string) => {
      await page.focus(`#${id}`);
      await page.$eval(`#${id}`, (e) => (e as HTMLInputElement).select());
    };
    await unfold();
    await focusAll('f-card-rotation');
    await key('-');
    expect(await where('f-card-rotation')).toEqual({ focused: 'f-card-rotation', section: 'position', more: true, shown: '-' });
    expect(await transform()).not.toContain('rotate(');
    await key('1');
    await key('2');
    expect(await where('f-card-rotation')).toEqual({ focused: 'f-card-rotation', section: 'position', more: true, shown: '-12' });
    expect(await transform()).toBe('rotate(-12deg)');
    // Arrow keys step it (×10 with Shift) round the turn the import takes (0 to 360, 0 and 360 the
    // same): −12 steps to 349, 359 up to 0, 0 down to 359, ten at a time too. Escape puts back what
    // the field had when it took the focus.
    const shift = async (k: 'ArrowUp' | 'ArrowDown') => {
      await pressKeys(page, k, 'Shift');
      await rendered();
    };
    await key('ArrowUp');
    expect((await where('f-card-rotation')).shown).toBe('349');
    await shift('ArrowUp');
    expect((await where('f-card-rotation')).shown).toBe('359');
    expect(await transform()).toBe('rotate(359deg)');
    await key('ArrowUp');
    expect((await where('f-card-rotation')).shown).toBe('0');
    await key('ArrowDown');
    expect((await where('f-card-rotation')).shown).toBe('359');
    await shift('ArrowUp');
    expect((await where('f-card-rotation')).shown).toBe('9');
    await shift('ArrowDown');
    expect((await where('f-card-rotation')).shown).toBe('359');
    await key('Escape');
    expect(await transform()).not.toContain('rotate(');
    // Typed again and left: now set, it shows in its section.
    await unfold();
    await focusAll('f-card-rotation');
    for (const k of '-12') await key(k);
    // (Tab would go to its slider, still the control's.)
    await page.focus('.canvas-overlay');
    await rendered();
    expect(await where('f-card-rotation')).toMatchObject({ section: 'position', more: false, shown: '-12' });
    expect(await transform()).toBe('rotate(-12deg)');

    // The box's x, typed "-12" key by key over a selection, then backspaced to empty.
    const xBefore = await page.$eval('[data-hit="card"]', (e) => (e as HTMLElement).style.left);
    await focusAll('ed-box-x');
    await key('-');
    expect(await where('ed-box-x')).toMatchObject({ focused: 'ed-box-x', shown: '-' });
    expect(await page.$eval('[data-hit="card"]', (e) => (e as HTMLElement).style.left)).toBe(xBefore);
    await key('1');
    await key('2');
    expect(await where('ed-box-x')).toMatchObject({ focused: 'ed-box-x', shown: '-12' });
    expect(await page.$eval('[data-hit="card"]', (e) => (e as HTMLElement).style.left)).not.toBe(xBefore);
    // Backspaced, it passes through "-1", which the canvas shows on the way.
    await key('Backspace');
    expect(await where('ed-box-x')).toMatchObject({ focused: 'ed-box-x', shown: '-1' });
    for (let i = 0; i < 2; i++) await key('Backspace');
    expect(await where('ed-box-x')).toMatchObject({ focused: 'ed-box-x', shown: '' });
    // Left empty (a box's x cannot be unset), it goes back to the value it had when it took the
    // focus, not "-1" read on the way; the canvas too.
    await key('Tab');
    expect((await where('ed-box-x')).shown).toBe('300');
    expect(await page.$eval('[data-hit="card"]', (e) => (e as HTMLElement).style.left)).toBe(xBefore);

    // The shadow's blur, typed "0.5" key by key: "0" is the default (unset) and "0." no number yet;
    // the field stays shown, with the focus, and shows what was typed.
    const effects = await page.$eval('[data-section="effects"]', (e) => (e as HTMLDetailsElement).open);
    if (!effects) await page.click('[data-section="effects"] > summary');
    await focusAll('f-card-shadow_blur');
    for (const k of '0.') await key(k);
    expect(await where('f-card-shadow_blur')).toEqual({ focused: 'f-card-shadow_blur', section: 'effects', more: false, shown: '0.' });
    await key('5');
    expect(await where('f-card-shadow_blur')).toMatchObject({ focused: 'f-card-shadow_blur', more: false, shown: '0.5' });
    await key('Enter');

    // The opacity's arrow keys stop at its bound (100), not round it as a rotation's do.
    await focusAll('f-card-opacity');
    await shift('ArrowUp');
    expect((await where('f-card-opacity')).shown).toBe('100');
    await key('ArrowUp');
    expect((await where('f-card-opacity')).shown).toBe('100');
    // The opacity past its bound: kept as typed, with the design's error under it, not clamped.
    await focusAll('f-card-opacity');
    for (const k of '150') await key(k);
    await page.waitForSelector('#f-card-opacity-error', WAIT);
    expect(await where('f-card-opacity')).toMatchObject({ focused: 'f-card-opacity', shown: '150' });
    // Backspaced to empty: the focus and the place stay until the field is left, which unsets it.
    for (let i = 0; i < 3; i++) await key('Backspace');
    expect(await where('f-card-opacity')).toEqual({ focused: 'f-card-opacity', section: 'effects', more: false, shown: '' });
    await page.focus('.canvas-overlay');
    await rendered();
    expect(await where('f-card-opacity')).toMatchObject({ section: 'effects', more: true, shown: '' });
    expect(await page.$('#f-card-opacity-error')).toBeNull();
    await axe('number fields typed');

    // The frame's width, with nothing selected: a size the design cannot have (0, −12, 100.5 px,
    // 6000) is said under the field and never taken; leaving puts back the last good one.
    await page.focus('.canvas-overlay');
    await key('Escape');
    await page.waitForSelector('#ed-frame-width', WAIT);
    const frameShown = () => page.$eval('#ed-frame option[value="square"]', (e) => e.textContent);
    const frameError = () => page.$eval('#ed-frame-width', (e) => document.getElementById(`${e.id}-error`)?.textContent ?? null);
    expect(await frameShown()).toBe('square (1000 × 1000 px)');
    for (const [typed, said, leave] of [
      ['0', 'must be between 1 and 5000', 'Tab'],
      ['-12', 'must be between 1 and 5000', 'Enter'],
      ['100.5', 'must be an integer number of pixels', 'Tab'],
      ['6000', 'must be between 1 and 5000', 'Enter'],
    ] as const) {
      await focusAll('ed-frame-width');
      for (const k of typed) await key(k);
      expect(await frameError(), typed).toBe(said);
      expect(await page.$eval('#ed-frame-width', (e) => e.getAttribute('aria-invalid')), typed).toBe('true');
      expect(await frameShown(), typed).toBe('square (1000 × 1000 px)');
      await key(leave);
      expect((await where('ed-frame-width')).shown, typed).toBe('1000');
      expect(await frameError(), typed).toBeNull();
    }
    await axe('a frame size refused');
    await focusAll('ed-frame-width');
    for (const k of '800') await key(k);
    expect(await frameError()).toBeNull();
    await key('Enter');
    expect(await frameShown()).toBe('square (800 × 1000 px)');

    await page.focus('.canvas-overlay');
    await pressKeys(page, 's', 'Control');
    await page.waitForFunction(() => document.querySelector('.editor-bar [role=status]')?.textContent?.includes('Saved.'), WAIT);
    const saved = (await call('GET', `/designs/${card}/as-import`)).data.payload;
    expect(saved.formats[0]).toMatchObject({ name: 'square', width: 800, height: 1000 });
    const layer = (saved.layers as ImportLayer[]).find((l) => l.name === 'card')!;
    const props = ('default' in layer.properties ? layer.properties.default : layer.properties) as Record<string, unknown>;
    // A rotation of -12 (written as 348 where the import takes 0-360), the blur typed.
    expect((((props.rotation as number) % 360) + 360) % 360).toBe(348);
    expect(props.shadow).toMatchObject({ blur: 0.5 });
    // Unset, the opacity reads back as its default (it was 90, then 150, before it was emptied).
    expect(props.opacity ?? 100).toBe(100);
    const layout = ('x' in layer.layout ? layer.layout : (layer.layout as Record<string, { x: number }>).square) as { x: number };
    expect(layout.x).toBe(300);
  });

  it('says in words that a design does not exist, without its internal code', async () => {
    for (const route of ['editor', 'design']) {
      await go(`${route}/00000000-0000-4000-8000-000000000000`);
      await page.waitForSelector('.alert', WAIT);
      const text = await page.$eval('.alert', (e) => e.textContent ?? '');
      expect(text).toMatch(/No design with this id/);
      expect(text).not.toContain('template_not_found');
    }
  });
});
