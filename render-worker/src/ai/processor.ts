import type { ImageAiOps } from '@pressroom/renderer';
import { type ImageModel, loadImageModel, removeBackground, upscaleImage } from './local-models.js';
import type { Normalisation } from './onnx-image.js';

/** The AI operations of one image, run on its fetched bytes before it is drawn. */
export interface AiProcessor {
  apply(bytes: Buffer, ops: ImageAiOps): Promise<Buffer>;
}

export interface LocalAiOptions {
  aiRemoveBgModel?: string | undefined;
  aiRemoveBgNormalisation: Normalisation;
  aiRemoveBgInputSize: number;
  aiUpscaleModel?: string | undefined;
  aiUpscaleNormalisation: Normalisation;
  aiUpscaleMaxInputSide: number;
}

/** An AI operation failed on this image: deterministic, recorded at once, the reason names it. */
export class AiOperationError extends Error {
  readonly code = 'ai_operation_failed';
  constructor(
    readonly operation: 'remove_bg' | 'upscale',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${operation} failed: ${detail}`, options);
    this.name = 'AiOperationError';
  }
}

/**
 * The local ONNX models of this worker, each loaded once on first use and shared by every render
 * (onnxruntime runs inference on its own native threads, off the event loop). remove_bg runs
 * before upscale, so the mask is computed at the image's own size.
 */
export function createLocalAiProcessor(options: LocalAiOptions): AiProcessor {
  const models = new Map<string, Promise<ImageModel>>();
  const model = (operation: 'remove_bg' | 'upscale', path: string | undefined): Promise<ImageModel> => {
    const setting = operation === 'remove_bg' ? 'AI_REMOVE_BG_MODEL' : 'AI_UPSCALE_MODEL';
    if (!path) return Promise.reject(new AiOperationError(operation, `this render worker has no model (set ${setting})`));
    let loading = models.get(path);
    if (!loading) {
      loading = loadImageModel(path);
      models.set(path, loading);
      loading.catch(() => models.delete(path));
    }
    return loading;
  };
  const attempt = async (operation: 'remove_bg' | 'upscale', run: () => Promise<Buffer>): Promise<Buffer> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AiOperationError) throw error;
      throw new AiOperationError(operation, error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
  return {
    async apply(bytes, ops) {
      let out = bytes;
      if (ops.removeBg) {
        const crop = ops.removeBg.crop;
        out = await attempt('remove_bg', async () =>
          removeBackground(await model('remove_bg', options.aiRemoveBgModel), out, {
            normalisation: options.aiRemoveBgNormalisation,
            inputSize: options.aiRemoveBgInputSize,
            crop,
          }),
        );
      }
      if (ops.upscale) {
        const factor = ops.upscale.factor;
        out = await attempt('upscale', async () =>
          upscaleImage(await model('upscale', options.aiUpscaleModel), out, {
            normalisation: options.aiUpscaleNormalisation,
            factor,
            maxInputSide: options.aiUpscaleMaxInputSide,
          }),
        );
      }
      return out;
    },
  };
}
