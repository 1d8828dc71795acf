import type { Logger, Postmaster } from '@pressroom/platform';
import { planRestart } from './restart-policy.js';

export interface SupervisedPostgresOptions {
  /**
   * Starts the server, or adopts one found running on the data dir (`startEmbeddedPostgres` with
   * `adopt: true`) on `port`; returns the server this farm now owns. An adopted server keeps its
   * own port, and restarts use the port of the first server, which the roles were given.
   */
  start: (port: number) => Promise<Postmaster>;
  port: number;
  logger: Logger;
  /** First restart delay, doubled for each failure in a row (EMBEDDED_PG_RESTART_DELAY_MS). */
  firstDelayMs: number;
  now?: () => number;
}

/**
 * The farm's embedded Postgres, restarted with backoff when it dies (a `kill -9`, the OOM killer,
 * a crash) and stopped, whoever started it, when the farm stops. While it is down the roles'
 * pools fail their queries (the API answers 503 with Retry-After) and reconnect on their own once
 * it is back: the port and the data dir stay the same.
 */
export class SupervisedPostgres {
  private current: Postmaster | null = null;
  private stopping = false;
  private crashes = 0;
  private timer: NodeJS.Timeout | null = null;
  private restarting: Promise<void> | null = null;
  private port: number;
  private readonly now: () => number;

  constructor(private readonly options: SupervisedPostgresOptions) {
    this.now = options.now ?? Date.now;
    this.port = options.port;
  }

  /** The first start: a failure here is the farm's to report (it cannot run without a database). */
  async start(): Promise<Postmaster> {
    const starting = this.options.start(this.port);
    this.restarting = starting.then(
      () => undefined,
      () => undefined,
    );
    const server = await starting;
    this.restarting = null;
    if (this.stopping) {
      // Stopped while it was starting (a signal during the farm's start-up).
      await server.stop();
      return server;
    }
    this.port = server.port;
    if (server.adopted)
      this.options.logger.info({ pid: server.pid, port: server.port }, 'embedded postgres was already running on the data dir: adopted');
    this.watch(server);
    return server;
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  private watch(server: Postmaster): void {
    this.current = server;
    const startedAt = this.now();
    void server.exited.then((why) => {
      if (this.current === server) this.current = null;
      if (this.stopping) return;
      this.scheduleRestart(why, server.lastLines(), this.now() - startedAt);
    });
  }

  private scheduleRestart(why: string, lines: string, uptimeMs: number): void {
    const next = planRestart(this.crashes, uptimeMs, undefined, this.options.firstDelayMs);
    this.crashes = next.consecutiveCrashes;
    this.options.logger.warn(
      { reason: why, lastLines: lines || undefined, restartInMs: next.delayMs },
      'embedded postgres stopped; restarting',
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.stopping) return;
      const attemptAt = this.now();
      this.restarting = this.options.start(this.port).then(
        async (server) => {
          if (this.stopping) {
            await server.stop();
            return;
          }
          this.options.logger.info({ pid: server.pid, port: server.port, afterCrashes: this.crashes }, 'embedded postgres restarted');
          this.watch(server);
        },
        (err: Error) => this.scheduleRestart(`could not start: ${err.message}`, '', this.now() - attemptAt),
      );
      void this.restarting.finally(() => {
        this.restarting = null;
      });
    }, next.delayMs);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.restarting;
    await this.current?.stop();
  }

  /** On a forced exit: asks the server to stop (fast shutdown), which it finishes on its own. */
  requestStop(): void {
    this.stopping = true;
    this.current?.requestStop();
  }
}
