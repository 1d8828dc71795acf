/**
 * The ids a design import can fail with once it was accepted (its build phase), reported in the
 * import record's `error` ({path, code, message}). Request-time problems answer 400 instead.
 */
export const IMPORT_BUILD_ERROR_IDS = [
  'text_fit_failed',
  'image_processing_failed',
  'media_processing_failed',
  'invalid_asset',
  'font_resolution_failed',
  'import_failed',
] as const;
export type ImportBuildErrorId = (typeof IMPORT_BUILD_ERROR_IDS)[number];

/** Warnings that `?strict=true` turns into the import's failure, with the same code and path. */
export const STRICT_FAILING_WARNINGS = ['text_fit_failed'] as const satisfies readonly ImportBuildErrorId[];

export interface BuildWarning {
  code: string;
  message: string;
  path?: string | undefined;
}

/**
 * Under `?strict=true` the first warning that strict mode refuses becomes the import's error;
 * otherwise (or without one) null, and the warnings stay warnings.
 */
export function strictFailure(
  warnings: readonly BuildWarning[],
  strict: boolean,
): { code: ImportBuildErrorId; path: string; message: string } | null {
  if (!strict) return null;
  const hit = warnings.find((w) => (STRICT_FAILING_WARNINGS as readonly string[]).includes(w.code));
  if (!hit) return null;
  return { code: hit.code as ImportBuildErrorId, path: hit.path ?? '', message: `${hit.message} (strict import)` };
}
