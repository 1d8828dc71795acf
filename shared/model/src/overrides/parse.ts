import { AppError, type FieldIssue } from '../errors/app-error.js';
import { zodIssuesToFieldIssues } from '../errors/zod-issues.js';
import type { OverrideContext } from './context.js';
import { elementsSchema } from './elements.js';
import type { NormalisedOverrides } from './types.js';

export type OverridesResult = { ok: true; value: NormalisedOverrides } | { ok: false; issues: FieldIssue[]; error: AppError };

/** Validates an `elements` object on its own; paths are prefixed (`elements.title.color`). */
export function parseOverrides(input: unknown, context: OverrideContext, prefix: readonly PropertyKey[] = ['elements']): OverridesResult {
  const result = elementsSchema(context).safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  const issues = zodIssuesToFieldIssues(result.error.issues, prefix);
  return { ok: false, issues, error: AppError.fromIssues(issues) };
}
