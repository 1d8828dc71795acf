import type { Logger } from '../logger.js';
import { decideSignal } from './signal-policy.js';

export interface Stoppable {
  name: string;
  stop(): Promise<void>;
}

/** Set by a supervisor (the farm) on the roles it starts in their own process group. */
export const EXIT_WITH_PARENT_ENV = 'PRESSROOM_EXIT_WITH_PARENT';

/**
 * The one shutdown path of a process. The first SIGTERM/SIGINT/SIGHUP drains: components stop in
 * reverse start order. Copies of that signal arriving by other routes within a moment are
 * ignored (see `decideSignal`); a deliberate later signal, or the deadline, forces the exit.
 * A process started with PRESSROOM_EXIT_WITH_PARENT=1 also drains when its parent goes away,
 * so a role in its own process group never outlives a supervisor killed with SIGKILL.
 */
export function installShutdown(
  components: Stoppable[],
  options: { logger: Logger; timeoutMs: number; exit?: (code: number) => void; now?: () => number },
): () => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const now = options.now ?? Date.now;
  let stopping: Promise<void> | undefined;
  let firstSignalAt: number | undefined;
  const shutdown = (reason: string): Promise<void> => {
    const decision = decideSignal(firstSignalAt, now());
    if (decision === 'ignore') {
      options.logger.debug({ reason }, 'already shutting down');
      return stopping ?? Promise.resolve();
    }
    if (decision === 'force') {
      options.logger.warn({ reason }, 'second signal: forcing exit');
      exit(1);
      return stopping ?? Promise.resolve();
    }
    firstSignalAt = now();
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
  // A signal (or the parent's exit) ends the process once the drain is done.
  const onSignal = (reason: string) => {
    const first = firstSignalAt === undefined;
    const drained = shutdown(reason);
    if (first) void drained.then(() => exit(0));
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  // The terminal went away (window closed, ssh dropped): drain too, rather than die on the spot
  // and leave the roles and the embedded Postgres, which run in their own process groups, behind.
  process.on('SIGHUP', () => onSignal('SIGHUP'));
  // Output to a terminal that is gone fails with EIO/EPIPE; that must not crash the drain.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  if (process.env[EXIT_WITH_PARENT_ENV] === '1') {
    const parent = process.ppid;
    const watch = setInterval(() => {
      if (process.ppid === parent) return;
      clearInterval(watch);
      onSignal('parent exited');
    }, 1_000);
    watch.unref();
  }
  return () => shutdown('requested');
}
