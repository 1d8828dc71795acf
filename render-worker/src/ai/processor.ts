import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { AI_HTTP_PROVIDER_CHOICES, Logger, ObjectStorage } from '@pressroom/platform';
import type { ImageAiOps } from '@pressroom/renderer';
import { outpaintInputs, toPng } from './expand.js';
import { nearestSize, type PixelSize, type RetryReason, sizeParam } from './http-plan.js';
import type { ImageProvider } from './http-provider.js';
import type { ImageModel } from './local-models.js';
import { AI_OPERATION_PROVIDER, type AiMetrics, type AiRunOperation } from './metrics.js';
import type { Normalisation } from './onnx-image.js';

/** What the operations of one image may need from the render around them. */
export interface AiApplyContext {
  /** Bytes of a customer URL (inpaint_images), through the render's guarded loader. */
  fetchImage?: (url: string) => Promise<Buffer>;
  signal?: AbortSignal;
}

/** The AI operations of one image, run on its fetched bytes before it is drawn. */
export interface AiProcessor {
  /**
   * The processed bytes, and how many of the operations were served from stored results.
   * `bytes` is null when the layer has no image of its own (text_to_image draws one).
   */
  apply(bytes: Buffer | null, ops: ImageAiOps, context?: AiApplyContext): Promise<{ bytes: Buffer; reused: number }>;
}

export interface LocalAiOptions {
  aiRemoveBgModel?: string | undefined;
  aiRemoveBgNormalisation: Normalisation;
  aiRemoveBgInputSize: number;
  aiUpscaleModel?: string | undefined;
  aiUpscaleNormalisation: Normalisation;
  aiUpscaleMaxInputSide: number;
}

type ProviderChoice = (typeof AI_HTTP_PROVIDER_CHOICES)[number];

export interface HttpAiOptions {
  aiTextToImageProvider: ProviderChoice;
  aiExpandProvider: ProviderChoice;
  /** Sent instead of the request's model name; unset: the request's name goes as it is. */
  aiTextToImageModel?: string | undefined;
  aiExpandModel?: string | undefined;
  aiExpandPrompt: string;
  /** The sizes the provider draws; the one nearest the wanted shape is asked for. */
  aiImageSizes: readonly PixelSize[];
}

export type AiOptions = LocalAiOptions & HttpAiOptions;

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
 * The storage key of an operation's result: a hash of the operation, its settings, what runs it
 * (a model file's path, size and modification time, so a replaced file is a new model; or the
 * provider's URL and model name) and every input image's bytes.
 */
export function resultKey(operation: AiRunOperation, inputs: readonly Buffer[], settings: object, runner: object): string {
  const hash = createHash('sha256').update(JSON.stringify({ operation, settings, runner }));
  for (const bytes of inputs) hash.update('\0').update(String(bytes.length)).update('\0').update(bytes);
  return `ai-results/${operation}/${hash.digest('hex')}.png`;
}

async function modelIdentity(path: string): Promise<object> {
  const file = await stat(path);
  return { path, size: file.size, mtime: file.mtimeMs };
}

export interface AiProcessorDeps {
  metrics?: AiMetrics;
  cache?: AiResultCache;
  logger?: Logger;
  /** The OpenAI-compatible provider; absent: text_to_image and expand fail naming the setting. */
  provider?: ImageProvider | null;
}

/** What one operation needs to run: its inputs (hashed), settings, what runs it, and the run. */
interface Step {
  operation: AiRunOperation;
  inputs: Buffer[];
  settings: object;
  runner: () => Promise<object>;
  run: () => Promise<Buffer>;
}

/**
 * The AI operations of this worker, in the order text_to_image, expand, remove_bg, upscale: each
 * takes the previous one's result. Local ONNX models are loaded once on first use and shared by
 * every render (onnxruntime runs inference on its own native threads, off the event loop); the
 * HTTP provider caps its own concurrency. A result stored under the same inputs is reused: a
 * retried job, another format or another request does not run the model or call the provider again.
 */
export function createAiProcessor(options: AiOptions, deps: AiProcessorDeps = {}): AiProcessor {
  const models = new Map<string, Promise<ImageModel>>();
  const loadModel = (path: string): Promise<ImageModel> => {
    let loading = models.get(path);
    if (!loading) {
      // onnxruntime is loaded with the first model, not at start: most workers never run one.
      loading = localModels().then((m) => m.loadImageModel(path));
      models.set(path, loading);
      loading.catch(() => models.delete(path));
    }
    return loading;
  };
  const localModelPaths: Record<LocalOperation, string | undefined> = {
    remove_bg: options.aiRemoveBgModel,
    upscale: options.aiUpscaleModel,
  };
  const needModel = (operation: AiRunOperation, path: string | undefined, setting: string): string => {
    if (!path) throw new AiOperationError(operation, `this render worker has no model (set ${setting})`);
    return path;
  };
  const needProvider = (operation: AiRunOperation, choice: ProviderChoice, setting: string): ImageProvider => {
    if (choice !== 'http' || !deps.provider)
      throw new AiOperationError(operation, `this render worker has no provider (set ${setting}=http)`);
    return deps.provider;
  };

  const attempt = async (step: Step): Promise<{ bytes: Buffer; cached: boolean }> => {
    const { operation } = step;
    const provider = AI_OPERATION_PROVIDER[operation];
    const started = performance.now();
    try {
      const key = deps.cache ? resultKey(operation, step.inputs, step.settings, await step.runner()) : null;
      const cached = key && deps.cache ? await deps.cache.get(key) : null;
      if (cached) {
        deps.metrics?.operations.inc({ operation, provider, outcome: 'cached' });
        return { bytes: cached, cached: true };
      }
      const out = await step.run();
      const seconds = (performance.now() - started) / 1000;
      deps.metrics?.operations.inc({ operation, provider, outcome: 'ok' });
      deps.metrics?.seconds.observe({ operation, provider }, seconds);
      deps.logger?.info({ operation, provider, seconds, bytesOut: out.length }, 'ai operation ran');
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
    async apply(bytes, ops, context = {}) {
      let out = bytes;
      let reused = 0;
      const hooks = (operation: AiRunOperation) => ({
        ...(context.signal ? { signal: context.signal } : {}),
        onRetry: (reason: RetryReason) => deps.metrics?.retries.inc({ operation, provider: 'http', reason }),
      });
      const step = async (s: Omit<Step, 'inputs'> & { inputs: () => Promise<Buffer[]> }) => {
        let inputs: Buffer[];
        try {
          inputs = await s.inputs();
        } catch (error) {
          if (context.signal?.aborted) throw error;
          deps.metrics?.operations.inc({ operation: s.operation, provider: AI_OPERATION_PROVIDER[s.operation], outcome: 'failed' });
          if (error instanceof AiOperationError) throw error;
          throw new AiOperationError(s.operation, error instanceof Error ? error.message : String(error), { cause: error });
        }
        const done = await attempt({ ...s, inputs });
        if (done.cached) reused++;
        return done.bytes;
      };
      const current = (operation: AiRunOperation): Buffer => {
        if (out === null) throw new AiOperationError(operation, 'the layer has no image to work on');
        return out;
      };

      if (ops.textToImage) {
        const t2i = ops.textToImage;
        const provider = () => needProvider('text_to_image', options.aiTextToImageProvider, 'AI_TEXT_TO_IMAGE_PROVIDER');
        const request = {
          prompt: t2i.prompt,
          model: options.aiTextToImageModel ?? t2i.model,
          size: sizeParam(nearestSize(t2i.ratio, options.aiImageSizes)),
          quality: t2i.quality,
        };
        let references: Buffer[] = [];
        out = await step({
          operation: 'text_to_image',
          inputs: async () => {
            provider();
            if (t2i.inpaintImages.length === 0) return [];
            const fetchImage = context.fetchImage;
            if (!fetchImage) throw new Error('inpaint images cannot be fetched here');
            references = await Promise.all(t2i.inpaintImages.map(async (url) => toPng(await fetchImage(url))));
            return references;
          },
          settings: request,
          runner: async () => provider().identity,
          // With inpaint images the provider edits them (`/images/edits`); without, it generates.
          run: () =>
            references.length > 0
              ? provider().edit({ ...request, images: references, mask: null }, hooks('text_to_image'))
              : provider().generate(request, hooks('text_to_image')),
        });
      }
      if (ops.expand) {
        const provider = () => needProvider('expand', options.aiExpandProvider, 'AI_EXPAND_PROVIDER');
        const input = current('expand');
        const size = nearestSize(ops.expand.aspect, options.aiImageSizes);
        const request = {
          prompt: options.aiExpandPrompt,
          model: options.aiExpandModel ?? ops.expand.model ?? 'image-outpaint',
          size: sizeParam(size),
          quality: null,
        };
        out = await step({
          operation: 'expand',
          inputs: async () => {
            provider();
            return [input];
          },
          settings: request,
          runner: async () => provider().identity,
          run: async () => {
            const canvas = await outpaintInputs(input, size);
            return provider().edit({ ...request, images: [canvas.image], mask: canvas.mask }, hooks('expand'));
          },
        });
      }
      /** A local ONNX model's operation on the current image. */
      const localStep = (
        operation: LocalOperation,
        settings: object,
        run: (models: LocalModels, loaded: ImageModel, input: Buffer) => Promise<Buffer>,
      ) => {
        const input = current(operation);
        const path = () => needModel(operation, localModelPaths[operation], LOCAL_MODEL_SETTING[operation]);
        return step({
          operation,
          inputs: async () => [input],
          settings,
          runner: () => modelIdentity(path()),
          run: async () => run(await localModels(), await loadModel(path()), input),
        });
      };
      if (ops.removeBg) {
        const { crop } = ops.removeBg;
        const settings = { crop, normalisation: options.aiRemoveBgNormalisation, inputSize: options.aiRemoveBgInputSize };
        out = await localStep('remove_bg', settings, (m, loaded, input) => m.removeBackground(loaded, input, settings));
      }
      if (ops.upscale) {
        const { factor } = ops.upscale;
        const settings = { factor, normalisation: options.aiUpscaleNormalisation, maxInputSide: options.aiUpscaleMaxInputSide };
        out = await localStep('upscale', settings, (m, loaded, input) => m.upscaleImage(loaded, input, settings));
      }
      if (out === null) throw new AiOperationError('text_to_image', 'no operation produced an image');
      return { bytes: out, reused };
    },
  };
}

/** The ONNX runner, imported on first use (it loads onnxruntime's native library). */
type LocalModels = typeof import('./local-models.js');

/** The operations run by a local ONNX model, and the setting that names each one's model file. */
type LocalOperation = 'remove_bg' | 'upscale';
const LOCAL_MODEL_SETTING: Record<LocalOperation, string> = { remove_bg: 'AI_REMOVE_BG_MODEL', upscale: 'AI_UPSCALE_MODEL' };

function localModels(): Promise<LocalModels> {
  return import('./local-models.js');
}
