import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The ffmpeg binary, looked up once: `FFMPEG_PATH` when set, else ffmpeg-static when its
 * optional install brought a binary (an install with `--ignore-scripts` leaves the package without
 * one), else `ffmpeg` on PATH.
 */
export function resolveFfmpegPath(configured: string | undefined): string {
  if (configured) return configured;
  try {
    const fromPackage = createRequire(import.meta.url)('ffmpeg-static') as string | null;
    if (typeof fromPackage === 'string' && fromPackage.length > 0 && existsSync(fromPackage)) return fromPackage;
  } catch {
    // not installed: its install script downloads the binary and often fails
  }
  return 'ffmpeg';
}
