/**
 * What a worker process can do, as it advertises it with every heartbeat (the `capabilities`
 * column of `worker_heartbeats`), and what the live farm can do as a whole (`GET /capabilities`;
 * docs/ai.md). The record is versioned and grows by adding fields; a reader parses it with
 * `parseWorkerCapabilities`, so a row written by an older or newer worker never breaks it.
 */
import { z } from 'zod';
import { AI_OPERATION_SETTINGS, AI_OPERATIONS, type AiCapabilities, type AiOperation, aiCapabilitiesFor } from '../ai/refusals.js';
import { SYNC_REFUSED_PROPERTIES } from '../overrides/properties.js';
import { DESIGN_TYPES, type DesignType } from '../properties/layer-types.js';

export const WORKER_CAPABILITIES_VERSION = 1;

const advertised = z.object({
  v: z.number().int(),
  ai: z
    .object({
      // An operation this reader does not know (a newer worker) is dropped, not an error.
      operations: z
        .array(z.string())
        .transform((ops) => ops.filter((op): op is AiOperation => (AI_OPERATIONS as readonly string[]).includes(op))),
      focus_detector: z.boolean(),
      focus_labels: z.array(z.string()).default([]),
    })
    .optional(),
  // Render workers: the key their affine jobs are flagged with, and the designs they hold warm
  // (docs/render-worker.md, "Affinity across workers").
  warm: z.object({ key: z.string(), designs: z.array(z.string()) }).optional(),
});

export type WorkerCapabilities = z.output<typeof advertised>;

/** The record a worker writes: the AI operations it has a model or a provider for. */
export function advertiseCapabilities(ai: AiCapabilities): WorkerCapabilities {
  return {
    v: WORKER_CAPABILITIES_VERSION,
    ai: { operations: [...ai.operations], focus_detector: ai.focusDetector, focus_labels: [...(ai.focusLabels ?? [])] },
  };
}

/** A stored record, or null when there is none or it cannot be read (the worker then advertises nothing). */
export function parseWorkerCapabilities(value: unknown): WorkerCapabilities | null {
  const parsed = advertised.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The image-layer AI operations a client can offer, in the order a form shows them. */
export const FARM_AI_OPERATIONS = ['remove_bg', 'auto_focus', 'upscale', 'expand', 'text_to_image'] as const;
export type FarmAiOperation = (typeof FARM_AI_OPERATIONS)[number];

export interface FarmOperation {
  available: boolean;
  /** The design types it runs on (when available). */
  design_types: DesignType[];
  /** Whether the sync endpoint takes it; the others run through the async endpoints only. */
  sync: boolean;
  /** Why it is not available; null when it is. */
  reason: string | null;
}

export interface FarmCapabilities {
  /** Live render-worker processes. */
  render_workers: number;
  ai: Record<FarmAiOperation, FarmOperation>;
  focus_detector: { available: boolean; labels: string[] };
}

/**
 * What the live farm can run: an operation is available when the control plane accepts it (its
 * own configuration, the check requests go through) and every live render worker advertises it
 * (a job may land on any of them). auto_focus needs no model, only a render worker.
 */
export function farmCapabilities(controlPlane: AiCapabilities, workers: readonly (WorkerCapabilities | null)[]): FarmCapabilities {
  const live = workers.length;
  const everyWorker = (has: (w: WorkerCapabilities) => boolean) => live > 0 && workers.every((w) => w !== null && has(w));
  const describe = (op: FarmAiOperation): FarmOperation => {
    const sync = !(SYNC_REFUSED_PROPERTIES as readonly string[]).includes(op);
    if (op === 'auto_focus') {
      return { available: live > 0, design_types: [...DESIGN_TYPES], sync, reason: live > 0 ? null : 'no render worker is running' };
    }
    const everywhere = new Set<AiOperation>(AI_OPERATIONS);
    const designTypes = DESIGN_TYPES.filter((t) =>
      aiCapabilitiesFor(t, { operations: everywhere, focusDetector: false }).operations.has(op),
    );
    const reason = !controlPlane.operations.has(op)
      ? `${op} is not configured: set ${AI_OPERATION_SETTINGS[op]} on the control plane and the render workers (see docs/ai.md)`
      : live === 0
        ? 'no render worker is running'
        : !everyWorker((w) => w.ai?.operations.includes(op) ?? false)
          ? `${workers.filter((w) => w?.ai?.operations.includes(op)).length} of ${live} render workers can run it: set ${AI_OPERATION_SETTINGS[op]} on every render worker (see docs/ai.md)`
          : null;
    return { available: reason === null, design_types: designTypes, sync, reason };
  };
  const detector = controlPlane.focusDetector && everyWorker((w) => w.ai?.focus_detector ?? false);
  return {
    render_workers: live,
    ai: Object.fromEntries(FARM_AI_OPERATIONS.map((op) => [op, describe(op)])) as Record<FarmAiOperation, FarmOperation>,
    focus_detector: { available: detector, labels: detector ? [...(controlPlane.focusLabels ?? [])] : [] },
  };
}
