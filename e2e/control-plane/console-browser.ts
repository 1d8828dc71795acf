// What the console's browser tests share: a Chromium for puppeteer, and axe-core's verdict on a page.
import { createRequire } from 'node:module';
import { resolveExecutablePath } from '@pressroom/render-worker/browser/executable-path';
import puppeteer, { type Browser, type Page } from 'puppeteer';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The machine's Chromium (or puppeteer's), headless; without the sandbox only when run as root. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = resolveExecutablePath();
  return puppeteer.launch({
    ...(executablePath ? { executablePath } : {}),
    headless: true,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
}

/** axe-core run in the page: its serious and critical violations, each with up to three targets. */
export async function seriousAxeViolations(page: Page): Promise<{ id: string; impact: string; targets: string[] }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the script tag installs
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
