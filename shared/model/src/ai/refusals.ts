import type { ElementType } from '../design/types.js';
import type { FieldIssue } from '../errors/app-error.js';
import { formatPath } from '../errors/zod-issues.js';
import { ROOT_LAYER } from '../overrides/elements.js';
import type { AutoFocusSettings, LayerOverride, NormalisedOverrides } from '../overrides/types.js';
import { parseRatio } from './ratio.js';

/**
 * The AI image operations a request can ask for on an image layer. An operation either runs or
 * the request is refused before anything is queued or charged (docs/ai.md): never a 200 with an
 * image that silently lacks the effect.
 */
export const AI_OPERATIONS = ['text_to_image', 'remove_bg', 'expand', 'upscale'] as const;
export type AiOperation = (typeof AI_OPERATIONS)[number];

/**
 * What a farm can run. `operations` lists the AI operations with a provider; `focusDetector` says
 * whether an object detector backs `auto_focus` (without one, sharp's saliency strategies do the
 * work and `focus_objects` cannot be honoured).
 */
export interface AiCapabilities {
  operations: ReadonlySet<AiOperation>;
  focusDetector: boolean;
  /** The object names the detector knows (focus_objects may name only these); absent: any. */
  focusLabels?: ReadonlySet<string>;
  /** Why an operation missing from `operations` cannot run, when not for want of configuration. */
  refusal?: (operation: AiOperation) => string;
}

/** A farm with nothing configured: every operation is refused; auto_focus runs on sharp. */
export const NO_AI_CAPABILITIES: AiCapabilities = { operations: new Set(), focusDetector: false };

/** The configuration setting that enables each operation. */
export const AI_OPERATION_SETTINGS: Readonly<Record<AiOperation, string>> = {
  text_to_image: 'AI_TEXT_TO_IMAGE_PROVIDER=http',
  remove_bg: 'AI_REMOVE_BG_MODEL',
  expand: 'AI_EXPAND_PROVIDER=http',
  upscale: 'AI_UPSCALE_MODEL',
};

/**
 * The operations run in the static pipeline only: animated frames and print pages draw no AI
 * result yet, so there every operation is refused by name, whatever is configured. auto_focus (no
 * model needed) works on every design type, with the detector on static designs only.
 */
export function aiCapabilitiesFor(designType: string, ai: AiCapabilities): AiCapabilities {
  if (designType === 'static') return ai;
  return {
    operations: new Set(),
    // Animated frames and print pages crop with sharp's saliency only: focus_objects is refused there.
    focusDetector: false,
    refusal: (operation) =>
      `${operation} is not available on ${designType} designs: AI operations run on static designs only (see docs/ai.md)`,
  };
}

export function unavailableMessage(operation: AiOperation): string {
  return `${operation} is not available on this farm: set ${AI_OPERATION_SETTINGS[operation]} to enable it (see docs/ai.md)`;
}

/** The auto-focus settings and what each needs to take effect. */
const FOCUS_SETTINGS = [
  'model',
  'focus_objects',
  'focus_framing',
  'focus_zoom',
  'focus_target',
] as const satisfies readonly (keyof AutoFocusSettings)[];

/**
 * Every AI property of the overrides that this farm would not honour, as invalid_payload issues at
 * the property's path, each naming the operation and why it cannot run here. `layerTypes` are the
 * design's layer types (empty when the design has pages, where every layer is taken as an image).
 */
export function refuseUnavailableAi(
  overrides: NormalisedOverrides,
  layerTypes: Readonly<Record<string, ElementType>>,
  capabilities: AiCapabilities,
  prefix: readonly PropertyKey[] = ['elements'],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [name, override] of Object.entries(overrides.layers)) {
    const type = name === ROOT_LAYER ? 'root' : (layerTypes[name] ?? 'image');
    issues.push(...refuseLayer(override, type, capabilities, [...prefix, name]));
  }
  return issues;
}

function refuseLayer(override: LayerOverride, type: string, capabilities: AiCapabilities, path: readonly PropertyKey[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const refuse = (key: readonly PropertyKey[], message: string) =>
    issues.push({ path: formatPath([...path, ...key]), code: 'invalid_payload', message });

  for (const operation of AI_OPERATIONS) {
    if (override[operation] !== true) continue;
    if (type !== 'image') refuse([operation], `${operation} applies to image layers only, not to a ${type} layer`);
    else if (!capabilities.operations.has(operation)) {
      refuse([operation], capabilities.refusal?.(operation) ?? unavailableMessage(operation));
    }
  }

  const ratio = override.text_to_image_properties?.ratio;
  if (override.text_to_image === true && type === 'image' && ratio !== undefined && parseRatio(ratio) === null) {
    refuse(['text_to_image_properties', 'ratio'], 'text_to_image ratio must be width:height, such as 16:9 or 1:1 (see docs/ai.md)');
  }
  const focus = override.auto_focus_properties ?? {};
  const sent = FOCUS_SETTINGS.filter((key) => focus[key] !== undefined);
  if (override.auto_focus === true && type !== 'image') {
    refuse(['auto_focus'], `auto_focus applies to image layers only, not to a ${type} layer`);
  } else if (override.auto_focus !== true && sent.length > 0) {
    for (const key of sent) refuse(['auto_focus_properties', key], 'has no effect unless auto_focus is true on the layer');
  } else if (override.auto_focus === true && (focus.focus_objects?.length ?? 0) > 0 && !capabilities.focusDetector) {
    refuse(
      ['auto_focus_properties', 'focus_objects'],
      'auto_focus focus_objects needs an object detector: set AI_FOCUS_DETECTOR_MODEL to enable it (see docs/ai.md)',
    );
  } else if (override.auto_focus === true && capabilities.focusLabels) {
    const labels = capabilities.focusLabels;
    const unknown = (focus.focus_objects ?? []).filter((name) => !labels.has(name.trim().toLowerCase()));
    if (unknown.length > 0) {
      refuse(
        ['auto_focus_properties', 'focus_objects'],
        `auto_focus cannot find ${unknown.join(', ')}: the detector knows ${[...labels].join(', ')} (see docs/ai.md)`,
      );
    }
  }
  return issues;
}
