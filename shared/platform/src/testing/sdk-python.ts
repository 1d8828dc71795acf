import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The Python that has the official abyssale SDK: SDK_PYTHON, else the `.venv` that `.ci/run`
 * creates. A missing SDK fails loudly — it is part of the contract under test, never skipped.
 */
export function sdkPython(): string {
  const python = process.env['SDK_PYTHON'] ?? `${REPO_ROOT}.venv/bin/python`;
  if (!existsSync(python)) {
    throw new Error(
      `No Python with the abyssale SDK at ${python}. Run:\n  npm run setup -- --test   (or: python3 -m venv .venv && .venv/bin/pip install -r requirements-test.txt)\nor set SDK_PYTHON.`,
    );
  }
  return python;
}
