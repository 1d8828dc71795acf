import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SIGNING_SECRET_FILE = 'url-signing-secret';

/**
 * The secret that signs local-storage URLs: `URL_SIGNING_SECRET` when set, else one generated
 * on first use and kept in `<dataDir>/url-signing-secret` (mode 0600). Keeping it on disk means
 * URLs handed out stay valid across restarts, and every process sharing the data dir (the
 * control plane that verifies, the workers that sign) reads the same value.
 */
export async function resolveUrlSigningSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured !== undefined && configured !== '') return configured;
  const path = join(dataDir, SIGNING_SECRET_FILE);
  const existing = await readSecret(path);
  if (existing !== undefined) return existing;
  await mkdir(dataDir, { recursive: true });
  // Write a temp file and hard-link it into place: link() is atomic and fails when the name
  // exists, so two processes starting together never see a half-written or a second secret.
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  const secret = await readSecret(path);
  if (secret === undefined) throw new Error(`${path} is empty; delete it or set URL_SIGNING_SECRET`);
  return secret;
}

async function readSecret(path: string): Promise<string | undefined> {
  try {
    const value = (await readFile(path, 'utf8')).trim();
    return value === '' ? undefined : value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
