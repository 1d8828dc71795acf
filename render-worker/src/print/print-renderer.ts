import type { BrowserSupervisor } from '../browser/index.js';
import { findOutputProfilePath, loadOutputProfile, type OutputProfile } from './output-profile.js';
import type { PrintRenderInput, PrintRenderOutput } from './render-print.js';

/** What the print task calls: the pages of one PDF in, the PDF out. */
export type PrintRenderer = (input: Omit<PrintRenderInput, 'profile' | 'timeoutMs'>) => Promise<PrintRenderOutput>;

/**
 * The production print renderer on the worker's Chromium pool. Throws at start when no CMYK
 * profile can be found, naming the option to set, so a worker never accepts print jobs it
 * would fail.
 */
export function createPrintRenderer(
  supervisor: BrowserSupervisor,
  options: { profilePath: string | undefined; pageTimeoutMs: number },
): { render: PrintRenderer; profile: OutputProfile } {
  const path = findOutputProfilePath(options.profilePath ?? null);
  if (path === null) {
    throw new Error('No CMYK ICC profile found: install ghostscript (its default_cmyk.icc) or set PRINT_CMYK_PROFILE.');
  }
  const profile = loadOutputProfile(path);
  return {
    profile,
    // Imported with the first print job, not at start: it loads pdf-lib (docs/operations.md, cold start).
    render: async (input) =>
      (await import('./render-print.js')).renderPrintPdf(supervisor, { ...input, profile, timeoutMs: options.pageTimeoutMs }),
  };
}
