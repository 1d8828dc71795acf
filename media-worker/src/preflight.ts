import { commandRunsCheck, installCommand, type PreflightCheck } from '@pressroom/platform';

/** ffmpeg must run: FFMPEG_PATH when set, else `ffmpeg` on the PATH. */
export function ffmpegCheck(ffmpegPath: string | undefined): PreflightCheck {
  return commandRunsCheck({
    command: ffmpegPath ?? 'ffmpeg',
    args: ['-version'],
    missing: 'ffmpeg is not installed, so the media worker cannot encode video',
    fix: `${installCommand(process.platform, { apt: 'ffmpeg', brew: 'ffmpeg' })}; or set FFMPEG_PATH to an ffmpeg binary`,
  });
}
