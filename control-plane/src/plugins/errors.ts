import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_VERSION, AppError, type ErrorId, toEnvelope } from '@pressroom/model';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '@pressroom/platform';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkJsonBounds, findUnstorableText, MAY_HOLD_UNSTORABLE } from '../http/json-bounds.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Every failure leaves through here, framework failures included, as the documented envelope.
 * The real message is sent only for statuses below 500; a 500 is logged with its cause and
 * answered with a safe text.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (!request.routeOptions.url) return answerNoRoute(app, request, reply);
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ id: appError.id, status: appError.status }, appError.message);
    send(reply, appError);
  });

  app.setNotFoundHandler((request, reply) => answerNoRoute(app, request, reply));
}

/**
 * No route matched: 405 method_not_allowed with Allow when the path exists under another method,
 * else 404 endpoint_not_found. Also used when the framework failed before a handler could run on
 * an unmatched request (a body-carrying method such as QUERY without a Content-Type).
 */
function answerNoRoute(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '/';
  const allowed = METHODS.filter((method) => method !== request.method && app.findRoute({ method, url: path }) !== null);
  if (allowed.length > 0) {
    reply.header('Allow', allowed.join(', '));
    return send(reply, new AppError('method_not_allowed', `${request.method} is not allowed on ${path}. Allowed: ${allowed.join(', ')}.`));
  }
  return send(reply, new AppError('endpoint_not_found', `No endpoint ${request.method} ${path}.`));
}

/**
 * Fastify's `frameworkErrors`: failures of the router before any route or hook runs (a URL
 * that does not decode, such as `GET /%ff`; a path parameter past the router's length limit).
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = FRAMEWORK_CODES[error.code]?.() ?? toAppError(error);
  request.log.info({ id: appError.id, status: appError.status, code: error.code }, appError.message);
  return send(reply, appError);
}

const FRAMEWORK_CODES: Record<string, () => AppError> = {
  FST_ERR_BAD_URL: () => new AppError('invalid_payload', 'The URL is not valid: a percent-encoded sequence does not decode.'),
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError('invalid_payload', 'A path parameter is longer than the accepted maximum.', { status: 414 }),
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them still get the envelope: an
 * unknown method such as `FOO` (405), headers too large (431), a request not received within
 * the server's request timeout (408), and any other malformed request or header (400).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const appError = clientError(error.code);
  const body = JSON.stringify({ ...toEnvelope(appError), version: API_VERSION });
  socket.end(
    `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function clientError(code: string | undefined): AppError {
  switch (code) {
    case 'HPE_INVALID_METHOD':
      return new AppError('method_not_allowed', 'The request method is not one this API accepts.');
    case 'HPE_HEADER_OVERFLOW':
      return new AppError('invalid_payload', 'The request headers are larger than the accepted maximum.', { status: 431 });
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('invalid_payload', 'The request was not received within the time allowed.', { status: 408 });
    default:
      return new AppError('invalid_payload', 'The HTTP request could not be parsed.');
  }
}

function send(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply
    .status(error.status)
    .type('application/json')
    .send({ ...toEnvelope(error), version: API_VERSION });
}

const FASTIFY_CODES: Record<string, { id: ErrorId; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { id: 'unsupported_media_type', message: 'Content-Type must be application/json.' },
  FST_ERR_CTP_INVALID_TYPE: { id: 'unsupported_media_type', message: 'Content-Type must be application/json.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { id: 'payload_too_large', message: 'The request body is larger than the accepted maximum.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { id: 'invalid_json', message: 'The body is empty but Content-Type says JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { id: 'invalid_payload', message: 'Content-Length does not match the body.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { id: 'invalid_json', message: 'The body is not valid JSON.' },
};

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const fe = error as Partial<FastifyError>;
  const known = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (known) return new AppError(known.id, known.message, { cause: error });
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
    return new AppError('invalid_json', 'The body is not valid JSON.', { cause: error });
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError('invalid_payload', fe.message ?? 'Bad request.', { cause: error });
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('internal_server_error', 'The database is unavailable for a moment. Retry shortly.', {
      cause: error,
      status: 503,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_S) },
    });
  }
  return new AppError('internal_error', 'An unexpected error occurred. It has been logged.', { cause: error });
}

/** JSON bodies only; an empty body is no body (an empty generation request renders saved content). */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json(\s*;.*)?$/i, { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    // Bound the work first: a hostile body is refused after a short scan, before any parse.
    const excess = checkJsonBounds(text);
    if (excess) return done(AppError.fromIssues([excess]), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      const id = request.routeOptions.config?.malformedJsonId ?? 'invalid_json';
      return done(new AppError(id, `The body is not valid JSON: ${(err as Error).message}`), undefined);
    }
    // Postgres cannot store U+0000 or a lone surrogate; refuse them here rather than fail at storage.
    const unstorable = MAY_HOLD_UNSTORABLE.test(text) ? findUnstorableText(value) : null;
    if (unstorable !== null) return done(AppError.fromIssues([unstorable]), undefined);
    done(null, value);
  });
}

/** 406 when the Accept header rules out JSON on a JSON endpoint. */
export function acceptsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return true;
  return accept.split(',').some((part) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    return type === '*/*' || type === 'application/*' || type === 'application/json' || type.endsWith('+json');
  });
}
