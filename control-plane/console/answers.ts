// The API's answers as far as the console reads them (docs/api.md, docs/designs-api.md): the shapes
// of the JSON each page shows. The vocabularies (design types, fonts, event types) are the model's.
import type { FontRecord } from '@pressroom/model';
import type { DesignType, EventType } from '@pressroom/model/client';
import type { FieldIssue, UploadSlot } from './api.js';
import type { DesignRead } from './plan.js';

/** An entry of GET /projects. */
export interface Project {
  id: string;
  name: string;
  created_at_ts?: number;
}

/** An entry of GET /designs. */
export interface DesignSummary {
  id: string;
  name: string;
  type: DesignType;
  preview_url?: string | null;
  project_name?: string | null;
}

/** GET /designs/<id>, with what the design page shows besides the playground's part. */
export interface DesignDetail extends DesignRead {
  project_name?: string | null;
  updated_at?: number | null;
}

/** A generated file (`file` of a banner). */
export interface GeneratedFile {
  url: string;
  cdn_url?: string | null;
  type: string;
  filename?: string | null;
  fallback_image_url?: string | null;
}

/** A banner of a generation: its file and its format. */
export interface Banner {
  id?: string;
  file: GeneratedFile;
  format?: { id: string } | null;
}

/** A format a generation could not make, and why. */
export interface GenerationError {
  template_format_name: string;
  reason: string;
}

/** GET /generation-request/<id>. */
export interface GenerationState {
  banners: Banner[];
  errors: GenerationError[];
  is_finalized: boolean;
}

/** An entry of GET /generation-requests. */
export interface GenerationRequest {
  id: string;
  design_name: string | null;
  kind: string;
  file_type: string;
  status: string;
  created_at_ts: number;
  expected_files: number;
  banners: Banner[];
  errors: GenerationError[];
}

/** One attempt of a webhook delivery. */
export interface DeliveryAttempt {
  attempt: number;
  manual?: boolean;
  attempted_at_ts: number;
  status_code: number | null;
  reason: string;
  outcome: string;
  duration_ms: number;
}

/** An entry of GET /webhook-deliveries. */
export interface Delivery {
  id: string;
  delivery_id: string;
  event_type: EventType;
  url: string;
  status: string;
  attempts: number;
  target_kind: string;
  created_at_ts: number;
  attempt_log: DeliveryAttempt[];
}

/** An entry of GET /webhook-subscriptions. */
export interface Subscription {
  id: string;
  url: string;
  event_types: EventType[] | null;
  active: boolean;
  deactivation_reason?: string | null;
}

/** GET /signing-secret. */
export interface SigningSecret {
  secret: string;
  created_at_ts: number;
  rotated_at_ts?: number | null;
  previous_secret_expires_at_ts?: number | null;
}

/** An entry of GET /fonts. */
export type Font = FontRecord;

/** A rate-limit tier of GET /workspace. */
export interface RateTier {
  per_minute: number;
  per_hour: number;
}

/** GET /workspace. */
export interface Workspace {
  id: string;
  name: string;
  plan: string;
  rate_limits: Record<'read' | 'write' | 'polling' | 'validation', RateTier> & { global_per_second: number };
}

/** A credit block of GET /credits. */
export interface CreditBlock {
  available: number;
  limit: number;
  extra: number;
  consumed: number;
}

/** GET /credits. */
export interface Credits {
  generation_credits: CreditBlock;
  ai_credits: CreditBlock;
}

/** An entry of GET /workspace-templates. */
export interface WorkspaceTemplate {
  id: string;
  name: string;
  preview_url?: string | null;
}

/** GET /design-duplication-requests/<id>. */
export interface Duplication {
  status: string;
  designs?: { target_design_id?: string | null }[];
}

/** A row of a bulk check's `preview_rows`: the generation body of one row. */
export interface PreviewRow {
  template_format_names: string[];
  image_file_type?: string;
  elements: Record<string, unknown>;
}

/** POST /designs/<id>/bulk-runs?validate_only=true. */
export interface BulkReport {
  columns: Record<string, string | null>;
  row_count: number;
  file_count: number;
  credits_needed: number;
  preview_rows: PreviewRow[];
}

/** A bulk run (POST /designs/<id>/bulk-runs, GET /bulk-runs[/<id>]). */
export interface BulkRun {
  id: string;
  status: string;
  row_count: number;
  rows: { done: number; failed: number; pending: number };
  created_at_ts: number;
  finished_at_ts: number | null;
  error?: string | null;
  archive_url?: string | null;
  result_csv_url?: string | null;
}

/** POST /designs/import/json: the import and the upload slots it asks for. */
export interface ImportCreated {
  id: string;
  uploads: UploadSlot[];
}

/** A warning of an import. */
export interface ImportWarning {
  path?: string;
  code: string;
  message: string;
}

/** GET /designs/import/json/<id>. */
export interface ImportRecord {
  id: string;
  status: string;
  error?: (FieldIssue & { code?: string }) | null;
  warnings?: ImportWarning[];
  result?: { kind: string; uuid: string } | null;
  next_check_after_ms?: number;
}
