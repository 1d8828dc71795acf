import type { z } from 'zod';
import type { FieldIssue } from './app-error.js';

/**
 * Path syntax of the envelope: dots for object keys, brackets for array indices
 * (`formats[0].width`). A key that would be ambiguous in dotted form is quoted in brackets.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      // An empty key too: dotted, `rows[0].` would name no key at all.
      if (key === '' || /[.[\]"]/.test(key)) out += `[${JSON.stringify(key)}]`;
      else out += out === '' ? key : `.${key}`;
    }
  }
  return out;
}

/** Params a schema can attach to a custom issue to choose its public code and detail. */
export interface IssueParams {
  code?: string;
  expected?: unknown;
  received?: unknown;
}

/**
 * Maps zod's issues to the envelope's vocabulary. Parse with `{ reportInput: true }` so that a
 * missing field (input `undefined`) can be told apart from a wrong type.
 */
export function zodIssuesToFieldIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): FieldIssue[] {
  return issues.map((issue) => toFieldIssue(issue, prefix));
}

function toFieldIssue(issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]): FieldIssue {
  // The body as a whole (not an object, or `null`) is `body`, as the import parser names it.
  const path = formatPath([...prefix, ...issue.path]) || 'body';
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return { path, code: 'missing_required', message: 'is required' };
      return { path, code: 'invalid_payload', message: `must be ${article(issue.expected)}` };
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      const expected = issue.code === 'too_small' ? { min: bound } : { max: bound };
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return { path, code: 'out_of_range', message: issue.message, expected, received: input };
      }
      // Lengths of strings and arrays are ranges too; the documented project-name rule says so.
      const length = typeof input === 'string' || Array.isArray(input) ? input.length : undefined;
      return { path, code: 'out_of_range', message: issue.message, expected, ...(length === undefined ? {} : { received: length }) };
    }
    case 'custom': {
      const params = (issue.params ?? {}) as IssueParams;
      const out: FieldIssue = { path, code: params.code ?? 'invalid_payload', message: issue.message };
      if (params.expected !== undefined) out.expected = params.expected;
      if (params.received !== undefined) out.received = params.received;
      return out;
    }
    case 'invalid_value':
      return { path, code: 'invalid_payload', message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` };
    case 'unrecognized_keys':
      return { path, code: 'unknown_field', message: `unknown field(s): ${issue.keys.join(', ')}` };
    default:
      return { path, code: 'invalid_payload', message: issue.message };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
