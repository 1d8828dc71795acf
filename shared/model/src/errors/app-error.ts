import { ERROR_STATUS, type ErrorId, statusOf } from './ids.js';

/** One field-level problem, as it appears in the envelope's `errors[]`. */
export interface FieldIssue {
  /** Dotted keys and bracketed indices: `formats[0].width`, `elements.title.color`. */
  path: string;
  code: string;
  message: string;
  expected?: unknown;
  received?: unknown;
}

export interface AppErrorOptions {
  /** Overrides the id's default status (e.g. 404 `project_not_found` on a path lookup). */
  status?: number;
  issues?: FieldIssue[];
  cause?: unknown;
  headers?: Record<string, string>;
}

/**
 * The one error type the API turns into an envelope. `message` is public: it is sent to the
 * caller for every status, so it must never carry internals. The internal detail goes in `cause`,
 * which is logged and never sent.
 */
export class AppError extends Error {
  readonly id: ErrorId;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(id: ErrorId, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.id = id;
    this.status = options.status ?? statusOf(id);
    this.issues = options.issues && options.issues.length > 0 ? options.issues : undefined;
    this.headers = options.headers;
  }

  /**
   * A validation failure built from issues: when every issue shares one code, that code is the
   * envelope id; when codes differ, the id is `invalid_payload` (docs/api.md).
   */
  static fromIssues(issues: FieldIssue[], message?: string): AppError {
    const codes = new Set(issues.map((i) => i.code));
    const only = codes.size === 1 ? [...codes][0] : undefined;
    const id: ErrorId = only !== undefined && isErrorId(only) && statusOf(only) === 400 ? only : 'invalid_payload';
    const text =
      message ?? (issues.length === 1 ? `${issues[0]?.path}: ${issues[0]?.message}` : `${issues.length} fields failed validation`);
    return new AppError(id, text, { issues });
  }
}

export function isErrorId(value: string): value is ErrorId {
  return Object.hasOwn(ERROR_STATUS, value);
}

/** Envelope body as sent on the wire (the `version` stamp is added by the HTTP layer). */
export interface ErrorEnvelope {
  id: ErrorId;
  message: string;
  errors?: FieldIssue[];
}

export function toEnvelope(error: AppError): ErrorEnvelope {
  return error.issues ? { id: error.id, message: error.message, errors: error.issues } : { id: error.id, message: error.message };
}
