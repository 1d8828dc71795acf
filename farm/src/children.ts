import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@pressroom/platform';
import { EXIT_WITH_PARENT_ENV, PREFLIGHT_EXIT_CODE } from '@pressroom/platform';
import { outputOf } from './entries.mjs';
import { planRestart } from './restart-policy.js';

export interface ChildSpec {
  /** The role, also the name of its process entry (farm/src/entries.mjs), whose compiled JavaScript runs. */
  role: string;
  env: NodeJS.ProcessEnv;
  /** Each line the child prints on stdout (its JSON log lines), for the farm to format. */
  onLine: (line: string) => void;
  /** The log message (`msg`) the role prints once it is up. */
  readyMessage: string;
  /** The role exited because a prerequisite is missing: restarting will not help. */
  onGiveUp: (code: number) => void;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A child role process that is restarted with backoff when it dies on its own, the way a real
 * orchestrator would; the farm's Ctrl-C stops it for good.
 *
 * Each role runs in its own process group (`detached`), so the terminal's Ctrl-C reaches only the
 * farm, which then sends each role exactly one SIGTERM: a role never sees the same stop twice.
 * The role drains when the farm goes away without stopping it (PRESSROOM_EXIT_WITH_PARENT).
 */
export class SupervisedChild {
  private child: ChildProcess | undefined;
  private stopping = false;
  private crashes = 0;
  private exited: Promise<void> = Promise.resolve();
  private markReady: () => void = () => undefined;
  /** Resolves the first time the role prints its ready message. */
  readonly ready: Promise<void> = new Promise((resolve) => {
    this.markReady = resolve;
  });

  constructor(
    readonly spec: ChildSpec,
    private readonly logger: Logger,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const startedAt = Date.now();
    // Compiled JavaScript, as in production: no TypeScript compiler at start (scripts/build.mjs;
    // the farm builds before it starts any role).
    const child = spawn(process.execPath, [join(ROOT, outputOf(this.spec.role))], {
      cwd: ROOT,
      env: { ...this.spec.env, [EXIT_WITH_PARENT_ENV]: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    this.child = child;
    if (child.stdout)
      createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        if (line.includes(this.spec.readyMessage) && readMessage(line) === this.spec.readyMessage) this.markReady();
        this.spec.onLine(line);
      });
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        resolve();
        if (this.stopping) return;
        if (code === PREFLIGHT_EXIT_CODE) {
          this.stopping = true;
          this.spec.onGiveUp(code);
          return;
        }
        const next = planRestart(this.crashes, Date.now() - startedAt);
        this.crashes = next.consecutiveCrashes;
        this.logger.warn({ role: this.spec.role, code, signal, restartInMs: next.delayMs }, 'process exited; restarting');
        setTimeout(() => {
          if (!this.stopping) this.start();
        }, next.delayMs).unref();
      });
    });
  }

  /** Last resort on a forced exit: synchronous, no waiting; takes the role's Chromium with it. */
  kill(): void {
    this.stopping = true;
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      this.logger.error({ role: this.spec.role, pid: child.pid, timeoutMs }, 'role missed its shutdown deadline: killed');
      this.kill();
    }, timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }
}

function readMessage(line: string): unknown {
  try {
    return (JSON.parse(line) as { msg?: unknown }).msg;
  } catch {
    return undefined;
  }
}

/** pino's numeric levels; a line's level is compared with the farm's LOG_LEVEL. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Number.POSITIVE_INFINITY };

/**
 * Roles log at least at info, so that the farm sees their ready lines whatever LOG_LEVEL says;
 * the farm then relays only the lines at LOG_LEVEL or above (`shouldRelay`).
 */
export function childLogLevel(level: string): string {
  return (LEVELS[level] ?? 30) > 30 ? 'info' : level;
}

/** Pure: whether a role's output line is shown at `level`. Lines that are not JSON always are. */
export function shouldRelay(line: string, level: string): boolean {
  if (!line.startsWith('{')) return true;
  const match = /"level":(\d+)/.exec(line);
  return !match || Number(match[1]) >= (LEVELS[level] ?? 30);
}
