import { env, option } from '@pressroom/model';

export { resolveFfmpegPath } from './ffmpeg-path.js';
export { FfmpegError, runFfmpeg } from './run-ffmpeg.js';

/** The ffmpeg option of every process that runs it (media workers; render workers for video layers). */
export const ffmpegOptions = {
  ffmpegPath: option(env.optionalString(), undefined, 'ffmpeg binary. Unset: ffmpeg-static when installed, else `ffmpeg` on PATH.'),
};
