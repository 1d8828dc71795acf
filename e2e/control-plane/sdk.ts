import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SDK_DIR = fileURLToPath(new URL('./sdk/', import.meta.url));

/** The venv `.ci/run` creates, or SDK_PYTHON. A missing SDK fails loudly: it is part of the contract. */
export function sdkPython(): string {
  const python = process.env['SDK_PYTHON'] ?? `${ROOT}.venv/bin/python`;
  if (!existsSync(python)) {
    throw new Error(
      `No Python with the abyssale SDK at ${python}. Run: python3 -m venv .venv && .venv/bin/pip install abyssale==1.7.0 (or set SDK_PYTHON).`,
    );
  }
  return python;
}

export interface SdkReport {
  passed: number;
  failed: number;
  results: { check: string; ok: boolean; error?: string }[];
}

/** Runs one of the SDK check scripts against a farm and returns its JSON report. */
export function runSdkCheck(script: string, baseUrl: string, apiKey: string, extraEnv: Record<string, string> = {}): Promise<SdkReport> {
  return new Promise((resolve, reject) => {
    execFile(
      sdkPython(),
      [`${SDK_DIR}${script}`],
      { cwd: SDK_DIR, env: { ...process.env, ABYSSALE_BASE_URL: baseUrl, ABYSSALE_API_KEY: apiKey, ...extraEnv }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const line = stdout.trim().split('\n').at(-1) ?? '';
        try {
          resolve(JSON.parse(line) as SdkReport);
        } catch {
          reject(new Error(`SDK check ${script} printed no report (${error?.message ?? ''}):\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}
