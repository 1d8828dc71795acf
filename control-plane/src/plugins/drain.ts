import type { FastifyInstance } from 'fastify';

/**
 * The drain of a control plane that is told to stop. Idle connections are closed at once, and
 * requests that arrive afterwards answer 503. A request already in flight still answers, but on a
 * keep-alive connection its socket would then stay open, idle, until the client or the 72 s
 * keep-alive timeout closed it, and `close()` would wait for it (Node does not close a connection
 * that becomes idle after `server.close()`). So every answer sent once the drain has begun says
 * `Connection: close`, and Node ends the socket as soon as the answer is out.
 */
const draining = new WeakSet<FastifyInstance>();

export function registerDrain(app: FastifyInstance): void {
  // Any other close path (tests, a plugin's failure) drains the same way, if later.
  app.addHook('preClose', async () => {
    draining.add(app);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining.has(app)) reply.header('Connection', 'close');
  });
}

/**
 * The control plane's shutdown step: begins the drain at once, whatever order `close()` runs its
 * hooks in (the completion listener must stay up for the renders in flight), then closes.
 */
export async function drainAndClose(app: FastifyInstance): Promise<void> {
  draining.add(app);
  app.server.closeIdleConnections();
  await app.close();
}
