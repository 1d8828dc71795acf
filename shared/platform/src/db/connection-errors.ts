/**
 * Errors that mean "the database connection is gone", not "the query is wrong": a restart
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), SQLSTATE class 08
 * (connection exception), and the socket errors of a server that is stopped or unreachable.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const MESSAGES = [
  /Connection terminated/i,
  /Client has encountered a connection error/i,
  /timeout exceeded when trying to connect/i,
  /Client was closed and is not queryable/i,
];

export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof AggregateError && err.errors.some(isConnectionError)) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
  return MESSAGES.some((re) => re.test(err.message));
}
