import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./tiny_models.py', import.meta.url));

/**
 * Builds the two tiny test models (`tiny_models.py`) with the repository's venv Python, which
 * `requirements-test.txt` gives the pinned `onnx` package (SDK_PYTHON overrides, as for the SDK
 * checks). Returns the model paths.
 */
export async function buildTinyModels(): Promise<{ removeBg: string; upscale: string; detector: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-tiny-models-'));
  const python = process.env['SDK_PYTHON'] ?? `${ROOT}.venv/bin/python`;
  await promisify(execFile)(python, [SCRIPT, dir], { timeout: 60_000 });
  return { removeBg: join(dir, 'remove_bg.onnx'), upscale: join(dir, 'upscale.onnx'), detector: join(dir, 'detector.onnx') };
}
