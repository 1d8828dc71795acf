import { type BrowserSupervisor, withPage } from '../browser/index.js';
import { ensureShell } from './shell.js';

/**
 * Opens every page of the pool and loads the render shell into it before the first job, so the
 * first requests a worker takes do not pay for a browser launch and a cold tab inside their
 * 10-second budget. Call it before the worker takes jobs: every warmer then holds its pool slot
 * before any page exists, so each opens a page of its own. Each page goes back to the pool the
 * moment its shell is loaded, so the first job starts on the first warm page instead of waiting
 * for all of them. With the priority of an urgent render, it opens the reserved pages too
 * (`SupervisorOptions.reservedPages`).
 */
export async function warmPages(supervisor: BrowserSupervisor, count: number, timeoutMs: number, priority?: number): Promise<void> {
  const options = { timeoutMs, ...(priority === undefined ? {} : { priority }) };
  await Promise.all(Array.from({ length: count }, () => withPage(supervisor, (page) => ensureShell(page), options)));
}
