import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sdkPython } from '@pressroom/platform/testing';

const SDK_DIR = fileURLToPath(new URL('./sdk/', import.meta.url));

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
