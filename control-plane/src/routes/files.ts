import { AppError } from '@pressroom/model';
import { type LocalObjectStorage, localFileResponse, verifyObjectUrl } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';

/**
 * With the local storage driver the control plane is the file server: signed, expiring URLs
 * for downloads (`/files/<key>`) and for uploads (`/uploads/<key>`). With S3 these routes do
 * not exist; URLs are presigned by S3 itself.
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
    reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, max-age=3600');
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
      await storage.put(key, request.raw, {
        contentType: verdict.grant.contentType ?? contentType ?? 'application/octet-stream',
        ...(length === undefined ? {} : { contentLength: Number(length) }),
      });
      return reply.status(200).send({ stored: true });
    });
  });
}
