import type { z } from 'zod';
import type { FieldIssue } from '../../errors/app-error.js';
import { formatPath, zodIssuesToFieldIssues } from '../../errors/zod-issues.js';
import type { DesignWarning } from '../types.js';

export type Path = readonly PropertyKey[];

/** Collects field issues and warnings while a document is parsed, with envelope paths. */
export class IssueCollector {
  readonly issues: FieldIssue[] = [];
  readonly warnings: DesignWarning[] = [];

  /**
   * @param stored the document is one Pressroom already took (the import job's re-check of its
   *   queued document): the rules it applies only when a document is written are skipped, so a
   *   document stored before such a rule came still parses.
   */
  constructor(readonly stored = false) {}

  error(path: Path, code: string, message: string, extra: { expected?: unknown; received?: unknown } = {}): void {
    this.issues.push({ path: formatPath(path), code, message, ...extra });
  }

  /**
   * An issue of a rule applied when a document is written (import, document PUT), not to one
   * already stored: rules added after designs were stored (a tween's ranges and turns) are these,
   * so a stored design never starts failing where it is parsed again; its timeline still draws it.
   */
  writeError(path: Path, code: string, message: string, extra: { expected?: unknown; received?: unknown } = {}): void {
    if (!this.stored) this.error(path, code, message, extra);
  }

  warn(path: Path, code: string, message: string, layer?: string): void {
    this.warnings.push({ code, message, path: formatPath(path), ...(layer === undefined ? {} : { layer }) });
  }

  /** Adds zod's issues under `prefix`, in the import's vocabulary. */
  zod(issues: readonly z.core.$ZodIssue[], prefix: Path): void {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path];
      const input = (issue as { input?: unknown }).input;
      if (issue.code === 'invalid_value') {
        this.error(path, 'unknown_enum_value', `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`, {
          expected: issue.values,
          received: input,
        });
      } else if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) this.error([...path, key], 'unknown_field', `unknown field ${key}`);
      } else if (issue.code === 'invalid_type' && input !== undefined) {
        this.error(path, 'wrong_type', `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`, { received: input });
      } else if (issue.code === 'invalid_union' && input !== undefined) {
        this.error(path, 'invalid_payload', 'has an invalid value', { received: input });
      } else {
        this.issues.push(...zodIssuesToFieldIssues([issue], prefix));
      }
    }
  }

  /** Parses `value` with `schema`; records issues under `path` and returns undefined on failure. */
  parse<T extends z.ZodType>(schema: T, value: unknown, path: Path): z.output<T> | undefined {
    const result = schema.safeParse(value, { reportInput: true });
    if (result.success) return result.data;
    this.zod(result.error.issues, path);
    return undefined;
  }
}
