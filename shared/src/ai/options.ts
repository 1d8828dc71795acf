import { env, option } from '../config/index.js';
import type { AiCapabilities, AiOperation } from './refusals.js';

/**
 * The model files of the local AI operations. Both the control plane (to refuse what no model
 * backs, before anything is charged) and the render worker (to run them) read these, so a farm
 * gives each path once, in the environment of both roles (docs/ai.md).
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
};

/** What a process with these options can run: the operations with a model configured. */
export function aiCapabilitiesOf(config: { aiRemoveBgModel?: string | undefined; aiUpscaleModel?: string | undefined }): AiCapabilities {
  const operations = new Set<AiOperation>();
  if (config.aiRemoveBgModel) operations.add('remove_bg');
  if (config.aiUpscaleModel) operations.add('upscale');
  return { operations, focusDetector: false };
}
