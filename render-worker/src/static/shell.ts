import { SHELL_DOCUMENT } from '@pressroom/renderer';
import type { Page } from 'puppeteer';
import '../browser/page-globals.js';

const viewports = new WeakMap<Page, string>();

/** Loads the render shell into a page unless it already holds it. */
export async function ensureShell(page: Page): Promise<void> {
  const warm = await page.evaluate(() => typeof window.__pressroomFit === 'function' && document.getElementById('pr-root') !== null);
  if (!warm) await page.setContent(SHELL_DOCUMENT, { waitUntil: 'domcontentloaded' });
}

export async function ensureViewport(page: Page, width: number, height: number): Promise<void> {
  const key = `${width}x${height}`;
  if (viewports.get(page) === key) return;
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  viewports.set(page, key);
}
