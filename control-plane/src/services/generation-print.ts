// Print generation (docs/print.md): the printer formats of the async endpoint, the multipage
// endpoint, and the async endpoint on a multipage design. One render_print job per PDF.
import {
  AppError,
  checkColorProfileOnFarm,
  MULTIPAGE_OUTPUT,
  NO_AI_CAPABILITIES,
  type NormalisedOverrides,
  type PrintOptions,
} from '@pressroom/model';
import { acceptFormats, fileOf } from './generation-formats.js';
import { checkOverrides } from './generation-overrides.js';
import type { Accepted, DesignGeneration, GenerationInput, GenerationPlan, GenerationServiceDeps } from './generation-types.js';

/** Async generate on a printer design: one PDF per format, the request's overrides on each. */
export const printerGeneration: DesignGeneration<'printer'> = {
  async validate(input) {
    const accepted = acceptFormats(input);
    await refuseUnheldColorProfile(input.deps, input.request.printOptions);
    return { ...accepted, pages: accepted.outputs.map((name) => ({ frame: name, overrides: accepted.overrides })) };
  },
  planJobs(accepted, input) {
    const { request } = input;
    return printPlan(
      input,
      'async',
      request.callbackUrl,
      request.printOptions,
      accepted.pages.map((page) => ({ name: page.frame, pages: [page] })),
    );
  },
};

const NO_OVERRIDES = (): NormalisedOverrides => ({ layers: Object.create(null), vars: Object.create(null) });

/**
 * A multipage design renders one PDF of every page. From the multipage endpoint, `pages` is
 * keyed page_1 … page_N, each validated against that page's layers; pages not named render their
 * saved content. From the async endpoint (no format named), the request's `elements` apply on
 * every page that has a layer of that name; a named format answers 404 format_not_found, as
 * pages are not formats.
 */
export const multipageGeneration: DesignGeneration<'printer_multipage'> = {
  async validate(input): Promise<Accepted<'printer_multipage'>> {
    const design = input.found.design;
    const request = input.request;
    let overridesOf: (pageId: string) => NormalisedOverrides | undefined;
    let path: ((pageId: string) => string[]) | undefined;
    if (request.kind === 'multipage') {
      const known = new Set(design.pages.map((p) => p.id));
      const unknownPage = Object.keys(request.pages).find((id) => !known.has(id));
      if (unknownPage !== undefined) {
        throw AppError.fromIssues([
          {
            path: `pages.${unknownPage}`,
            code: 'invalid_payload',
            message: `the design has ${design.pages.length} pages; ${unknownPage} is not one`,
          },
        ]);
      }
      overridesOf = (pageId) => request.pages[pageId];
      path = (pageId) => ['pages', pageId];
    } else {
      if (request.formatNames !== null) {
        throw new AppError(
          'format_not_found',
          `A multipage design has no formats ("${request.formatNames[0]}"); its pages render together.`,
        );
      }
      overridesOf = () => request.overrides;
      path = () => ['elements'];
    }
    const pages = design.pages.map((page) => ({
      frame: page.id,
      overrides: checkOverrides(
        overridesOf(page.id) ?? NO_OVERRIDES(),
        page.elements,
        { designType: design.type, mode: 'async', ai: NO_AI_CAPABILITIES },
        path(page.id),
      ),
    }));
    await refuseUnheldColorProfile(input.deps, request.printOptions);
    return { outputs: [MULTIPAGE_OUTPUT], fileType: 'pdf', overrides: NO_OVERRIDES(), original: null, pages };
  },
  planJobs(accepted, input) {
    const request = input.request;
    return printPlan(input, 'multipage', request.callbackUrl, request.printOptions, [{ name: MULTIPAGE_OUTPUT, pages: accepted.pages }]);
  },
};

/**
 * `print.color_profile` against what the live render workers advertise (docs/print.md, "Output
 * profiles"): 400 at its path unless every one holds it. A request naming no profile reads nothing.
 */
async function refuseUnheldColorProfile(deps: GenerationServiceDeps, options: PrintOptions): Promise<void> {
  if (options.color_profile === undefined) return;
  const issue = checkColorProfileOnFarm(options.color_profile, await deps.renderWorkers());
  if (issue !== null) throw AppError.fromIssues([issue]);
}

function printPlan(
  input: Pick<GenerationInput, 'workspace'> & { found: { id: string } },
  kind: 'async' | 'multipage',
  callbackUrl: string | null,
  options: PrintOptions,
  outputs: { name: string; pages: Accepted['pages'] }[],
): GenerationPlan {
  return {
    kind,
    callbackUrl,
    fileType: 'pdf',
    aiOperations: 0,
    files: outputs.map((output) => (ids) => ({
      task: 'render_print',
      payload: {
        ...fileOf(input, ids),
        output_name: output.name,
        pages: output.pages,
        options,
        priority: 'async',
      },
    })),
  };
}
