// The web console in a real Chromium against `npm start` (docs/console.md): sign in, designs,
// the playground's live preview and field errors, generations, webhooks with a real HTTPS
// receiver and a redelivery, the controls each property kind gets, the AI operations the farm
// advertises (remove_bg, from a tiny local model) and no others, every page checked by axe-core
// and saved as a screenshot.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Receiver, respond, startReceiver } from '@pressroom/media-worker/webhooks/testing/receiver';
import { createTestCertificates } from '@pressroom/media-worker/webhooks/testing/test-ca';
import { loadExampleDocuments } from '@pressroom/platform';
import { until } from '@pressroom/platform/testing';
import { buildTinyModels } from '@pressroom/render-worker/ai/testing/tiny-models';
import type { Browser, HTTPRequest, Page } from 'puppeteer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_BUDGETS, launchBrowser, seriousAxeViolations } from '../console-browser.js';
import { type RunningFarm, startFarm, waitForDemo, waitForDesigns } from '../farm.js';

/** Screenshots of each page, kept as test artefacts (git-ignored). */
const SHOTS = fileURLToPath(new URL('../../../test-results/console/', import.meta.url));

/** Generous bounds that only prove "it did not hang" on a loaded 2-core machine. */
const WAIT = { timeout: 120_000 };

describe('the web console against npm start', () => {
  let farm: RunningFarm;
  let receiver: Receiver;
  let browser: Browser;
  let page: Page;
  let summerSale: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const certs = createTestCertificates();
    receiver = await startReceiver(certs);
    const models = await buildTinyModels();
    farm = await startFarm({
      timeoutMs: 170_000,
      // The workers trust the test CA as a deployment trusts a private one; the request budgets
      // are not what this test is about (CONSOLE_BUDGETS says why).
      env: {
        ...CONSOLE_BUDGETS,
        NODE_EXTRA_CA_CERTS: certs.caPath,
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        SYNC_RENDER_TIMEOUT_MS: '60000',
        // One AI operation backed by a real (tiny) model; upscale, expand and text_to_image are not.
        AI_REMOVE_BG_MODEL: models.removeBg,
      },
    });
    // The gallery tests count every example: wait for all the demo imports, not for two of them.
    await waitForDemo(farm, 170_000);
    summerSale = (await waitForDesigns(farm, 'name=Summer'))[0]!.id;
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (farm && farm.process.exitCode === null) await farm.interrupt();
    await receiver?.close();
  });

  // A fresh document each time: a hash change alone would keep the previous page's state.
  const go = async (hash: string) => {
    await page.goto('about:blank');
    await page.goto(`${farm.baseUrl}/console#/${hash}`, WAIT);
    await page.waitForSelector('header.top nav', WAIT);
  };

  /** axe-core in the page: no serious or critical violation. */
  const axe = async (name: string) => {
    const serious = await seriousAxeViolations(page);
    expect(serious, `${name}: ${JSON.stringify(serious)}`).toEqual([]);
  };

  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  it('signs in with the key, which stays in session storage and out of every URL', async () => {
    await page.goto(`${farm.baseUrl}/console`);
    await page.waitForSelector('#api-key', WAIT);
    await axe('sign-in');
    await shot('sign-in');
    await page.type('#api-key', 'prk_wrong');
    await page.click('button[type=submit]');
    await page.waitForSelector('#api-key-error', WAIT);
    expect(await page.$eval('#api-key-error', (e) => e.textContent)).toMatch(/unknown|no longer active/);

    await page.$eval('#api-key', (e) => {
      (e as HTMLInputElement).value = '';
    });
    await page.type('#api-key', farm.apiKey);
    await page.click('button[type=submit]');
    await page.waitForSelector('.gallery .card', WAIT);
    expect(await page.evaluate(() => sessionStorage.getItem('pressroom.apiKey'))).toBe(farm.apiKey);
    expect(page.url()).not.toContain(farm.apiKey);
  });

  it('lists the designs with previews and filters them by type', async () => {
    await go('designs');
    await page.waitForFunction(() => document.querySelectorAll('.gallery .card').length >= 5, WAIT);
    await axe('designs');
    await shot('designs');
    await page.select('#design-type', 'animated');
    await page.waitForFunction(() => document.querySelectorAll('.gallery .card').length === 1, WAIT);
    expect(await page.$eval('.gallery .card .tag', (e) => e.textContent)).toBe('animated');
  });

  it('opens a design: formats, layers and their properties', async () => {
    await go(`design/${summerSale}`);
    await page.waitForSelector('details summary', WAIT);
    const text = await page.$eval('main', (e) => e.textContent ?? '');
    expect(text).toContain('square');
    expect(text).toContain('payload');
    await axe('design');
    await shot('design');
  });

  /** The one raw payload of this file: a design whose picture waits for an upload named hero.png. */
  const importFixture = (projectId: string, width: number) => ({
    name: 'Console import',
    type: 'static',
    formats: [{ name: 'square', width, height: 300, background_color: '#102030' }],
    layers: [{ name: 'hero', type: 'image', layout: { x: 50, y: 50, width: 200, height: 200 }, properties: { src: 'hero.png' } }],
    target: { kind: 'design', project_uuid: projectId },
  });

  it('imports a design: every error with its path, the file the import asks for uploaded by its form, the new design opened', async () => {
    await page.goto(`${farm.baseUrl}/console`);
    await page.evaluate((k) => sessionStorage.setItem('pressroom.apiKey', k), farm.apiKey);
    await go('import');
    // The project picker above the buttons reads the projects: its answer, drawn while a click is on
    // its way (puppeteer computes the button's point, then clicks there), would move Check under it.
    await page.waitForSelector('fieldset.project-picker', WAIT);
    const projects = (await (await fetch(`${farm.baseUrl}/projects`, { headers: { 'x-api-key': farm.apiKey } })).json()) as {
      id: string;
    }[];
    const setPayload = async (payload: unknown) => {
      await page.$eval(
        '#import-json',
        (e, text) => {
          const area = e as HTMLTextAreaElement;
          area.value = text as string;
          area.dispatchEvent(new Event('input', { bubbles: true }));
        },
        JSON.stringify(payload, null, 2),
      );
    };
    const click = async (label: string) => {
      const [button] = await page.$$(`xpath/.//button[normalize-space()="${label}"]`);
      if (!button) throw new Error(`no button ${label}`);
      await button.click();
    };

    // Every problem the API reports is listed with its path.
    const bad = importFixture(projects[0]!.id, 6000) as Record<string, unknown>;
    delete bad.name;
    const refused = await fetch(`${farm.baseUrl}/designs/import/json?validate_only=true`, {
      method: 'POST',
      headers: { 'x-api-key': farm.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(bad),
    });
    const paths = ((await refused.json()) as { errors: { path: string }[] }).errors.map((e) => e.path);
    expect(paths.length).toBeGreaterThan(0);
    await setPayload(bad);
    await click('Check');
    await page.waitForSelector('#import-errors .alert', WAIT);
    const issues = await page.$$eval('#import-errors .issues li code', (codes) => codes.map((c) => c.textContent));
    expect(issues).toEqual(paths);
    await setPayload(importFixture(projects[0]!.id, 6000));
    await click('Check');
    await page.waitForFunction(() => document.querySelector('#import-errors .issues')?.textContent?.includes('formats[0].width'), WAIT);
    await axe('import-errors');

    await setPayload(importFixture(projects[0]!.id, 300));
    await click('Check');
    await page.waitForFunction(() => document.querySelector('.import')?.textContent?.includes('The payload is valid'), WAIT);
    await click('Import');
    const slot = await page.waitForSelector('[id="slot-hero.png"]', WAIT);
    const png = join(SHOTS, 'hero.png');
    await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff00ff' } })
      .png()
      .toFile(png);
    await (slot as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(png);
    await click('Upload and validate');
    const open = await page.waitForSelector('.import .ok a', WAIT);
    await shot('import-done');
    await open!.click();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent?.includes('Console import'), WAIT);
    expect(page.url()).toMatch(/#\/design\/[0-9a-f-]{36}$/);
  });

  /** The pixels of the preview as they are on screen. */
  const previewPixels = async () => {
    const img = await page.waitForSelector('.preview figure img', WAIT);
    const png = Buffer.from(await img!.screenshot({ type: 'png' }));
    return sharp(png).raw().toBuffer();
  };

  it('the playground re-renders the preview as a text changes, and shows the request to copy', async () => {
    await go(`playground/${summerSale}`);
    await page.waitForSelector('#pg-latency', WAIT);
    const before = await previewPixels();
    const firstSrc = await page.$eval('.preview figure img', (e) => (e as HTMLImageElement).src);
    // The first text layer's payload: replace it, as a person would.
    const field = await page.waitForSelector('textarea[id$="-payload"], input[id$="-payload"]', WAIT);
    await field!.click({ count: 3 });
    await field!.type('Pressroom console test');
    await page.waitForFunction(
      (src) => {
        const img = document.querySelector('.preview figure img') as HTMLImageElement | null;
        return img !== null && img.src !== src && img.complete && img.naturalWidth > 0;
      },
      WAIT,
      firstSrc,
    );
    await page.waitForFunction(() => document.querySelector('.preview [aria-busy]')?.getAttribute('aria-busy') === 'false', WAIT);
    const after = await previewPixels();
    expect(after.equals(before)).toBe(false);
    expect(await page.$eval('#pg-latency', (e) => Number(e.textContent))).toBeGreaterThan(0);
    const curl = await page.$eval('#snippet-panel pre', (e) => e.textContent ?? '');
    expect(curl).toContain(`/banner-builder/${summerSale}/generate`);
    expect(curl).toContain('Pressroom console test');
    await axe('playground');
    await shot('playground');
  });

  it('a bad colour shows the API error next to its field', async () => {
    const color = await page.waitForSelector('input[type=text][id$="-color"]:not([id^="f-root"])', WAIT);
    const id = await color!.evaluate((e) => e.id);
    await color!.click({ count: 3 });
    await color!.type('not-a-colour');
    await page.waitForSelector(`#${id}-error`, WAIT);
    const shown = await page.$eval(`#${id}-error`, (e) => e.textContent);
    expect(await page.$eval(`#${id}`, (e) => e.getAttribute('aria-invalid'))).toBe('true');
    expect(await page.$eval(`#${id}`, (e) => e.getAttribute('aria-describedby'))).toBe(`${id}-error`);
    // The very message the API gives for that path.
    const name = await page.$eval(`#${id}`, (e) => (e as HTMLInputElement).name);
    const [layer, prop] = name.split('.');
    const res = await fetch(`${farm.baseUrl}/banner-builder/${summerSale}/generate`, {
      method: 'POST',
      headers: { 'x-api-key': farm.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ template_format_name: 'square', elements: { [layer!]: { [prop!]: 'not-a-colour' } } }),
    });
    expect(res.status).toBe(400);
    const envelope = (await res.json()) as { errors: { path: string; message: string }[] };
    const issue = envelope.errors.find((e) => e.path === `elements.${layer}.${prop}`);
    expect(shown).toBe(issue!.message);
    await shot('playground-error');
  });

  it('draws the control each property kind needs, within the override bounds, and offers only what a request can override', async () => {
    // Each text layer has a font control; the form reads the font list once for all of them, as
    // every read counts against the workspace's read budget.
    const fontReads: string[] = [];
    const countFontReads = (r: HTTPRequest) => {
      if (new URL(r.url()).pathname === '/fonts') fontReads.push(r.url());
    };
    page.on('request', countFontReads);
    await go(`playground/${summerSale}`);
    await page.waitForSelector('form[aria-label="Overrides"] fieldset', WAIT);
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('select[id$="-font"]'), (s) => (s as HTMLSelectElement).options.length).every((n) => n > 1),
      WAIT,
    );
    page.off('request', countFontReads);
    expect(await page.$$eval('select[id$="-font"]', (s) => s.length)).toBeGreaterThan(1);
    expect(fontReads).toHaveLength(1);
    // An enumerated property: a choice among its values.
    const transform = await page.$eval('#f-headline-text_transform', (e) => ({
      tag: e.tagName,
      options: Array.from((e as HTMLSelectElement).options, (o) => o.value),
    }));
    expect(transform.tag).toBe('SELECT');
    expect(transform.options).toEqual(expect.arrayContaining(['none', 'uppercase', 'lowercase', 'titlecase', 'capitalize']));
    // Numbers: a spin button with the override bounds and a range; the bound of stroke_width depends on the layer type.
    const bounds = (id: string) =>
      page.$eval(`#${id}`, (e) => {
        const input = e as HTMLInputElement;
        const range = input.parentElement?.querySelector('input[type=range]') as HTMLInputElement | null;
        const [min, max] = ['aria-valuemin', 'aria-valuemax'].map((a) => input.getAttribute(a) ?? '');
        return { role: input.getAttribute('role'), min, max, range: range ? [range.min, range.max] : null };
      });
    expect(await bounds('f-hero-photo-opacity')).toEqual({ role: 'spinbutton', min: '0', max: '100', range: ['0', '100'] });
    expect(await bounds('f-headline-stroke_width')).toMatchObject({ role: 'spinbutton', min: '0', max: '40' });
    expect(await bounds('f-hero-ring-stroke_width')).toMatchObject({ role: 'spinbutton', min: '0', max: '60' });
    expect(await bounds('f-headline-font_size')).toMatchObject({ role: 'spinbutton', min: '1', max: '' });
    // A numeric field inside an object property.
    expect(await bounds('f-hero-photo-mask_properties_skew_y')).toMatchObject({ role: 'spinbutton', min: '-22', max: '22' });
    expect(await page.$eval('#f-headline-font_weight', (e) => e.tagName)).toBe('SELECT');
    expect(await page.$eval('#f-headline-auto_resize', (e) => (e as HTMLInputElement).type)).toBe('checkbox');
    expect(await page.$eval('#f-headline-payload', (e) => e.tagName)).toBe('TEXTAREA');
    expect(await page.$eval('#f-headline-font', (e) => e.tagName)).toBe('SELECT');
    expect(await page.$eval('#f-headline-color', (e) => e.parentElement?.querySelector('input[type=color]') !== null)).toBe(true);
    expect(await page.$eval('#f-hero-photo-image_url', (e) => (e as HTMLInputElement).type)).toBe('url');
    expect(await page.$('#f-hero-photo-image_url-upload')).not.toBeNull();
    // The design sets a rotation, but a request cannot override it: not offered.
    expect(await page.$('#f-badge-text-rotation')).toBeNull();
  });

  it('offers the AI operations the farm advertises on image layers, and names the others with what to configure', async () => {
    // What the page shows comes from what the render workers advertise with their heartbeat.
    const caps = (await (await fetch(`${farm.baseUrl}/capabilities`, { headers: { 'x-api-key': farm.apiKey } })).json()) as {
      render_workers: number;
      ai: Record<string, { available: boolean }>;
    };
    expect(caps.render_workers).toBeGreaterThan(0);
    expect(caps.ai['remove_bg']!.available).toBe(true);
    expect(caps.ai['upscale']!.available).toBe(false);

    await page.waitForSelector('#f-hero-photo-remove_bg', WAIT);
    expect(await page.$eval('#f-hero-photo-remove_bg', (e) => (e as HTMLInputElement).type)).toBe('checkbox');
    expect(await page.$('#f-hero-photo-auto_focus')).not.toBeNull();
    // Without a model or a provider, no control: only the note saying what to set.
    for (const op of ['upscale', 'expand', 'text_to_image']) expect(await page.$(`#f-hero-photo-${op}`), op).toBeNull();
    const note = await page.$eval('#f-hero-photo-ai-note', (e) => e.textContent ?? '');
    expect(note).toContain('AI_UPSCALE_MODEL');
    expect(note).toContain('AI_EXPAND_PROVIDER=http');
    expect(note).toContain('AI_TEXT_TO_IMAGE_PROVIDER=http');
    // Text layers take no AI operation.
    expect(await page.$('#f-headline-remove_bg')).toBeNull();

    // Ticking it puts it in the request, and the live preview renders it without an error.
    await page.waitForSelector('#pg-latency', WAIT);
    const before = await page.$eval('.preview figure img', (e) => (e as HTMLImageElement).src);
    // The layer's section opens as a person opens it, by its summary.
    await page.$$eval('form[aria-label="Overrides"] > details > summary', (summaries) => {
      const photo = summaries.find((x) => x.textContent?.trim().startsWith('hero-photo'));
      if (photo && !(photo.parentElement as HTMLDetailsElement).open) (photo as HTMLElement).click();
    });
    await page.click('#f-hero-photo-remove_bg');
    await page.waitForFunction(() => /"remove_bg":\s*true/.test(document.querySelector('#snippet-panel pre')?.textContent ?? ''), WAIT);
    await page.waitForFunction(
      (src) => {
        const img = document.querySelector('.preview figure img') as HTMLImageElement | null;
        return img !== null && img.src !== src && document.querySelector('.preview [aria-busy]')?.getAttribute('aria-busy') === 'false';
      },
      WAIT,
      before,
    );
    expect(await page.$('.preview .alert')).toBeNull();
    await axe('playground-ai');
    await shot('playground-ai');
  });

  it('a generation from the playground shows up in Generations', async () => {
    await go(`playground/${summerSale}`);
    await page.waitForSelector('#pg-latency', WAIT);
    await page.click('form[aria-label="Overrides"] button[type=submit]');
    await page.waitForFunction(() => document.querySelector('#job-title code') !== null, WAIT);
    const short = await page.$eval('#job-title code', (e) => e.textContent ?? '');
    await page.waitForFunction(() => /Finished/.test(document.querySelector('.preview')?.textContent ?? ''), WAIT);
    await go('generations');
    await page.waitForSelector('main article', WAIT);
    const text = await page.$eval('main', (e) => e.textContent ?? '');
    expect(text).toContain(short);
    expect(text).toContain('Northwind');
    await axe('generations');
    await shot('generations');
  });

  it('adds a webhook subscription to an HTTPS receiver, shows the delivery, and redelivers it', async () => {
    receiver.on('/console', (_n, _req, res) => respond(res, 200, 'ok'));
    await go('webhooks');
    await page.waitForSelector('#sub-url', WAIT);
    // The signing secret above the form is read on its own: its answer would move the form's button
    // down while the click below is on its way.
    await page.waitForSelector('#signing-secret', WAIT);
    await page.type('#sub-url', receiver.url('/console'));
    await page.$$eval('form[aria-label="Add a subscription"] label', (labels) => {
      for (const l of labels) if (l.textContent?.trim() === 'NEW_BANNER_BATCH') (l.querySelector('input') as HTMLInputElement).click();
    });
    await page.click('form[aria-label="Add a subscription"] button[type=submit]');
    await page.waitForFunction((url) => document.querySelector('main table')?.textContent?.includes(url), WAIT, receiver.url('/console'));

    const accepted = await fetch(`${farm.baseUrl}/async/banner-builder/${summerSale}/generate`, {
      method: 'POST',
      headers: { 'x-api-key': farm.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ template_format_names: ['square'] }),
    });
    expect(accepted.status).toBe(200);
    await until('the first delivery', () => receiver.requests('/console').length > 0, { timeoutMs: WAIT.timeout, intervalMs: 500 });
    const first = receiver.requests('/console');
    expect(first).toHaveLength(1);

    // The log shows the delivered attempt once it is recorded.
    const delivered = (attempts: number) =>
      until(
        `a delivered delivery with ${attempts} attempt(s) in the log`,
        async () => {
          await page.click('#refresh-log');
          return page
            .waitForFunction(
              (n) => {
                const item = document.querySelector('article.delivery');
                return item && /delivered/.test(item.textContent ?? '') && item.querySelectorAll('tr.attempt').length >= n;
              },
              { timeout: 3_000 },
              attempts,
            )
            .then(() => true)
            .catch(() => false);
        },
        // Each check waits up to 3 s in the page itself.
        { timeoutMs: WAIT.timeout, intervalMs: 0 },
      );
    await delivered(1);
    await axe('webhooks');
    await shot('webhooks');

    await page.click('article.delivery button.redeliver');
    await until('the redelivery', () => receiver.requests('/console').length >= 2, { timeoutMs: WAIT.timeout, intervalMs: 500 });
    const both = receiver.requests('/console');
    expect(both).toHaveLength(2);
    expect(both[1]!.headers['x-pressroom-delivery-id']).toBe(first[0]!.headers['x-pressroom-delivery-id']);
    await delivered(2);
    expect(await page.$eval('article.delivery', (e) => e.textContent)).toContain('(by hand)');
    await shot('webhooks-redelivered');
  });

  it('the workspace page shows credits, plan, projects, templates and rate limits', async () => {
    await go('workspace');
    // Four reads fill the page, in whatever order a loaded machine answers them: wait for each
    // part (credits, rate limits, the templates' cards), never for a fixed time.
    await page.waitForSelector('meter', WAIT);
    await page.waitForSelector('main table', WAIT);
    await page.waitForSelector('main .gallery .card button', WAIT);
    const text = await page.$eval('main', (e) => e.textContent ?? '');
    expect(text).toContain('Generation credits');
    expect(text).toContain('pro');
    expect(text).toMatch(/Use/);
    await axe('workspace');
    await shot('workspace');
  });

  it('the workspace page shows the MCP endpoint and a copyable client config that connects', async () => {
    await go('workspace');
    await page.waitForSelector('#mcp-title', WAIT);
    // Four reads fill the page around the endpoint: the workspace and the credits draw above it, and
    // every answer draws the page again, with the last budgeted call in the rate-limit paragraph
    // above it. An answer drawn while the click below is on its way would move the copy button.
    await page.waitForSelector('meter', WAIT);
    await page.waitForSelector('main table', WAIT);
    await page.waitForSelector('ul.projects', WAIT);
    await page.waitForSelector('main .gallery .card', WAIT);
    const endpoint = `${farm.baseUrl}/mcp`;
    expect(await page.$eval('main', (e) => e.textContent ?? '')).toContain(endpoint);
    const shown = await page.$eval('pre[aria-labelledby="mcp-cursor"]', (e) => e.textContent ?? '');
    // The system clipboard is not the console's to test: record what the button hands it.
    await page.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copied: string }).copied = text;
      };
    });
    const [copy] = await page.$$('xpath/.//button[starts-with(normalize-space(.), "Copy: Cursor")]');
    await copy!.click();
    await page.waitForSelector('xpath/.//button[normalize-space(.)="Copied"]', WAIT);
    const copied = await page.evaluate(() => (window as unknown as { copied: string }).copied);
    expect(copied).toBe(shown);
    const server = (JSON.parse(copied) as { mcpServers: { pressroom: { url: string; headers: Record<string, string> } } }).mcpServers
      .pressroom;
    expect(server).toEqual({ url: endpoint, headers: { 'x-api-key': farm.apiKey } });
    // The copied config is one an MCP client connects with.
    const client = new Client({ name: 'console-config', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers } }));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('list_designs');
    await client.close();
    await axe('workspace-mcp');
  });

  it('fits a phone screen and follows a dark system setting', async () => {
    await page.setViewport({ width: 390, height: 844 });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    for (const hash of ['designs', `playground/${summerSale}`, 'webhooks']) {
      await go(hash);
      await page.waitForSelector('main h1', WAIT);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, hash).toBeLessThanOrEqual(0);
      await shot(`phone-dark-${hash.split('/')[0]}`);
    }
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
    expect(r! + g! + b!).toBeLessThan(150);
    await axe('phone-dark');
    await page.emulateMediaFeatures([]);
    await page.setViewport({ width: 1280, height: 900 });
  });

  it('generates a personalised file of every example design from its playground', async () => {
    await go('designs');
    await page.waitForFunction(() => document.querySelectorAll('.gallery .card').length >= 5, WAIT);
    const listed = await page.$$eval('.gallery .card h2 a', (as) =>
      as.map((a) => ({ name: a.textContent ?? '', id: (a.getAttribute('href') ?? '').split('/').pop() ?? '' })),
    );
    // The examples only: the import test above adds a design with no text to personalise.
    const examples = new Set(loadExampleDocuments().map(({ json }) => (json as { name: string }).name));
    const designs = listed.filter((d) => examples.has(d.name));
    expect(new Set(designs.map((d) => d.name))).toEqual(examples);
    for (const design of designs) {
      await go(`playground/${design.id}`);
      const field = await page.waitForSelector('textarea[id$="-payload"], input[id$="-payload"], input[id^="f-vars-"]', WAIT);
      // An open image layer above the field (the catalogue's cover photo) says it is reading what the
      // farm's AI can do, then draws its AI operations: that answer would move the field and the
      // Generate button down while a click is on its way.
      await page.waitForFunction(() => document.querySelector('form[aria-label="Overrides"] p.ai-note') === null, WAIT);
      await field!.click({ count: 3 });
      await field!.type('Ada');
      await page.click('form[aria-label="Overrides"] button[type=submit]');
      await page.waitForFunction(() => /Finished|API refused/.test(document.querySelector('.preview')?.textContent ?? ''), {
        timeout: 300_000,
      });
      const text = await page.$eval('.preview', (e) => e.textContent ?? '');
      expect(text, design.name).toMatch(/Finished: [1-9]\d* file\(s\)\./);
      expect(text, design.name).not.toMatch(/error\(s\)/);
      await shot(`generated-${design.name.replace(/\W+/g, '-').toLowerCase()}`);
    }
  }, 900_000);
});
