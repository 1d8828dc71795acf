import { AppError, defaultFileType, type FormatDesign } from '@pressroom/model';
import { findBanner } from '@pressroom/platform';
import { checkOverrides } from './generation-overrides.js';
import type { Accepted, FileIds, FormatDesignType, FormatRequest, GenerationInput } from './generation-types.js';

/** A design with formats and its request: sync (static designs) or async, as the parser allowed. */
type FormatInput<T extends FormatDesignType> = Omit<GenerationInput<T>, 'request'> & { request: FormatRequest<T> };

/**
 * What every design with formats checks (static, animated, printer): the overrides against the
 * layers, the formats (sync: the one named or the first; async: those
 * named, or all) and the file type (the design's default when none is named).
 */
export function acceptFormats<T extends FormatDesignType>(input: FormatInput<T>): Accepted<T> {
  const { deps, found, request } = input;
  const design: FormatDesign = found.design;
  const overrides = checkOverrides(request.overrides, design.elements, { designType: design.type, mode: request.kind, ai: deps.ai });
  const outputs = request.kind === 'sync' ? [syncFormat(design, request.formatName)] : asyncFormats(design, request.formatNames);
  const fileType = request.fileType ?? defaultFileType(input.designType, found.defaultFileType);
  return { outputs, fileType, overrides, original: null, pages: [] };
}

function syncFormat(design: FormatDesign, named: string | null): string {
  const formatName = named ?? design.formats[0]?.name;
  if (formatName === undefined || !design.formats.some((f) => f.name === formatName)) {
    throw new AppError('format_not_found', `The design has no format "${formatName ?? ''}".`);
  }
  return formatName;
}

function asyncFormats(design: FormatDesign, named: string[] | null): string[] {
  const known = new Set(design.formats.map((f) => f.name));
  // The parser made the named list a non-empty set (requests.ts, formatNamesField).
  const formats = named ?? design.formats.map((f) => f.name);
  const unknown = formats.find((name) => !known.has(name));
  if (unknown !== undefined) throw new AppError('format_not_found', `The design has no format "${unknown}".`);
  if (formats.length === 0) throw new AppError('format_not_found', 'No format to generate.');
  return formats;
}

/**
 * `original_visual_id` (static and animated designs, on the sync and async endpoints): the new
 * Banner is the next version of that one, so it must be of this design and this one format. A
 * list of several formats was refused by the request parser; this is where a design of several
 * formats with none named is (async; the sync endpoint always renders one format).
 */
export async function originalOf<T extends FormatDesignType>(input: FormatInput<T>, outputs: readonly string[]): Promise<string | null> {
  const { request } = input;
  if (request.originalVisualId === null) return null;
  if (outputs.length !== 1)
    throw new AppError('more_than_one_format', 'original_visual_id needs exactly one format in template_format_names.');
  const banner = await findBanner(input.deps.db, input.workspace.id, request.originalVisualId);
  if (!banner) throw new AppError('visual_not_found', `Visual ${request.originalVisualId} was not found.`);
  if (banner.design_id !== input.found.id)
    throw new AppError('not_related_to_same_template', 'The original visual was generated from another design.');
  if (banner.format_name !== outputs[0]) throw new AppError('not_related_to_same_format', 'The original visual has another format.');
  return banner.id;
}

/** What every file's job payload says about where it belongs (version 1 of each contract). */
export function fileOf(input: Pick<GenerationInput, 'workspace'> & { found: { id: string } }, ids: FileIds) {
  return {
    v: 1 as const,
    generation_request_id: ids.requestId,
    banner_id: ids.bannerId,
    workspace_id: input.workspace.id,
    design_id: input.found.id,
    enqueued_at: ids.enqueuedAt,
  };
}
