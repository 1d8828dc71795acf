/** Runs the built `pressroom` CLI (cli/dist/pressroom.mjs, what npm installs) as a person would, with a login of its own. */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = join(ROOT, 'cli/dist/pressroom.mjs');

/** Builds the CLI bundle as `npm pack` does (its prepack). */
export function buildCli(): void {
  execFileSync(process.execPath, [join(ROOT, 'cli/build.mjs')], { stdio: 'inherit' });
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Cli {
  configHome: string;
  run(args: string[], options?: { env?: Record<string, string>; cwd?: string }): Promise<CliResult>;
}

/** A CLI with its own XDG config folder; PRESSROOM_* of the test's environment never leak in. */
export async function cliFor(): Promise<Cli> {
  const configHome = await mkdtemp(join(tmpdir(), 'pressroom-cli-config-'));
  const { PRESSROOM_URL: _u, PRESSROOM_API_KEY: _k, ...env } = process.env;
  return {
    configHome,
    run: (args, options = {}) =>
      new Promise((resolve) => {
        execFile(
          process.execPath,
          [CLI, ...args],
          { cwd: options.cwd ?? ROOT, env: { ...env, XDG_CONFIG_HOME: configHome, ...options.env }, maxBuffer: 64 * 1024 * 1024 },
          (error, stdout, stderr) => {
            const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
            resolve({ code, stdout, stderr });
          },
        );
      }),
  };
}
