import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `npm run --silent admin -- …` exactly as the README says, and parses its one JSON line. */
export function admin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; json: Record<string, unknown>; stdout: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, stdout) => {
        const lines = stdout.trim().split('\n');
        try {
          resolve({ code: error ? Number(error.code ?? 1) : 0, json: JSON.parse(lines.at(-1) ?? ''), stdout });
        } catch {
          reject(new Error(`admin ${args.join(' ')} printed no JSON: ${stdout} ${error?.message ?? ''}`));
        }
      },
    );
  });
}
