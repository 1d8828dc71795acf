/**
 * Pure: whether an error means the database could not be reached or went away under the query
 * (down, restarting, starting up, a dropped connection), as opposed to a query that failed. The
 * API answers those 503 with Retry-After (a service behind it failed; it may be back in a moment),
 * never 500 `internal_error`, which is for failures inside the API itself.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, recovering).
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);
// node-postgres's own words for a connection that is gone or could not be made in time.
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exceptions.
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && CLIENT_MESSAGES.some((m) => message.startsWith(m))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Seconds a client is told to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_S = 5;
