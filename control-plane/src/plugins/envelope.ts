import { API_VERSION, AppError } from '@pressroom/model';
import type { FastifyInstance } from 'fastify';
import { acceptsJson } from './errors.js';

/**
 * The version stamp and content negotiation. Every JSON object body gets `version`, unless it
 * already has one (a Banner's integer counter); arrays never do (docs/api.md).
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.raw) return;
    if (!acceptsJson(request))
      throw new AppError('not_acceptable', 'This endpoint answers application/json; the Accept header excludes it.');
  });
  app.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
    if (
      payload !== null &&
      typeof payload === 'object' &&
      !Array.isArray(payload) &&
      !Buffer.isBuffer(payload) &&
      !Object.hasOwn(payload, 'version')
    ) {
      return { ...payload, version: API_VERSION };
    }
    return payload;
  });
}
