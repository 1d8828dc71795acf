import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from './openapi.js';

export const DOCS_PREFIX = '/docs';

/**
 * Interactive API docs at /docs (Swagger UI, every asset served from node_modules, no CDN), for
 * the same document as GET /openapi.json. Needs no key, like the document itself.
 */
export async function docsRoutes(app: FastifyInstance, serverUrl: string): Promise<void> {
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), auth: false };
    });
    // Static mode with a placeholder: each request is answered with the live document below.
    await docs.register(fastifySwagger, {
      mode: 'static',
      specification: { document: { openapi: '3.1.0', info: { title: 'Pressroom API', version: '' }, paths: {} } },
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      transformSpecificationClone: false,
      transformSpecification: () => buildOpenApi(app.routeRegistry, serverUrl),
      uiConfig: { deepLinking: true, persistAuthorization: true },
    });
  });
}
