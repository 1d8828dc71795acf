// The console's Fonts page in a real Chromium (docs/console.md): upload by drag and drop and by the
// file picker, a specimen of each face drawn in the uploaded font itself, the designs that use a
// family, a refused delete while one does, then the delete. Only the control plane is needed.

import { readFileSync } from 'node:fs';
import { storedDesignUsingFont } from '@pressroom/control-plane/test/fonts';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_BUDGETS, launchBrowser, seriousAxeViolations } from '../console-browser.js';

const LIBERATION = '/usr/share/fonts/truetype/liberation2';
const WAIT = { timeout: 60_000 };

describe('the console Fonts page', () => {
  let h: Harness;
  let app: FastifyInstance;
  let base: string;
  let ws: { id: string; key: string };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    h = await createHarness(CONSOLE_BUDGETS);
    app = await h.build();
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    ws = await h.workspace('pro', 'Brand Co');
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${base}/console`, WAIT);
    await page.waitForSelector('#api-key', WAIT);
    await page.type('#api-key', ws.key);
    await page.click('button[type=submit]');
    await page.waitForSelector('header.top nav', WAIT);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  const cardOf = async (name: string) => {
    await page.waitForFunction(
      (n) => Array.from(document.querySelectorAll('.font-family h2')).some((e) => e.textContent === n),
      WAIT,
      name,
    );
    return page.evaluate(
      (n) =>
        Array.from(document.querySelectorAll('.font-family'))
          .find((e) => e.querySelector('h2')?.textContent === n)
          ?.getAttribute('data-font-id'),
      name,
    );
  };

  /** Drops files on the drop zone as a user's drag and drop does: a `drop` event carrying them. */
  const drop = (files: { name: string; bytes: Buffer }[]) =>
    page.evaluate(
      (list) => {
        const transfer = new DataTransfer();
        for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name));
        document
          .querySelector('.dropzone')!
          .dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64') })),
    );

  it('a dropped TTF becomes a family with a specimen drawn in that font', async () => {
    await page.goto(`${base}/console#/fonts`, WAIT);
    await page.waitForSelector('#font-files', WAIT);
    await drop([{ name: 'LiberationSerif-Regular.ttf', bytes: readFileSync(`${LIBERATION}/LiberationSerif-Regular.ttf`) }]);
    const id = await cardOf('Liberation Serif');
    await page.waitForSelector(`.font-family[data-font-id="${id}"] .specimen[data-weight="400"][data-state="ready"]`, WAIT);
    // The specimen's family is the uploaded face itself, loaded, and nothing else answers to its name.
    const drawn = await page.evaluate((fontId) => {
      const family = `specimen-${fontId}-400-normal`;
      const faces: FontFace[] = [];
      document.fonts.forEach((f) => {
        faces.push(f);
      });
      const named = faces.filter((f) => f.family.replace(/"/g, '') === family);
      const span = document.querySelector(`.font-family[data-font-id="${fontId}"] .specimen span[style]`) as HTMLElement;
      return { faces: named.map((f) => f.status), style: span.style.fontFamily };
    }, id);
    expect(drawn.faces).toEqual(['loaded']);
    expect(drawn.style).toContain(`specimen-${id}-400-normal`);
  });

  it('a file chosen with the picker joins its family, one specimen per weight', async () => {
    const input = await page.$('#font-files');
    await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(`${LIBERATION}/LiberationSerif-Bold.ttf`);
    const id = await cardOf('Liberation Serif');
    await page.waitForSelector(`.font-family[data-font-id="${id}"] .specimen[data-weight="700"][data-state="ready"]`, WAIT);
    expect(await page.$$eval(`.font-family[data-font-id="${id}"] .specimen`, (l) => l.map((e) => e.getAttribute('data-weight')))).toEqual([
      '400',
      '700',
    ]);
    const violations = await seriousAxeViolations(page);
    expect(violations).toEqual([]);
  });

  it('bytes that are not a font show the API’s reason', async () => {
    await drop([{ name: 'notes.ttf', bytes: Buffer.from('these are notes, not a font') }]);
    await page.waitForFunction(() => document.querySelector('.alert')?.textContent?.includes('invalid_payload'), WAIT);
    expect(await page.$eval('.alert', (e) => e.textContent)).toContain('not a font');
  });

  it('lists the designs that use a family, refuses to delete it while one does, then deletes it', async () => {
    const id = (await cardOf('Liberation Serif'))!;
    const designId = await storedDesignUsingFont(h, ws.id, 'Liberation Serif', 'Autumn launch');
    // A fresh document: a hash change alone would keep the page's state.
    await page.goto('about:blank');
    await page.goto(`${base}/console#/fonts`, WAIT);
    await page.waitForSelector(`.font-family[data-font-id="${id}"] .used-by a`, WAIT);
    expect(await page.$eval(`.font-family[data-font-id="${id}"] .used-by a`, (a) => [a.textContent, a.getAttribute('href')])).toEqual([
      'Autumn launch',
      `#/design/${designId}`,
    ]);
    // The 409 reloads the card's designs; a reload answered after the update below would swap the
    // list for its notice while the second click is on its way, and move the button under it. The
    // wait for that reload's own answer is armed before the click, so it cannot miss it.
    const reloaded = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/fonts/${id}/designs`,
      WAIT,
    );
    await page.click(`.font-family[data-font-id="${id}"] button`);
    await page.waitForSelector(`.font-family[data-font-id="${id}"] .alert`, WAIT);
    expect(await page.$eval(`.font-family[data-font-id="${id}"] .alert`, (e) => e.textContent)).toContain('font_in_use');
    expect((await reloaded).status()).toBe(200);

    await h.db.pool.query(`UPDATE designs SET status = 'DELETED', deleted_at = now() WHERE id = $1`, [designId]);
    await page.click(`.font-family[data-font-id="${id}"] button`);
    await page.waitForFunction((fontId) => document.querySelector(`.font-family[data-font-id="${fontId}"]`) === null, WAIT, id);
    await page.waitForSelector('.notice', WAIT);
    expect(await page.$eval('main', (e) => e.textContent)).toContain('No uploaded font yet.');
  });
});
