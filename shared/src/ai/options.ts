import { env, option } from '../config/index.js';
import type { AiCapabilities, AiOperation } from './refusals.js';

/** Who runs an operation that an HTTP provider can serve: nobody (refused), or the configured HTTP provider. */
export const AI_HTTP_PROVIDER_CHOICES = ['none', 'http'] as const;

/**
 * What decides which AI operations a farm runs. Both the control plane (to refuse what nothing
 * backs, before anything is charged) and the render worker (to run them) read these, so a farm
 * gives each once, in the environment of both roles (docs/ai.md).
 */
export const aiModelOptions = {
  aiRemoveBgModel: option(
    env.optionalString(),
    undefined,
    'Path of an ONNX salient-object or matting model (U²-Net, IS-Net, RMBG layout: 1×3×H×W in, 1×1×H×W mask out) that runs remove_bg in the render worker. Unset: remove_bg is refused.',
  ),
  aiUpscaleModel: option(
    env.optionalString(),
    undefined,
    'Path of an ONNX super-resolution model (1×3×H×W in, 1×3×sH×sW out) that runs upscale in the render worker. Unset: upscale is refused.',
  ),
  aiTextToImageProvider: option(
    env.enum(AI_HTTP_PROVIDER_CHOICES),
    'none',
    'Who runs text_to_image: none (refused) or http (the OpenAI-compatible images API at AI_HTTP_BASE_URL, /images/generations, /images/edits with inpaint_images).',
  ),
  aiExpandProvider: option(
    env.enum(AI_HTTP_PROVIDER_CHOICES),
    'none',
    'Who runs expand (outpainting to the layer box): none (refused) or http (/images/edits with a mask at AI_HTTP_BASE_URL).',
  ),
};

/** What a process with these options can run: the operations with a model or a provider configured. */
export function aiCapabilitiesOf(config: {
  aiRemoveBgModel?: string | undefined;
  aiUpscaleModel?: string | undefined;
  aiTextToImageProvider?: (typeof AI_HTTP_PROVIDER_CHOICES)[number];
  aiExpandProvider?: (typeof AI_HTTP_PROVIDER_CHOICES)[number];
}): AiCapabilities {
  const operations = new Set<AiOperation>();
  if (config.aiRemoveBgModel) operations.add('remove_bg');
  if (config.aiUpscaleModel) operations.add('upscale');
  if (config.aiTextToImageProvider === 'http') operations.add('text_to_image');
  if (config.aiExpandProvider === 'http') operations.add('expand');
  return { operations, focusDetector: false };
}
