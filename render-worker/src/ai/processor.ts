import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { ImageAiOps } from '@pressroom/renderer';
import type { Logger } from '@pressroom/shared/logger';
import type { ObjectStorage } from '@pressroom/shared/storage/index';
import type { ImageModel } from './local-models.js';
import type { AiMetrics, AiRunOperation } from './metrics.js';
import type { Normalisation } from './onnx-image.js';

/** The AI operations of one image, run on its fetched bytes before it is drawn. */
export interface AiProcessor {
  /** The processed bytes, and how many of the operations were served from stored results. */
  apply(bytes: Buffer, ops: ImageAiOps): Promise<{ bytes: Buffer; reused: number }>;
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
    readonly operation: AiRunOperation,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${operation} failed: ${detail}`, options);
    this.name = 'AiOperationError';
  }
}

/** Where results are kept by a hash of their inputs; absent: every operation runs. */
export interface AiResultCache {
  get(key: string): Promise<Buffer | null>;
  put(key: string, bytes: Buffer): Promise<void>;
}

/** Results in object storage under `ai-results/<operation>/<sha256>.png`. */
export function storageAiCache(storage: ObjectStorage): AiResultCache {
  return {
    async get(key) {
      if (!(await storage.head(key))) return null;
      return storage.get(key);
    },
    put: (key, bytes) => storage.put(key, bytes, { contentType: 'image/png', contentLength: bytes.length }),
  };
}

/**
 * The storage key of an operation's result: a hash of the input bytes, the operation, its
 * settings and the model (path, size and modification time, so a replaced file is a new model).
 */
export async function resultKey(operation: AiRunOperation, bytes: Buffer, settings: object, modelPath: string): Promise<string> {
  const file = await stat(modelPath);
  const hash = createHash('sha256')
    .update(JSON.stringify({ operation, settings, model: { path: modelPath, size: file.size, mtime: file.mtimeMs } }))
    .update('\0')
    .update(bytes)
    .digest('hex');
  return `ai-results/${operation}/${hash}.png`;
}

export interface AiProcessorDeps {
  metrics?: AiMetrics;
  cache?: AiResultCache;
  logger?: Logger;
}

/**
 * The local ONNX models of this worker, each loaded once on first use and shared by every render
 * (onnxruntime runs inference on its own native threads, off the event loop). remove_bg runs
 * before upscale, so the mask is computed at the image's own size. A result stored under the same
 * inputs is reused: a retried job, another format or another request does not run the model again.
 */
export function createLocalAiProcessor(options: LocalAiOptions, deps: AiProcessorDeps = {}): AiProcessor {
  const models = new Map<string, Promise<ImageModel>>();
  const provider = 'onnx' as const;
  const model = (path: string): Promise<ImageModel> => {
    let loading = models.get(path);
    if (!loading) {
      // onnxruntime is loaded with the first model, not at start: most workers never run one.
      loading = localModels().then((m) => m.loadImageModel(path));
      models.set(path, loading);
      loading.catch(() => models.delete(path));
    }
    return loading;
  };
  const attempt = async (
    operation: AiRunOperation,
    path: string | undefined,
    bytes: Buffer,
    settings: object,
    run: (model: ImageModel) => Promise<Buffer>,
  ): Promise<{ bytes: Buffer; cached: boolean }> => {
    const setting = operation === 'remove_bg' ? 'AI_REMOVE_BG_MODEL' : 'AI_UPSCALE_MODEL';
    const started = performance.now();
    try {
      if (!path) throw new AiOperationError(operation, `this render worker has no model (set ${setting})`);
      const key = deps.cache ? await resultKey(operation, bytes, settings, path) : null;
      const cached = key && deps.cache ? await deps.cache.get(key) : null;
      if (cached) {
        deps.metrics?.operations.inc({ operation, provider, outcome: 'cached' });
        return { bytes: cached, cached: true };
      }
      const out = await run(await model(path));
      const seconds = (performance.now() - started) / 1000;
      deps.metrics?.operations.inc({ operation, provider, outcome: 'ok' });
      deps.metrics?.seconds.observe({ operation, provider }, seconds);
      deps.logger?.info({ operation, provider, seconds, bytesIn: bytes.length, bytesOut: out.length }, 'ai operation ran');
      if (key && deps.cache) await deps.cache.put(key, out);
      return { bytes: out, cached: false };
    } catch (error) {
      deps.metrics?.operations.inc({ operation, provider, outcome: 'failed' });
      deps.logger?.warn({ err: error, operation, provider }, 'ai operation failed');
      if (error instanceof AiOperationError) throw error;
      throw new AiOperationError(operation, error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
  return {
    async apply(bytes, ops) {
      let out = bytes;
      let reused = 0;
      if (ops.removeBg) {
        const settings = {
          crop: ops.removeBg.crop,
          normalisation: options.aiRemoveBgNormalisation,
          inputSize: options.aiRemoveBgInputSize,
        };
        const done = await attempt('remove_bg', options.aiRemoveBgModel, out, settings, async (m) =>
          (await localModels()).removeBackground(m, out, settings),
        );
        out = done.bytes;
        if (done.cached) reused++;
      }
      if (ops.upscale) {
        const settings = {
          factor: ops.upscale.factor,
          normalisation: options.aiUpscaleNormalisation,
          maxInputSide: options.aiUpscaleMaxInputSide,
        };
        const done = await attempt('upscale', options.aiUpscaleModel, out, settings, async (m) =>
          (await localModels()).upscaleImage(m, out, settings),
        );
        out = done.bytes;
        if (done.cached) reused++;
      }
      return { bytes: out, reused };
    },
  };
}

/** The ONNX runner, imported on first use (it loads onnxruntime's native library). */
function localModels(): Promise<typeof import('./local-models.js')> {
  return import('./local-models.js');
}
