/**
 * An internal error that callers recognise by its class or its stable `code` (also a safe metric
 * label), never by its message. Not an API answer: `AppError` is the envelope's. A `cause`, when
 * given, is kept.
 */
export class CodedError<C extends string> extends Error {
  constructor(
    readonly code: C,
    name: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
  }
}
