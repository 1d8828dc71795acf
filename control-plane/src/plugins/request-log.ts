import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's per-request lines ("incoming request", "request completed") at debug rather than
 * info: at info they drown the terminal of `npm start`. Errors and everything else keep their
 * level.
 */
export class DebugRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
