import type { Logger } from '../logger.js';

export interface Stoppable {
  name: string;
  stop(): Promise<void>;
}

/**
 * The one shutdown path of a process. The first SIGTERM/SIGINT drains: components stop in
 * reverse start order. A second signal, or the deadline, forces the exit.
 */
export function installShutdown(
  components: Stoppable[],
  options: { logger: Logger; timeoutMs: number; exit?: (code: number) => void },
): () => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    if (stopping) {
      options.logger.warn({ reason }, 'second signal: forcing exit');
      exit(1);
      return stopping;
    }
    options.logger.info({ reason }, 'shutting down');
    const deadline = setTimeout(() => {
      options.logger.error({ timeoutMs: options.timeoutMs }, 'shutdown deadline passed: forcing exit');
      exit(1);
    }, options.timeoutMs);
    deadline.unref();
    stopping = (async () => {
      for (const component of [...components].reverse()) {
        try {
          await component.stop();
        } catch (err) {
          options.logger.error({ err, component: component.name }, 'component failed to stop');
        }
      }
      clearTimeout(deadline);
    })();
    return stopping;
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM').then(() => exit(0)));
  process.on('SIGINT', () => void shutdown('SIGINT').then(() => exit(0)));
  return () => shutdown('requested');
}
