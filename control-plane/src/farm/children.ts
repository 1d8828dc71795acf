import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@pressroom/shared/logger';

export interface ChildSpec {
  role: string;
  /** Entry file, relative to the repository root. */
  entry: string;
  env: NodeJS.ProcessEnv;
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A child role process that is restarted with backoff when it dies on its own, the way a real
 * orchestrator would; the farm's Ctrl-C stops it for good.
 */
export class SupervisedChild {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restarts = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly spec: ChildSpec,
    private readonly logger: Logger,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const child = spawn(process.execPath, ['--import', 'tsx', this.spec.entry], {
      cwd: ROOT,
      env: this.spec.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        resolve();
        if (this.stopping) return;
        this.restarts += 1;
        const delay = Math.min(30_000, 500 * 2 ** Math.min(this.restarts, 6));
        this.logger.warn({ role: this.spec.role, code, signal, restartInMs: delay }, 'process exited; restarting');
        setTimeout(() => {
          if (!this.stopping) this.start();
        }, delay).unref();
      });
    });
  }

  /** Last resort on a forced exit: synchronous, no waiting. */
  kill(): void {
    this.stopping = true;
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }
}
