import sharp from 'sharp';
import type { AnimationRenderer } from '../../animation/render-animation.js';
import type { StaticRenderer } from '../../static/pipeline.js';
import { RenderRefusedError } from '../failures.js';

/**
 * A renderer for pipeline tests that need no Chromium: a real image of the format's size from
 * sharp. Its behaviour is steered by the request, so tests exercise every path of the task:
 * - text `REFUSE` on any layer → RenderRefusedError naming that layer (cannot_build_banner);
 * - text `CRASH` → an infrastructure failure (retried, then internal_server_error);
 * - text `SLOW:<ms>` → waits, honouring the abort signal.
 * `refuseFormats` refuses those formats whatever the request says.
 */
export function standInRenderer(options: { refuseFormats?: string[]; onRender?: () => void } = {}): StaticRenderer {
  return async (input) => {
    options.onRender?.();
    for (const [layer, props] of Object.entries(input.overrides.layers)) {
      const text = props['payload'];
      if (text === 'REFUSE') throw new RenderRefusedError(`The text of layer "${layer}" cannot fit in its box.`, layer);
      if (text === 'CRASH') throw Object.assign(new Error('browser went away'), { code: 'browser_crashed' });
      if (typeof text === 'string' && text.startsWith('SLOW:')) await sleep(Number(text.slice(5)), input.signal);
    }
    if (options.refuseFormats?.includes(input.formatName)) {
      throw new RenderRefusedError(`The text of layer "headline" cannot fit in format ${input.formatName}.`, 'headline');
    }
    const format = input.design.formats.find((f) => f.name === input.formatName)!;
    let width = Math.round(format.width);
    let height = Math.round(format.height);
    if (input.outputWidth !== undefined && input.outputWidth < width) {
      height = Math.max(1, Math.round((height * input.outputWidth) / width));
      width = input.outputWidth;
    }
    const image = sharp({ create: { width, height, channels: 3, background: '#ff8800' } });
    const bytes = input.fileType === 'png' ? await image.png().toBuffer() : await image.jpeg().toBuffer();
    return {
      bytes,
      contentType: input.fileType === 'png' ? 'image/png' : 'image/jpeg',
      width,
      height,
      timings: { fetch: 0, layout: 0.001, update: 0, fit: 0, capture: 0.001, encode: 0.001 },
      warm: null,
    };
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });
}

/** For tests that run no animated design: any animated job fails loudly instead of drawing. */
export function noAnimationRenderer(): AnimationRenderer {
  const refuse = () => Promise.reject(new Error('no animated designs in this test'));
  return { frameSource: refuse, layers: refuse, frames: refuse, html5: refuse };
}
