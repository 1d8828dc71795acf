import { honouredColorProfiles, RenderRefusedError, sameProfileName, VENDOR_COLOR_PROFILES } from '@pressroom/model';
import type { BrowserSupervisor } from '../browser/index.js';
import { findOutputProfilePath, loadOutputProfile, type OutputProfile } from './output-profile.js';
import type { PrintRenderInput, PrintRenderOutput } from './render-print.js';

/** What the print task calls: the pages of one PDF in, the PDF out; `colorProfile` a vendor profile id (`print.color_profile`). */
export type PrintRenderer = (
  input: Omit<PrintRenderInput, 'profile' | 'timeoutMs'> & { colorProfile?: string | undefined },
) => Promise<PrintRenderOutput>;

/**
 * The profile a request's `print.color_profile` names, among those the worker holds: the one
 * whose description is that built-in profile's. A profile the worker does not hold refuses the
 * file, naming the option that installs it, rather than printing with another profile.
 */
export function chooseProfile(held: readonly OutputProfile[], colorProfile: string | undefined): OutputProfile {
  const fallback = held[0];
  if (fallback === undefined) throw new Error('no output profile');
  if (colorProfile === undefined) return fallback;
  const wanted = VENDOR_COLOR_PROFILES[colorProfile];
  const icc = wanted?.icc;
  if (!wanted || !icc) throw new RenderRefusedError(`Colour profile ${colorProfile} is not a CMYK profile Pressroom knows.`);
  const found = held.find((p) => sameProfileName(p.name, icc));
  if (found) return found;
  throw new RenderRefusedError(
    `The colour profile ${wanted.name} is not installed on this farm's render workers (they hold ${held
      .map((p) => p.name)
      .join(', ')}); the operator adds its ICC file with PRINT_CMYK_PROFILES.`,
  );
}

/** The profiles a worker holds: its default (`PRINT_CMYK_PROFILE`, or Ghostscript's) first, then `PRINT_CMYK_PROFILES`. */
export function loadHeldProfiles(options: { profilePath: string | undefined; extraProfilePaths?: readonly string[] }): OutputProfile[] {
  const path = findOutputProfilePath(options.profilePath ?? null);
  if (path === null) {
    throw new Error('No CMYK ICC profile found: install ghostscript (its default_cmyk.icc) or set PRINT_CMYK_PROFILE.');
  }
  return [loadOutputProfile(path), ...(options.extraProfilePaths ?? []).map((p) => loadOutputProfile(p))];
}

/**
 * The production print renderer on the worker's Chromium pool. Throws at start when no CMYK
 * profile can be found, naming the option to set, so a worker never accepts print jobs it
 * would fail. `colorProfiles`: the built-in profiles its ICC files honour, which the worker
 * advertises so the control plane refuses the others at submit.
 */
export function createPrintRenderer(
  supervisor: BrowserSupervisor,
  options: { profilePath: string | undefined; extraProfilePaths?: readonly string[]; pageTimeoutMs: number },
): { render: PrintRenderer; profile: OutputProfile; colorProfiles: string[] } {
  const held = loadHeldProfiles(options);
  const profile = held[0]!;
  return {
    profile,
    colorProfiles: honouredColorProfiles(held.map((p) => p.name)),
    // Imported with the first print job, not at start: it loads pdf-lib (docs/operations.md, cold start).
    render: async ({ colorProfile, ...input }) =>
      (await import('./render-print.js')).renderPrintPdf(supervisor, {
        ...input,
        profile: chooseProfile(held, colorProfile),
        timeoutMs: options.pageTimeoutMs,
      }),
  };
}
