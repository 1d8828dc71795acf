import type {
  AiCapabilities,
  AsyncGenerationRequest,
  CreditCosts,
  GenerationRequest,
  NormalisedOverrides,
  RenderPrintPayload,
  RenderStaticPayload,
  SyncGenerationRequest,
} from '@pressroom/model';
import type { addAnimatedFileJobs, DesignSource, GenerationDesign, GenerationKind } from '@pressroom/platform';
import type pg from 'pg';
import type { OutboundUrlCheck } from './outbound-urls.js';
import type { Workspace } from './workspaces.js';

/**
 * The shapes of a generation (docs/generation.md): a parsed request goes through its design
 * type's `validate` (the checks that need the design), whose answer `planJobs` turns into the
 * request row's facts and one job per file; `enqueueFiles` writes them in one transaction.
 */
export interface GenerationServiceDeps {
  db: pg.Pool;
  designs: DesignSource;
  /** Credits per file by output kind (config `CREDIT_COST_IMAGE`, `_ANIMATION`, `_PRINT`); priced by `creditCostOfFile`. */
  creditCosts: CreditCosts;
  /** The AI operations this farm runs (docs/ai.md); the others are refused up front. */
  ai: AiCapabilities;
  /** AI credits per AI operation per file (config `creditCostAi`). */
  creditCostAi: number;
  /** Refuses the media URLs of a request that can only reach a forbidden address (outbound-urls.ts). */
  outbound: OutboundUrlCheck;
}

/** Where and how big the one file of a sync request is stored (the job's optional output fields). */
export interface SyncOutput {
  /** `output_width`: scaled down to at most this width by the render worker. */
  width?: number | null;
  /** `output_key`: stored there as no Banner (production-mode dynamic images). */
  key?: string | null;
}

export interface GenerationInput {
  deps: GenerationServiceDeps;
  workspace: Workspace;
  found: GenerationDesign;
  request: GenerationRequest;
  output: SyncOutput;
}

/** A request on a design with formats: sync (static designs only) or async. */
export type FormatRequest = SyncGenerationRequest | AsyncGenerationRequest;

/** What a design type's `validate` established. */
export interface Accepted {
  /** The outputs, one file each: format names, or the multipage PDF's one output. */
  outputs: string[];
  fileType: string;
  /** The request's overrides, checked against the design's layers (empty for a multipage PDF). */
  overrides: NormalisedOverrides;
  /** The Banner `original_visual_id` names (static and animated designs), else null. */
  original: string | null;
  /** A multipage PDF's pages, in document order, each with its checked overrides. */
  pages: { frame: string; overrides: NormalisedOverrides }[];
}

/** The ids one file's job gets once its request row exists. */
export interface FileIds {
  requestId: string;
  bannerId: string;
  enqueuedAt: number;
}

export type FileJob =
  | { task: 'render_static'; payload: RenderStaticPayload }
  | { task: 'render_print'; payload: RenderPrintPayload }
  /** An animated file: its jobs (frame ranges or the HTML5 page) follow from the timeline's duration. */
  | { task: 'animated'; payload: Parameters<typeof addAnimatedFileJobs>[1]; duration: number };

export interface GenerationPlan {
  kind: GenerationKind;
  callbackUrl: string | null;
  fileType: string;
  /** AI operations each file runs, charged with the request (`creditCostAi` each). */
  aiOperations: number;
  /** One per file, in order: its job, given the ids. */
  files: ((ids: FileIds) => FileJob)[];
}

/** One row of the generation table: what a design type checks, and the jobs it plans. */
export interface DesignGeneration {
  validate(input: GenerationInput): Promise<Accepted>;
  planJobs(accepted: Accepted, input: GenerationInput): GenerationPlan;
}
