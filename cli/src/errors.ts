/**
 * The CLI's failures: each is a class with a stable exit code (docs: cli/README.md, "Exit codes").
 * The entry maps any of them to its message and code in one place (bin.ts).
 */

/** Exit codes, stated once: the README's table is checked against this object by a unit test. */
export const EXIT = {
  ok: 0,
  /** Something unexpected (a bug, or a file that could not be written). */
  failure: 1,
  /** The command line itself is wrong: an unknown command or option, a missing argument. */
  usage: 2,
  /** The input was refused: a local file that is not valid JSON, or the API's 400/413/422 with its errors. */
  invalid: 3,
  /** The API key is missing, unknown or revoked (401), or no URL is configured. */
  auth: 4,
  /** What was named does not exist: an unknown design, import, bulk run or file (404). */
  notFound: 5,
  /** Work ran and failed: an import FAILED, a generation with failed formats, a bulk run with failed rows. */
  remoteFailed: 6,
  /** The farm could not be reached, answered 5xx or 429 after retries, or a wait timed out. */
  unavailable: 7,
  /** `designs diff` only: there are differences (like `diff`, so scripts can branch on it). */
  differences: 8,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** One entry of the API's `errors[]`, or a local problem at a path of a file. */
export interface FieldError {
  path?: string;
  code?: string;
  message: string;
  /** The local file the path belongs to (push, import). */
  file?: string;
}

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly details: FieldError[] = [],
    /** The API's envelope id, when the failure is an API answer. */
    readonly id?: string,
    readonly status?: number,
    /** What the command did before it failed (files uploaded, a run's final state): in `--json` output as `result`. */
    readonly partial?: unknown,
  ) {
    super(message);
    this.name = 'CliError';
  }

  /** The same failure, with what was done before it. */
  withPartial(partial: unknown): CliError {
    return new CliError(this.message, this.exitCode, this.details, this.id, this.status, partial);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
export const invalidInput = (message: string, details: FieldError[] = []) => new CliError(message, EXIT.invalid, details);

/** The exit code of an API answer's status. */
export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404 || status === 410) return EXIT.notFound;
  if (status === 429 || status >= 500) return EXIT.unavailable;
  return EXIT.invalid;
}

/** The spec's envelope `{id, message, errors:[{path, code, message}]}`, read loosely: any JSON may come back. */
export function fromEnvelope(status: number, body: unknown, what: string): CliError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const id = typeof envelope.id === 'string' ? envelope.id : undefined;
  const message = typeof envelope.message === 'string' ? envelope.message : `HTTP ${status}`;
  const errors = Array.isArray(envelope.errors) ? envelope.errors : [];
  const details: FieldError[] = errors.map((e) => {
    const entry = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
    return {
      ...(typeof entry.path === 'string' ? { path: entry.path } : {}),
      ...(typeof entry.code === 'string' ? { code: entry.code } : {}),
      message: typeof entry.message === 'string' ? entry.message : JSON.stringify(entry),
    };
  });
  return new CliError(`${what}: ${message}`, exitCodeOfStatus(status), details, id, status);
}

/** A failure as a person reads it: the id and status, the message, then one line per field error. */
export function formatError(error: CliError): string {
  const head = error.id
    ? `error [${error.id}${error.status ? `, HTTP ${error.status}` : ''}]: ${error.message}`
    : `error: ${error.message}`;
  const lines = error.details.map((d) => {
    const where = [d.file, d.path].filter(Boolean).join(': ');
    return `  ${where ? `${where}: ` : ''}${d.message}${d.code ? ` (${d.code})` : ''}`;
  });
  return [head, ...lines].join('\n');
}

/** The same failure for `--json`: one object on stdout. */
export function errorJson(error: CliError): Record<string, unknown> {
  return {
    error: { id: error.id ?? null, status: error.status ?? null, message: error.message, exit_code: error.exitCode, errors: error.details },
    ...(error.partial === undefined ? {} : { result: error.partial }),
  };
}
