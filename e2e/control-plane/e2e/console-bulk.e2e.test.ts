// The console's Bulk page in a real Chromium against `npm start` (docs/bulk.md, docs/console.md):
// a sheet chosen, a column the page asks to map mapped, the first rows previewed by the farm, the
// run started and followed to its end, the ZIP and the result CSV downloaded, and the run listed
// among earlier runs; the page checked by axe-core.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_BUDGETS, launchBrowser, seriousAxeViolations } from '../console-browser.js';
import { type RunningFarm, startFarm, waitForDesigns } from '../farm.js';

/** Generous bounds that only prove "it did not hang" on a loaded 2-core machine. */
const WAIT = { timeout: 240_000 };

describe('the console Bulk page against npm start', () => {
  let farm: RunningFarm;
  let browser: Browser;
  let page: Page;
  let summerSale: string;

  beforeAll(async () => {
    farm = await startFarm({
      timeoutMs: 170_000,
      env: { ...CONSOLE_BUDGETS, SYNC_RENDER_TIMEOUT_MS: '60000', RENDER_TIMEOUT_MS: '60000' },
    });
    summerSale = (await waitForDesigns(farm, 'name=Summer', 170_000))[0]!.id;
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${farm.baseUrl}/console`);
    await page.evaluate((k) => sessionStorage.setItem('pressroom.apiKey', k), farm.apiKey);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  it('maps a sheet, previews its first rows, runs it with a progress bar and offers the ZIP and the result CSV', async () => {
    await page.goto('about:blank');
    // The design is chosen the moment the list is drawn, in the task that draws it (before the
    // next frame, as a quick hand or a test may): a choice the page keeps (it once set its first
    // design in an effect after the paint, which overwrote a choice made before it ran).
    const pick = await page.evaluateOnNewDocument((id) => {
      const observer = new MutationObserver(() => {
        const select = document.getElementById('bulk-design') as HTMLSelectElement | null;
        if (!select) return;
        observer.disconnect();
        select.value = id;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
      observer.observe(document, { childList: true, subtree: true });
    }, summerSale);
    await page.goto(`${farm.baseUrl}/console#/bulk`, WAIT);
    await page.waitForSelector('#bulk-file', WAIT);
    await page.removeScriptToEvaluateOnNewDocument(pick.identifier);
    expect(await page.$eval('#bulk-design', (s) => (s as HTMLSelectElement).value)).toBe(summerSale);
    // One format per row: square only.
    for (const other of ['landscape', 'story']) await page.click(`input[name="bulk-format"][value="${other}"]`);

    const dir = mkdtempSync(join(tmpdir(), 'pressroom-console-bulk-'));
    const sheet = join(dir, 'speakers.csv');
    writeFileSync(sheet, '\ufeffTitle,_file_name\r\nAda Lovelace,ada\r\nGrace Hopper,grace\r\nAlan Turing,alan\r\n');
    const input = await page.$('#bulk-file');
    await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(sheet);

    // `Title` names no layer property: the page shows the refusal and a mapping field for it.
    await page.waitForSelector('input[data-column="Title"]', WAIT);
    expect(await page.$eval('.alert', (e) => e.textContent ?? '')).toContain('columns.Title');
    await page.type('input[data-column="Title"]', 'headline.payload');
    await page.keyboard.press('Tab');
    await page.waitForSelector('#bulk-report', WAIT);
    expect(await page.$eval('#bulk-report', (e) => e.textContent ?? '')).toMatch(/3 rows, 3 files/);

    // The first rows rendered by the farm.
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('img.bulk-preview')).filter(
          (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
        ).length === 3,
      WAIT,
    );
    const axe = await seriousAxeViolations(page);
    expect(axe, JSON.stringify(axe)).toEqual([]);

    await page.click('button:not(.secondary):not([disabled])');
    await page.waitForSelector('#bulk-run + .bulk-run progress, section[aria-labelledby="bulk-run"] progress', WAIT);
    await page.waitForSelector('section[aria-labelledby="bulk-run"] a.download-zip', WAIT);
    const [zipUrl, csvUrl] = await Promise.all([
      page.$eval('section[aria-labelledby="bulk-run"] a.download-zip', (a) => (a as HTMLAnchorElement).href),
      page.$eval('section[aria-labelledby="bulk-run"] a.download-csv', (a) => (a as HTMLAnchorElement).href),
    ]);
    expect(
      await page.$eval('section[aria-labelledby="bulk-run"] progress', (p) => [
        (p as HTMLProgressElement).value,
        (p as HTMLProgressElement).max,
      ]),
    ).toEqual([3, 3]);
    const zip = join(dir, 'run.zip');
    writeFileSync(zip, Buffer.from(await (await fetch(zipUrl)).arrayBuffer()));
    expect(execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual([
      'ada.jpeg',
      'alan.jpeg',
      'grace.jpeg',
    ]);
    const csv = await (await fetch(csvUrl)).text();
    expect(csv).toContain('Ada Lovelace,ada,done,');

    // Listed among earlier runs once the page is opened again.
    await page.goto('about:blank');
    await page.goto(`${farm.baseUrl}/console#/bulk`, WAIT);
    await page.waitForSelector('ul.bulk-runs li .bulk-run[data-status="completed"]', WAIT);
  }, 900_000);
});
