/**
 * Storage failures callers branch on. They are internal errors (never sent as-is): the HTTP
 * layer decides what a missing object means for its route (404, `missing_assets`, ...).
 */
export class ObjectNotFoundError extends Error {
  readonly code = 'object_not_found';
  constructor(
    readonly key: string,
    options?: { cause?: unknown },
  ) {
    super(`Object not found: ${key}`, options);
    this.name = 'ObjectNotFoundError';
  }
}

/** A key or key segment that could escape its folder or is not representable in both drivers. */
export class InvalidObjectKeyError extends Error {
  readonly code = 'invalid_object_key';
  constructor(
    readonly value: string,
    reason: string,
  ) {
    super(`Invalid object key ${JSON.stringify(value.slice(0, 200))}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

export function isObjectNotFound(error: unknown): error is ObjectNotFoundError {
  return error instanceof ObjectNotFoundError;
}
