// The Docker side of the container tests (*.deploy.test.ts): the CLI, the compose command this
// host has, and the farm of deploy/docker-compose.yml as a project of its own.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The image the tests build and run (the compose file's name for it). */
export const IMAGE = 'pressroom:local';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; never throws on a non-zero exit (the caller looks at `code`). */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, maxBuffer: 256 * 1024 * 1024, timeout: options.timeoutMs ?? 600_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** Like `run`, but throws with the output when the command fails. */
export async function must(command: string, args: string[], options: Parameters<typeof run>[2] = {}): Promise<string> {
  const r = await run(command, args, options);
  if (r.code !== 0) throw new Error(`\`${command} ${args.join(' ')}\` exited ${r.code}:\n${r.stderr.slice(-4000)}${r.stdout.slice(-2000)}`);
  return r.stdout;
}

/** Streams a long command's output to a log file and the console's progress to nothing. */
export function runLogged(command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      out += String(d);
    });
    child.once('error', reject);
    child.once('exit', async (code) => {
      await writeFile(logFile, out);
      resolve(code ?? 1);
    });
  });
}

export const docker = (args: string[], options?: Parameters<typeof run>[2]) => run('docker', args, options);

/** Throws a sentence saying what to run when no Docker engine answers. */
export async function assertDocker(): Promise<void> {
  const info = await docker(['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 30_000 });
  if (info.code === 0) return;
  throw new Error(
    `No Docker engine answers (${(info.stderr || info.stdout).trim().split('\n')[0]}). Run \`npm run setup -- --test\` (as root it installs docker.io and starts dockerd), or start Docker yourself.`,
  );
}

/** `docker compose` (v2) where the plugin is installed, else Debian's `docker-compose` (v1). */
export async function composeCommand(): Promise<string[]> {
  if ((await docker(['compose', 'version'], { timeoutMs: 30_000 })).code === 0) return ['docker', 'compose'];
  if ((await run('docker-compose', ['version'], { timeoutMs: 30_000 })).code === 0) return ['docker-compose'];
  throw new Error(
    'Neither `docker compose` nor `docker-compose` is installed: run `npm run setup -- --test` (Debian: apt-get install docker-compose).',
  );
}

/** The images deploy/base-images.sh makes, as the env the compose file and the build read. */
export async function localBaseEnv(): Promise<Record<string, string>> {
  const line = await must('bash', ['deploy/base-images.sh', '--print']);
  return Object.fromEntries(
    line
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split('=') as [string, string]),
  );
}

/** The extra CA certificates of this machine's bundle (a TLS-intercepting proxy's), for the build. */
export async function extraCaCerts(): Promise<string> {
  return (await must('node', ['deploy/extra-ca-certs.mjs'])).trim();
}

export class ComposeProject {
  constructor(
    readonly command: string[],
    readonly project: string,
    readonly files: string[],
    readonly env: Record<string, string>,
  ) {}

  compose(args: string[], timeoutMs = 600_000): Promise<Run> {
    const [bin, ...pre] = this.command;
    const fileArgs = this.files.flatMap((f) => ['-f', f]);
    return run(bin!, [...pre, '-p', this.project, ...fileArgs, ...args], { env: { ...process.env, ...this.env }, timeoutMs });
  }

  async mustCompose(args: string[], timeoutMs = 600_000): Promise<string> {
    const r = await this.compose(args, timeoutMs);
    if (r.code !== 0) throw new Error(`compose ${args.join(' ')} exited ${r.code}:\n${r.stderr.slice(-4000)}${r.stdout.slice(-2000)}`);
    return r.stdout;
  }

  /** Container ids of a service, running or not, oldest first. */
  async ids(service: string, all = false): Promise<string[]> {
    const filter = [
      '--filter',
      `label=com.docker.compose.project=${this.project}`,
      '--filter',
      `label=com.docker.compose.service=${service}`,
    ];
    const out = await must('docker', ['ps', ...(all ? ['-a'] : []), '-q', '--no-trunc', ...filter]);
    const ids = out.split('\n').filter(Boolean);
    if (ids.length === 0) return [];
    const created = await must('docker', ['inspect', '--format', '{{.Id}} {{.Created}}', ...ids]);
    return created
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' ') as [string, string])
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(([id]) => id);
  }

  /** The loopback port Docker published for a container's port. */
  async port(id: string, containerPort: number): Promise<number> {
    const out = await must('docker', ['port', id, `${containerPort}/tcp`]);
    const line = out.split('\n').find((l) => l.startsWith('127.0.0.1:'));
    if (!line) throw new Error(`container ${id.slice(0, 12)} publishes no loopback port for ${containerPort}: ${out}`);
    return Number(line.split(':').pop());
  }

  /** The project's user-defined network (compose's `default`). */
  network(): string {
    return `${this.project}_default`;
  }

  async logs(id: string): Promise<string> {
    const r = await docker(['logs', id]);
    return r.stdout + r.stderr;
  }

  /** Every container's log into `dir`, for a failure's post-mortem. */
  async dumpLogs(dir: string): Promise<void> {
    const out = await docker(['ps', '-a', '--filter', `label=com.docker.compose.project=${this.project}`, '--format', '{{.Names}}']);
    for (const name of out.stdout.split('\n').filter(Boolean)) await writeFile(join(dir, `${name}.log`), await this.logs(name));
  }
}

export const hasFile = (path: string) => existsSync(join(ROOT, path));
