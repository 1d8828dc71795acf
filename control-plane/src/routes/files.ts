import { AppError, UPLOAD_CEILING_BYTES } from '@pressroom/model';
import {
  ByteLimit,
  type LocalObjectStorage,
  localFileResponse,
  receiveFormUpload,
  UploadTooLargeError,
  verifyObjectUrl,
} from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';

/**
 * With the local storage driver the control plane is the file server: signed, expiring URLs
 * for downloads (`/files/<key>`) and for uploads (`PUT /uploads/<key>`), and the presigned form
 * POST (`POST /uploads`, the local equivalent of an S3 POST policy). With S3 these routes do not
 * exist; URLs and forms are presigned by S3 itself. Every upload is limited while it streams.
 */
export function fileRoutes(app: FastifyInstance, storage: LocalObjectStorage): void {
  app.get('/files/*', { config: { auth: false, raw: true } }, async (request, reply) => {
    const key = (request.params as Record<string, string>)['*'] ?? '';
    const verdict = verifyObjectUrl(key, request.query as Record<string, unknown>, storage.urlSigningSecret, Date.now(), { method: 'GET' });
    if (verdict.status !== 'ok')
      throw new AppError(
        'unauthorized',
        verdict.status === 'expired' ? 'This download link has expired.' : 'This download link is not valid.',
      );
    const file = await localFileResponse(storage, key, { filename: verdict.grant.filename });
    if (!file) throw new AppError('not_found', 'No such file.');
    // Any page may read a file by its signed link (the link is the grant; no cookie goes with it):
    // the console opened at another host than the links name, a CSS mask, a canvas, a fetch.
    reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, max-age=3600')
      .header('access-control-allow-origin', '*');
    if (file.contentDisposition) reply.header('content-disposition', file.contentDisposition);
    return reply.send(file.stream);
  });

  // Uploads stream straight to storage: no body parser, so no body limit and no buffering.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put('/uploads/*', { config: { auth: false, raw: true } }, async (request, reply) => {
      const key = (request.params as Record<string, string>)['*'] ?? '';
      const contentType = request.headers['content-type'];
      const verdict = verifyObjectUrl(key, request.query as Record<string, unknown>, storage.urlSigningSecret, Date.now(), {
        method: 'PUT',
        contentType,
      });
      if (verdict.status !== 'ok')
        throw new AppError(
          'unauthorized',
          verdict.status === 'expired' ? 'This upload link has expired.' : 'This upload link is not valid.',
        );
      const length = request.headers['content-length'];
      // A signed PUT URL carries no size of its own: the ceiling of every upload applies.
      if (length !== undefined && Number(length) > UPLOAD_CEILING_BYTES) throw tooLarge(UPLOAD_CEILING_BYTES);
      const limit = new ByteLimit(UPLOAD_CEILING_BYTES);
      request.raw.pipe(limit);
      limit.on('error', () => {}); // reaches us through put's rejection
      try {
        await storage.put(key, limit, {
          contentType: verdict.grant.contentType ?? contentType ?? 'application/octet-stream',
          ...(length === undefined ? {} : { contentLength: Number(length) }),
        });
      } catch (error) {
        if (error instanceof UploadTooLargeError) throw tooLarge(error.maxBytes);
        throw error;
      }
      return reply.status(200).send({ stored: true });
    });

    scope.post('/uploads', { config: { auth: false, raw: true } }, async (request, reply) => {
      const result = await receiveFormUpload(storage, storage.urlSigningSecret, { headers: request.headers, body: request.raw });
      if (result.status === 'too_large') throw tooLarge(result.maxBytes);
      if (result.status === 'refused') {
        throw result.reason === 'malformed'
          ? new AppError('invalid_payload', result.message)
          : new AppError('unauthorized', result.message);
      }
      return reply.status(204).send();
    });
  });
}

function tooLarge(maxBytes: number): AppError {
  // Nothing past the limit is stored; Node discards the rest of the body after the answer.
  return new AppError('payload_too_large', `The upload is larger than its limit of ${maxBytes} bytes.`, {
    issues: [{ path: 'file', code: 'payload_too_large', message: 'the file is over the limit', expected: { max: maxBytes } }],
  });
}
