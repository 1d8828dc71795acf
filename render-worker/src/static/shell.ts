import { SHELL_DOCUMENT } from '@pressroom/renderer';
import type { Page } from 'puppeteer';
import '../browser/page-globals.js';

/** Loads the render shell into a page unless it already holds it. */
export async function ensureShell(page: Page): Promise<void> {
  const warm = await page.evaluate(() => typeof window.__pressroomFit === 'function' && document.getElementById('pr-root') !== null);
  if (!warm) await page.setContent(SHELL_DOCUMENT, { waitUntil: 'domcontentloaded' });
}
