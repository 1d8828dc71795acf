import { execFileSync } from 'node:child_process';
import { sdkPython } from '../../testing/sdk-python.js';

/**
 * Runs the official abyssale Python SDK's `verify_webhook_signature` on a batch of deliveries,
 * so tests check our signatures against the receivers' own reference verifier, not against
 * our verifier. The SDK's header name differs, but the check does not depend on it.
 *
 * Python comes from `sdkPython()` (SDK_PYTHON, else the `.venv` that `.ci/run` creates).
 */
export interface SdkCase {
  body: string;
  header: string | null;
  secret: string;
  now?: number;
}

const SCRIPT = `
import json, sys
try:
    from abyssale.webhooks import verify_webhook_signature
except ImportError:
    sys.stderr.write("MISSING_SDK")
    sys.exit(3)
cases = json.load(sys.stdin)
print(json.dumps([verify_webhook_signature(c["body"].encode("utf-8"), c["header"], c["secret"], now=c.get("now")) for c in cases]))
`;

export function verifyWithPythonSdk(cases: SdkCase[]): boolean[] {
  const python = sdkPython();
  try {
    const out = execFileSync(python, ['-c', SCRIPT], { input: JSON.stringify(cases), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
    return JSON.parse(out) as boolean[];
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    if (stderr.includes('MISSING_SDK') || (error as { code?: string }).code === 'ENOENT') {
      throw new Error(
        `The abyssale Python SDK is not importable with ${python}. Install it with:\n` +
          '  python3 -m venv .venv && .venv/bin/pip install abyssale==1.7.0\n' +
          'or point SDK_PYTHON at a Python that has it.',
      );
    }
    throw error;
  }
}
