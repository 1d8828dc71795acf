import { z } from 'zod';

/**
 * The event kinds and their payloads. `event_type` is a top-level field of every payload, per-job
 * callbacks included. Fields beyond the ids docs/webhooks.md names are ours; receivers must ignore
 * unknown fields and unknown event types, so adding a field later is not a breaking change.
 */
export const EVENT_TYPES = ['NEW_BANNER', 'NEW_BANNER_BATCH', 'NEW_EXPORT', 'TEMPLATE_STATUS', 'BULK_RUN_FINISHED'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * A subscription's event types, as the API (`event_types`) and the admin CLI (`--events`) take
 * them: at least one known type (a list is a set; no list at all means every type). An empty
 * list would deliver nothing, or, as it once did, everything: it is refused, out_of_range.
 */
export const subscriptionEventTypesSchema = z
  .array(z.enum(EVENT_TYPES))
  .min(1, 'lists at least one event type; leave it out for every type')
  .max(EVENT_TYPES.length * 4);

/** A generated file as the API returns it (Banner; docs/api.md#request-bounds); only `id` is relied upon here. */
export type BannerLike = { id: string } & Record<string, unknown>;

export interface NewBannerPayload {
  event_type: 'NEW_BANNER';
  banner_id: string;
  banner: BannerLike;
}

export interface NewBannerBatchPayload {
  event_type: 'NEW_BANNER_BATCH';
  generation_request_id: string;
  banners: BannerLike[];
  /** Per-format failures; the request itself succeeded (Generation request; docs/design-format.md). */
  errors: { template_format_name: string; reason: string }[];
}

export interface NewExportPayload {
  event_type: 'NEW_EXPORT';
  export_id: string;
  /** Download URL of the ZIP archive. */
  archive_url: string;
  /** Generated file ids packaged in the archive. */
  banner_ids: string[];
}

export interface TemplateStatusPayload {
  event_type: 'TEMPLATE_STATUS';
  template_id: string;
  status: 'approved' | 'rejected';
  reason: string | null;
  status_updated_at_ts: number;
}

/** A bulk run ended (docs/bulk.md): every row has its outcome, the result CSV and the ZIP are written. */
export interface BulkRunFinishedPayload {
  event_type: 'BULK_RUN_FINISHED';
  bulk_run_id: string;
  status: 'completed' | 'cancelled' | 'failed';
  rows: { done: number; failed: number; pending: number };
  result_csv_url: string | null;
  archive_url: string | null;
}

export type EventPayload = NewBannerPayload | NewBannerBatchPayload | NewExportPayload | TemplateStatusPayload | BulkRunFinishedPayload;

export function newBannerEvent(banner: BannerLike): NewBannerPayload {
  return { event_type: 'NEW_BANNER', banner_id: banner.id, banner };
}

export function newBannerBatchEvent(input: {
  generationRequestId: string;
  banners: BannerLike[];
  errors?: { template_format_name: string; reason: string }[];
}): NewBannerBatchPayload {
  return {
    event_type: 'NEW_BANNER_BATCH',
    generation_request_id: input.generationRequestId,
    banners: input.banners,
    errors: input.errors ?? [],
  };
}

export function newExportEvent(input: { exportId: string; archiveUrl: string; bannerIds: string[] }): NewExportPayload {
  return { event_type: 'NEW_EXPORT', export_id: input.exportId, archive_url: input.archiveUrl, banner_ids: input.bannerIds };
}

export function templateStatusEvent(input: {
  templateId: string;
  status: 'approved' | 'rejected';
  reason?: string | null;
  statusUpdatedAt: Date;
}): TemplateStatusPayload {
  return {
    event_type: 'TEMPLATE_STATUS',
    template_id: input.templateId,
    status: input.status,
    reason: input.reason ?? null,
    status_updated_at_ts: Math.floor(input.statusUpdatedAt.getTime() / 1000),
  };
}
