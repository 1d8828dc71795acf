import type { FastifyInstance } from 'fastify';

/**
 * The drain of a control plane that is told to stop. Fastify closes idle connections at once
 * (`forceCloseConnections: 'idle'`) and answers requests that arrive afterwards with 503. A
 * request already in flight still answers, but on a keep-alive connection its socket would then
 * stay open, idle, until the client or the 72 s keep-alive timeout closed it, and `close()` would
 * wait for it. So every answer sent once the drain has begun says `Connection: close`, and Node
 * ends the socket as soon as the answer is out.
 */
export function registerDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('Connection', 'close');
  });
}
