import { type BrowserSupervisor, withPage } from '../browser/index.js';
import { ensureShell } from './render-to-image.js';

/**
 * Opens every page of the pool and loads the render shell into it before the first job, so the
 * first requests a worker takes do not pay for a browser launch and a cold tab inside their
 * 10-second budget. All pages are held until each has its shell, so none is warmed twice.
 */
export async function warmPages(supervisor: BrowserSupervisor, count: number, timeoutMs: number): Promise<void> {
  let arrived = 0;
  let everyone!: () => void;
  const together = new Promise<void>((resolve) => {
    everyone = resolve;
  });
  await Promise.all(
    Array.from({ length: count }, () =>
      withPage(
        supervisor,
        async (page) => {
          await ensureShell(page);
          arrived += 1;
          if (arrived === count) everyone();
          await together;
        },
        { timeoutMs },
      ),
    ),
  );
}
