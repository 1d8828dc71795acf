import type { Page } from 'puppeteer';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyFailure, isDesignFault } from '../tasks/failures.js';
import { BrowserSupervisor } from './browser-supervisor.js';
import { capture } from './capture.js';
import { BrowserCrashedError } from './errors.js';
import { withPage } from './with-page.js';

// Issue 22: one workspace's design that crashes Chromium must not fail another workspace's
// renders on the same worker, and must itself fail as the design's fault after one retry.
// Crashes are simulated deterministically with CDP: `Browser.crash` takes the whole browser
// down (every page in flight with it), `Page.crash` one renderer.

let supervisor: BrowserSupervisor | null = null;
afterEach(async () => {
  await supervisor?.stop();
  supervisor = null;
});

const CARD = '<body style="margin:0;background:#123456"><div style="width:200px;height:100px;background:#ff0000"></div></body>';
const TIMEOUT_MS = 60_000;

async function crashBrowser(page: Page): Promise<never> {
  const session = await page.browser().target().createCDPSession();
  await session.send('Browser.crash').catch(() => undefined); // never answers: the browser is gone
  await page.evaluate(() => new Promise((r) => setTimeout(r, 30_000)));
  throw new Error('the browser survived Browser.crash');
}

async function crashPage(page: Page): Promise<never> {
  const session = await page.createCDPSession();
  await session.send('Page.crash').catch(() => undefined);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 30_000)));
  throw new Error('the page survived Page.crash');
}

const innocent = (sup: BrowserSupervisor) =>
  withPage(
    sup,
    async (page) => {
      await page.setContent(CARD);
      return capture(page, { width: 200, height: 100, format: 'jpeg' });
    },
    { timeoutMs: TIMEOUT_MS },
  );

describe('a design that crashes Chromium', () => {
  it('fails alone, as the design fault, while 100 other renders on the same supervisor all succeed', async () => {
    const sup = new BrowserSupervisor({ poolSize: 2 });
    supervisor = sup;
    await innocent(sup); // warm

    // One innocent render is in flight, mid-render, when the guilty one takes the browser down.
    let inFlight: () => void = () => undefined;
    const isInFlight = new Promise<void>((r) => {
      inFlight = r;
    });
    const attemptsOfBystander: number[] = [];
    const bystander = withPage(
      sup,
      async (page, { attempt }) => {
        attemptsOfBystander.push(attempt);
        await page.setContent(CARD);
        if (attempt === 0) inFlight();
        // Long enough, on both attempts, for the guilty render's crash to land while it runs,
        // were the two ever to share a browser.
        await page.evaluate(() => new Promise((r) => setTimeout(r, 2_000)));
        return capture(page, { width: 200, height: 100, format: 'jpeg' });
      },
      { timeoutMs: TIMEOUT_MS },
    );
    await isInFlight;
    const guiltyAttempts: number[] = [];
    const guilty = withPage(
      sup,
      async (page, { attempt }) => {
        guiltyAttempts.push(attempt);
        await page.setContent(CARD);
        return crashBrowser(page);
      },
      { timeoutMs: TIMEOUT_MS },
    ).then(
      () => null,
      (error: unknown) => error,
    );

    // 100 renders of another workspace, four at a time, meanwhile.
    const others: Buffer[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 25; i++) others.push(await innocent(sup));
      }),
    );

    const error = await guilty;
    expect(error).toBeInstanceOf(BrowserCrashedError);
    expect(guiltyAttempts).toEqual([0, 1]);
    const failure = classifyFailure(error);
    expect(failure).toBe('crash');
    expect(isDesignFault(failure, 1)).toBe(true); // recorded at once as cannot_build_banner

    expect(await sharp(await bystander).metadata()).toMatchObject({ width: 200, height: 100 });
    expect(attemptsOfBystander).toEqual([0, 1]); // retried transparently, in the quarantine
    expect(others).toHaveLength(100);
    for (const jpeg of others.slice(0, 3)) expect(await sharp(jpeg).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('a renderer crash is retried once in the quarantine browser, not in the shared one', async () => {
    const sup = new BrowserSupervisor({ poolSize: 2 });
    supervisor = sup;
    const browsers: (number | null)[] = [];
    const error = await withPage(
      sup,
      async (page, { attempt }) => {
        browsers.push(attempt === 0 ? sup.browserPid() : sup.quarantine!.browserPid());
        await page.setContent(CARD);
        return crashPage(page);
      },
      { timeoutMs: TIMEOUT_MS },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowserCrashedError);
    expect(browsers).toHaveLength(2);
    expect(browsers[1]).not.toBeNull();
    expect(browsers[1]).not.toBe(browsers[0]);
    // The shared browser lived through it and still renders.
    expect(await sharp(await innocent(sup)).metadata()).toMatchObject({ width: 200 });
  });
});
