import { AppError } from '@pressroom/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { findWorkspaceByKey, type Workspace } from '../services/workspaces.js';

declare module 'fastify' {
  interface FastifyRequest {
    workspace: Workspace | undefined;
  }
  interface FastifyContextConfig {
    /** Also take the key from `Authorization: Bearer <key>` (the MCP endpoint; MCP clients send that). */
    bearer?: boolean;
  }
}

/** The key a request presents: `x-api-key`, or on routes that allow it `Authorization: Bearer`. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key || !request.routeOptions.config?.bearer) return key || undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * Every route is authenticated unless it says `auth: false`. All failures are 401 (never 403):
 * `unauthorized` for a missing, unknown or revoked key, `api_access_denied` for a plan without
 * API access.
 */
export function registerAuth(app: FastifyInstance, db: pg.Pool): void {
  app.decorateRequest('workspace', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.auth === false || !request.routeOptions.url) return;
    const key = presentedKey(request);
    if (!key) {
      const expected = request.routeOptions.config?.bearer ? 'x-api-key or Authorization: Bearer header' : 'x-api-key header';
      throw new AppError('unauthorized', `Missing ${expected}.`);
    }
    const workspace = await findWorkspaceByKey(db, key);
    if (!workspace) throw new AppError('unauthorized', 'The API key is unknown or no longer active.');
    if (workspace.plan === 'no-api') throw new AppError('api_access_denied', 'The workspace plan does not include API access.');
    request.workspace = workspace;
  });
}
