/**
 * What a worker process can do, as it advertises it with every heartbeat (the `capabilities`
 * column of `worker_heartbeats`), and what the live farm can do as a whole (`GET /capabilities`;
 * docs/ai.md). The record is versioned and grows by adding fields; a reader parses it with
 * `parseWorkerCapabilities`, so a row written by an older or newer worker never breaks it.
 */
import { z } from 'zod';
import { AI_OPERATION_SETTINGS, AI_OPERATIONS, type AiCapabilities, type AiOperation, aiCapabilitiesFor } from '../ai/refusals.js';
import type { FieldIssue } from '../errors/app-error.js';
import { CMYK_COLOR_PROFILES, VENDOR_COLOR_PROFILES } from '../generation/vendor-options.js';
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
  // Render workers: the built-in print colour profiles (`print.color_profile` ids) they can
  // honour. A profile this reader does not know (a newer worker) is dropped. A record without it
  // (a worker older than the field) honours none: it cannot be shown to hold one.
  print: z
    .object({
      color_profiles: z.array(z.string()).transform((ids) => ids.filter((id) => CMYK_COLOR_PROFILES.includes(id))),
    })
    .optional(),
});

export type WorkerCapabilities = z.output<typeof advertised>;

/**
 * The record a render worker writes: the AI operations it has a model or a provider for, and the
 * built-in print colour profiles it holds an ICC file of (`honouredColorProfiles`).
 */
export function advertiseCapabilities(ai: AiCapabilities, colorProfiles: readonly string[]): WorkerCapabilities {
  return {
    v: WORKER_CAPABILITIES_VERSION,
    ai: { operations: [...ai.operations], focus_detector: ai.focusDetector, focus_labels: [...(ai.focusLabels ?? [])] },
    print: { color_profiles: [...colorProfiles] },
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

export interface FarmColorProfile {
  /** The vendor's id, as `print.color_profile` names it. */
  id: string;
  name: string;
  /**
   * Whether a live render worker holds it (print jobs naming it go to those that do; with none
   * live, false, and a request naming it is then still queued).
   */
  available: boolean;
  /** How many of the live render workers hold it (`render_workers`: all of them). */
  held_by: number;
  /** Why it is not available (what to configure); null when it is. */
  reason: string | null;
}

export interface FarmCapabilities {
  /** Live render-worker processes. */
  render_workers: number;
  ai: Record<FarmAiOperation, FarmOperation>;
  focus_detector: { available: boolean; labels: string[] };
  print: { color_profiles: FarmColorProfile[] };
}

const NO_RENDER_WORKER = 'no render worker is running';

/** How many of the live render workers hold built-in profile `id`. */
function holdersOf(id: string, workers: readonly (WorkerCapabilities | null)[]): number {
  return workers.filter((w) => w?.print?.color_profiles.includes(id)).length;
}

/**
 * Why no live render worker can honour a built-in colour profile, or null when one can. One is
 * enough: a print job naming a profile carries its flag, which the workers without the profile
 * forbid (`colorProfileFlag`), so only a worker that holds it takes the job.
 */
function colorProfileShortfall(id: string, workers: readonly (WorkerCapabilities | null)[]): string | null {
  if (workers.length === 0) return NO_RENDER_WORKER;
  if (holdersOf(id, workers) > 0) return null;
  const profile = VENDOR_COLOR_PROFILES[id]!;
  const silent = workers.filter((w) => w?.print === undefined).length;
  return (
    `${profile.name} is held by 0 of ${workers.length} render workers: add an ICC file described "${profile.icc}" ` +
    `to PRINT_CMYK_PROFILES on a render worker (docs/print.md, "Output profiles")` +
    (silent === 0 ? '' : `; ${silent} advertise no print profiles (a build older than this check, or unreadable): upgrade them`)
  );
}

/**
 * `print.color_profile` against the live farm, at submit (after `checkColorProfile`): refused
 * unless at least one live render worker holds that profile, as the file could be printed by
 * nobody. With no render worker live the request is accepted: queued work waits for workers, as
 * requests without a profile do, and only a worker holding the profile takes the job (its flag).
 */
export function checkColorProfileOnFarm(id: string, workers: readonly (WorkerCapabilities | null)[]): FieldIssue | null {
  if (workers.length === 0 || VENDOR_COLOR_PROFILES[id]?.icc == null) return null;
  const shortfall = colorProfileShortfall(id, workers);
  if (shortfall === null) return null;
  return {
    path: 'print.color_profile',
    code: 'invalid_payload',
    message: shortfall,
    expected: CMYK_COLOR_PROFILES.filter((other) => colorProfileShortfall(other, workers) === null),
    received: id,
  };
}

/**
 * Built-in profiles no live render worker holds, each with when it was first seen so
 * (`previous` is the last call's answer): a profile held again leaves the map. `expired` lists those
 * unheld for `waitMs` or longer, whose waiting print jobs end failed (docs/print.md, "Routing by
 * profile"): their flag is forbidden by every live worker, so they would otherwise wait unseen.
 * With no render worker live nothing is watched: queued work waits for workers, as at submit.
 */
export function watchUnheldProfiles(
  previous: ReadonlyMap<string, number>,
  workers: readonly (WorkerCapabilities | null)[],
  nowMs: number,
  waitMs: number,
): { since: Map<string, number>; expired: string[] } {
  const since = new Map<string, number>();
  if (workers.length === 0) return { since, expired: [] };
  for (const id of CMYK_COLOR_PROFILES) if (holdersOf(id, workers) === 0) since.set(id, previous.get(id) ?? nowMs);
  return { since, expired: [...since].filter(([, at]) => nowMs - at >= waitMs).map(([id]) => id) };
}

/** The reason a waiting print job's file fails with when no live render worker has held its profile for `waitedMs`. */
export function unheldProfileReason(id: string, waitedMs: number): string {
  const profile = VENDOR_COLOR_PROFILES[id]!;
  return (
    `${profile.name}: no live render worker has held this profile for ${Math.round(waitedMs / 1000)} s (PRINT_PROFILE_WAIT_MS), ` +
    `so nothing can print this file: add an ICC file described "${profile.icc}" to PRINT_CMYK_PROFILES on a render worker ` +
    `(docs/print.md, "Routing by profile")`
  );
}

/**
 * What the live farm can run: an operation is available when the control plane accepts it (its
 * own configuration, the check requests go through) and every live render worker advertises it
 * (a job may land on any of them). auto_focus needs no model, only a render worker. A print
 * colour profile is available when a live render worker holds it (`held_by` says how many do).
 */
export function farmCapabilities(controlPlane: AiCapabilities, workers: readonly (WorkerCapabilities | null)[]): FarmCapabilities {
  const live = workers.length;
  const everyWorker = (has: (w: WorkerCapabilities) => boolean) => live > 0 && workers.every((w) => w !== null && has(w));
  const describe = (op: FarmAiOperation): FarmOperation => {
    const sync = !(SYNC_REFUSED_PROPERTIES as readonly string[]).includes(op);
    if (op === 'auto_focus') {
      return { available: live > 0, design_types: [...DESIGN_TYPES], sync, reason: live > 0 ? null : NO_RENDER_WORKER };
    }
    const everywhere = new Set<AiOperation>(AI_OPERATIONS);
    const designTypes = DESIGN_TYPES.filter((t) =>
      aiCapabilitiesFor(t, { operations: everywhere, focusDetector: false }).operations.has(op),
    );
    const reason = !controlPlane.operations.has(op)
      ? `${op} is not configured: set ${AI_OPERATION_SETTINGS[op]} on the control plane and the render workers (see docs/ai.md)`
      : live === 0
        ? NO_RENDER_WORKER
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
    print: {
      color_profiles: CMYK_COLOR_PROFILES.map((id) => {
        const reason = colorProfileShortfall(id, workers);
        return { id, name: VENDOR_COLOR_PROFILES[id]!.name, available: reason === null, held_by: holdersOf(id, workers), reason };
      }),
    },
  };
}
