import { AppError, checkAnimatedDelivery, gifFps } from '@pressroom/model';
import { acceptFormats, fileOf, originalOf } from './generation-formats.js';
import type { DesignGeneration } from './generation-types.js';

/**
 * Animated designs (async only): `CREDIT_COST_ANIMATION` per file, and each file's jobs (frame
 * ranges or the HTML5 page) planned by `addAnimatedFileJobs` from the design's timeline.
 */
export const animatedGeneration: DesignGeneration<'animated'> = {
  async validate(input) {
    const accepted = acceptFormats(input);
    const original = await originalOf(input, accepted.outputs);
    // Known only now: the file type may be the design's default, and the 30 s limit needs its timeline.
    const issues = checkAnimatedDelivery(input.request.delivery, { fileType: accepted.fileType, animation: input.found.design.animation });
    if (issues.length > 0) throw AppError.fromIssues(issues);
    return { ...accepted, original };
  },
  planJobs(accepted, input) {
    const { design } = input.found;
    const { fileType } = accepted;
    const { request } = input;
    const { delivery, output } = request;
    // video.fps and gif.max_fps set the capture rate; checkOutputOptions kept each to its file type.
    const fps = output.videoFps ?? (output.gifMaxFps === null ? undefined : gifFps(output.gifMaxFps));
    return {
      kind: 'async',
      callbackUrl: request.callbackUrl,
      fileType,
      aiOperations: 0,
      files: accepted.outputs.map((formatName) => (ids) => ({
        task: 'animated',
        duration: design.animation.duration,
        payload: {
          ...fileOf(input, ids),
          format_name: formatName,
          file_type: fileType,
          overrides: accepted.overrides,
          priority: 'async',
          original_banner_id: accepted.original,
          delivery: {
            click_url: delivery.clickUrl,
            loop_count: delivery.loopCount,
            gif_max_width: delivery.gifMaxWidth,
            ...(output.gifRepeat === null ? {} : { gif_repeat: output.gifRepeat }),
            ...(output.html5Title === null ? {} : { html5_title: output.html5Title }),
            ...(output.html5Backup === null ? {} : { html5_backup: output.html5Backup }),
            ...(output.adNetwork === null ? {} : { html5_ad_network: output.adNetwork }),
          },
          ...(output.quality === null ? {} : { quality: output.quality }),
          ...(fps === undefined ? {} : { fps }),
        },
      })),
    };
  },
};
