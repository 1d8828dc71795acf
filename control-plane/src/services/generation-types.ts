import type {
  AiCapabilities,
  AsyncGenerationRequest,
  CreditCosts,
  Design,
  DesignType,
  FileTypeOf,
  FontReference,
  NormalisedOverrides,
  RenderPrintPayload,
  RenderStaticPayload,
  RequestFileType,
  RequestForDesign,
  SyncGenerationRequest,
  WorkerCapabilities,
} from '@pressroom/model';
import type { addAnimatedFileJobs, DesignSource, GenerationDesign, GenerationKind } from '@pressroom/platform';
import type pg from 'pg';
import type { OutboundUrlCheck } from './outbound-urls.js';
import type { Workspace } from './workspaces.js';

/**
 * The shapes of a generation (docs/generation.md): the HTTP edge parses the body once, against
 * its design, into a `ParsedGeneration` typed by the design type; that goes through its design
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
  /** What each live render worker advertises with its heartbeat (`liveRenderWorkers`); read by requests naming a print colour profile. */
  renderWorkers: () => Promise<readonly (WorkerCapabilities | null)[]>;
}

/** Where and how big the one file of a sync request is stored (the job's optional output fields). */
export interface SyncOutput {
  /** `output_width`: scaled down to at most this width by the render worker. */
  width?: number | null;
  /** `output_key`: stored there as no Banner (production-mode dynamic images). */
  key?: string | null;
}

/** The design document of each design type. */
type DesignsByType = { [T in DesignType]: Extract<Design, { type: T }> };
/** The design document of one design type. */
export type DesignOf<T extends DesignType> = DesignsByType[T];

/** A design found for generation, its document of type `T`. */
export type FoundDesign<T extends DesignType> = Omit<GenerationDesign, 'design'> & { design: DesignOf<T> };

/**
 * A generation request parsed once, at the HTTP edge, against its design
 * (`parseGeneration` in generation-request.ts): the request the design type's endpoints allow,
 * its file type the design type's literal union, and every font it names.
 */
export interface ParsedGeneration<T extends DesignType = DesignType> {
  designType: T;
  found: FoundDesign<T>;
  request: RequestForDesign<T>;
  /** Each `font` the overrides name, at its request path (400 `unknown_font` unless the workspace has it). */
  fonts: FontReference[];
}

/** A parsed generation of whichever design type: what the edge hands the service. */
export type AnyParsedGeneration = { [T in DesignType]: ParsedGeneration<T> }[DesignType];

export interface GenerationInput<T extends DesignType = DesignType> {
  deps: GenerationServiceDeps;
  workspace: Workspace;
  designType: T;
  found: FoundDesign<T>;
  request: RequestForDesign<T>;
  output: SyncOutput;
}

/** The design types with formats, whose requests come from the sync or async endpoint. */
export type FormatDesignType = Exclude<DesignType, 'printer_multipage'>;

/** A request on a design with formats: sync (static designs only) or async. */
export type FormatRequest<T extends FormatDesignType> = SyncGenerationRequest<T> | AsyncGenerationRequest<T>;

/** What a design type's `validate` established. */
export interface Accepted<T extends DesignType = DesignType> {
  /** The outputs, one file each: format names, or the multipage PDF's one output. */
  outputs: string[];
  /** The file type requested, else the design's default: one of the design type's. */
  fileType: FileTypeOf<T>;
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
  fileType: RequestFileType;
  /** AI operations each file runs, charged with the request (`creditCostAi` each). */
  aiOperations: number;
  /** One per file, in order: its job, given the ids. */
  files: ((ids: FileIds) => FileJob)[];
}

/** One row of the generation table: what a design type checks, and the jobs it plans. */
export interface DesignGeneration<T extends DesignType> {
  validate(input: GenerationInput<T>): Promise<Accepted<T>>;
  planJobs(accepted: Accepted<T>, input: GenerationInput<T>): GenerationPlan;
}

/** The generation table, one row per design type, each typed by its own. */
export type GenerationTable = { [T in DesignType]: DesignGeneration<T> };

/** A parsed generation its design type's `validate` accepted: ready to plan and enqueue. */
export interface CheckedGeneration<T extends DesignType = DesignType> {
  parsed: ParsedGeneration<T>;
  accepted: Accepted<T>;
}
