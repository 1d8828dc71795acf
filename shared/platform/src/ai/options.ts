import type { AiCapabilities, AiOperation } from '@pressroom/model';
import { env, option } from '@pressroom/model';

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
  aiFocusDetectorModel: option(
    env.optionalString(),
    undefined,
    'Path of an ONNX object detector (YOLO layout: 1×3×H×W in, 1×(4+C)×N or 1×N×(4+C) out, boxes cx,cy,w,h in input pixels) that auto_focus uses for focus_objects and the people/face models. Unset: sharp saliency, and focus_objects is refused.',
  ),
  aiFocusDetectorLabels: option(
    env.string(),
    'person',
    "The detector's class names, comma-separated, in its output order (COCO: person,bicycle,car,…). focus_objects may name only these.",
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
  aiFocusDetectorModel?: string | undefined;
  aiFocusDetectorLabels?: string;
}): AiCapabilities {
  const operations = new Set<AiOperation>();
  if (config.aiRemoveBgModel) operations.add('remove_bg');
  if (config.aiUpscaleModel) operations.add('upscale');
  if (config.aiTextToImageProvider === 'http') operations.add('text_to_image');
  if (config.aiExpandProvider === 'http') operations.add('expand');
  if (!config.aiFocusDetectorModel) return { operations, focusDetector: false };
  return { operations, focusDetector: true, focusLabels: new Set(detectorLabels(config.aiFocusDetectorLabels ?? 'person')) };
}

/** `AI_FOCUS_DETECTOR_LABELS` as a list, in the detector's output order. */
export function detectorLabels(text: string): string[] {
  return text.split(',').map((label) => label.trim().toLowerCase());
}
