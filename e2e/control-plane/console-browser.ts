// What the console's browser tests share: a Chromium for puppeteer, axe-core's verdict on a page,
// and the request budgets of the farm the browser drives.
import { createRequire } from 'node:module';
import { resolveExecutablePath } from '@pressroom/render-worker/browser/executable-path';
import puppeteer, { type Browser, type KeyInput, type Page } from 'puppeteer';
import type { RunningFarm } from './farm.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The request budgets of a farm (or harness) a console test drives, as environment variables. A
 * browser session spends several reads on every page it opens (the key check, the design, the
 * layer properties, …), and the tests poll besides; the budgets count in windows aligned to the
 * clock (a minute, an hour). With the defaults (120 reads a minute), whether a file's reads fit in
 * one clock minute depends on the machine's pace and on when the file starts: a refused read shows
 * an error instead of the page the test waits for. The budgets are what rate-limit tests are about
 * (control-plane/src/plugins/rate-limit.int.test.ts), not these: here no pace can exhaust them.
 */
export const CONSOLE_BUDGETS: Record<string, string> = {
  RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
  RATE_LIMIT_READ_PER_MINUTE: '100000',
  RATE_LIMIT_READ_PER_HOUR: '1000000',
  RATE_LIMIT_POLLING_PER_MINUTE: '100000',
  RATE_LIMIT_POLLING_PER_HOUR: '1000000',
  RATE_LIMIT_VALIDATION_PER_MINUTE: '100000',
  RATE_LIMIT_VALIDATION_PER_HOUR: '1000000',
  RATE_LIMIT_WRITE_PER_MINUTE: '100000',
  RATE_LIMIT_WRITE_PER_HOUR: '1000000',
};

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

/** Sets a field's value as a person would: select it all, type, and leave it (change fires). */
export async function fillField(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector, { timeout: 120_000 });
  await page.focus(selector);
  await page.$eval(selector, (e) => (e as HTMLInputElement).select());
  await page.keyboard.type(value);
  await page.keyboard.press('Tab');
}

/** A call to the farm's API with a key (the farm's own unless given): the status and the JSON answer. */
export async function callApi(
  farm: Pick<RunningFarm, 'baseUrl' | 'apiKey'>,
  method: string,
  path: string,
  body?: unknown,
  key = farm.apiKey,
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the API answered
): Promise<{ status: number; data: any }> {
  const res = await fetch(`${farm.baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, data: text ? JSON.parse(text) : null };
}

/** A layer's box in the import format. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A layer of a design read in the import format (`GET /designs/<id>/as-import`). */
export interface ImportLayer {
  name: string;
  type: string;
  layout: Record<string, Box> | Box;
  properties: Record<string, Record<string, unknown>>;
}

/** A key pressed with modifiers held, released in the reverse order. */
export async function pressKeys(page: Page, key: KeyInput, ...mods: KeyInput[]): Promise<void> {
  for (const m of mods) await page.keyboard.down(m);
  await page.keyboard.press(key);
  for (const m of [...mods].reverse()) await page.keyboard.up(m);
}

/** A design imported through the API into a project, followed to DONE: its id (an import that fails throws with its state). */
export async function importDesign(farm: Pick<RunningFarm, 'baseUrl' | 'apiKey'>, project: string, payload: object): Promise<string> {
  const made = await callApi(farm, 'POST', '/designs/import/json', { ...payload, target: { kind: 'design', project_uuid: project } });
  if (made.status >= 300) throw new Error(`the import was refused: ${JSON.stringify(made.data)}`);
  for (let i = 0; i < 240; i++) {
    const state = (await callApi(farm, 'GET', `/designs/import/json/${made.data.id}`)).data;
    if (state.status === 'DONE') return state.result.uuid as string;
    if (state.status === 'FAILED') throw new Error(`the import failed: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the import did not finish');
}
