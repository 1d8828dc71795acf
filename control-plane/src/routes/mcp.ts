import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { API_VERSION, AppError, toEnvelope } from '@pressroom/model';
import type { ObjectStorage } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { createMcpServer } from '../mcp/server.js';
import { presentedKey } from '../plugins/auth.js';

/**
 * `POST /mcp`: the MCP endpoint (Streamable HTTP, stateless: a new server and transport per
 * request, no session id). The key is checked by the auth hook before the body reaches the MCP
 * server, so a missing or wrong key is a 401 envelope and no tool runs. The request itself draws
 * from no budget: each tool call is counted as the REST request it makes (docs/mcp.md). GET and
 * DELETE answer 405, as a stateless server without a notification stream does.
 */
export function mcpRoutes(app: FastifyInstance, deps: { db: pg.Pool; storage: ObjectStorage }): void {
  app.route({
    method: 'POST',
    url: '/mcp',
    config: { auth: true, bearer: true, counted: false, raw: true, tier: null },
    handler: async (request, reply) => {
      const caller = { workspace: request.workspace!, key: presentedKey(request)! };
      const server = createMcpServer(app, { ...deps, version: API_VERSION }, caller);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      reply.hijack();
      try {
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (err) {
        // Past hijack the error handler cannot answer: answer the envelope's 500 here.
        request.log.error({ err }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          const body = JSON.stringify({
            ...toEnvelope(new AppError('internal_server_error', 'Internal server error.')),
            version: API_VERSION,
          });
          reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(body);
        } else reply.raw.end();
      }
    },
  });
}
