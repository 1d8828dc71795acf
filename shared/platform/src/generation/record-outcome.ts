import { newBannerBatchEvent } from '@pressroom/model';
import type pg from 'pg';
import { refundAiOperations } from '../ai/credits.js';
import { presentBanners } from '../banners/present.js';
import { insertBanner } from '../banners/record.js';
import { refundCredits } from '../credits/credits.js';
import { withTransaction } from '../db/pool.js';
import { listBannersOfRequest, type NewBanner } from '../sql/banners.js';
import { finishBulkRowOfRequest } from '../sql/bulk-runs.js';
import {
  countFileOutcomes,
  type GenerationRequestRow,
  insertGenerationError,
  listGenerationErrors,
  lockGenerationRequest,
  markGenerationRequestFinalized,
  notifyGeneration,
} from '../sql/generation-requests.js';
import type { ObjectStorage } from '../storage/storage.js';
import { enqueueEvent } from '../webhooks/outbox.js';
import { assertJobLease } from '../worker/fencing.js';

/** Failure ids a file can end with; a small fixed set (they are metric labels too). */
export const FILE_ERROR_IDS = ['cannot_build_banner', 'image_fetching_error', 'internal_server_error'] as const;
export type FileErrorId = (typeof FILE_ERROR_IDS)[number];

export type FileOutcome =
  | { kind: 'banner'; banner: NewBanner }
  /** The file is stored at a key the request chose (`output_key` of the job) and is no Banner:
   * it is the request's only file, so storing it completes the request. */
  | { kind: 'stored'; formatName: string }
  | { kind: 'error'; formatName: string; errorId: FileErrorId; reason: string };

export interface RecordedOutcome {
  /** False when the request already had an outcome for this format (a re-run). */
  recorded: boolean;
  /** True when this outcome completed the request. */
  finalized: boolean;
  /** When it completed a bulk run's row (docs/bulk.md): how the row ended. */
  bulkRow?: 'done' | 'failed';
}

/**
 * Stores one file's outcome, in one transaction with everything that depends on it: the request
 * row is locked first (so two formats finishing at once cannot both miss the last count), a
 * file is announced by NEW_BANNER (`insertBanner`), a failure refunds its file's credits, the last outcome finalises the request and — for async
 * requests — enqueues NEW_BANNER_BATCH through the outbox, and waiters are notified on commit.
 * Inside a job, the transaction first checks that the execution still owns its job (fencing).
 */
export async function recordOutcome(
  pool: pg.Pool,
  requestId: string,
  outcome: FileOutcome,
  storage: ObjectStorage,
): Promise<RecordedOutcome> {
  return withTransaction(pool, async (client) => {
    // First: a stale execution (its job ran elsewhere while it was cut off) writes nothing.
    await assertJobLease(client, 'outcome');
    const request = await lockGenerationRequest(client, requestId);
    if (!request || request.purged_at) return { recorded: false, finalized: false };
    let recorded: boolean;
    if (outcome.kind === 'banner') {
      recorded = await insertBanner(client, outcome.banner, storage);
    } else if (outcome.kind === 'stored') {
      recorded = !request.is_finalized;
    } else if (request.is_finalized) {
      // Every file already has its outcome (a stored file leaves no row to conflict with).
      recorded = false;
    } else {
      recorded = await insertGenerationError(client, requestId, outcome);
      if (recorded) {
        await refundCredits(client, request.workspace_id, 'generation', request.credit_per_file, 'generation_failed', requestId);
        await refundAiOperations(client, requestId);
      }
    }
    const finalized = request.is_finalized
      ? false
      : outcome.kind === 'stored'
        ? await markFinalized(client, request.id)
        : await finaliseIfComplete(client, request, storage);
    await notifyGeneration(client, requestId);
    return typeof finalized === 'boolean' ? { recorded, finalized } : { recorded, finalized: true, bulkRow: finalized.bulkRow };
  });
}

async function finaliseIfComplete(
  client: pg.PoolClient,
  request: GenerationRequestRow,
  storage: ObjectStorage,
): Promise<boolean | { bulkRow: 'done' | 'failed' }> {
  if ((await countFileOutcomes(client, request.id)) < request.expected_files) return false;
  await markFinalized(client, request.id);
  if (request.bulk_run_id !== null) {
    // A bulk run's row: the run announces itself once, at its end (BULK_RUN_FINISHED).
    const errors = await listGenerationErrors(client, request.id);
    const bulkRow = errors.length === 0 ? 'done' : 'failed';
    await finishBulkRowOfRequest(client, request.id, {
      status: bulkRow,
      error: errors.length === 0 ? null : errors.map((e) => `${e.format_name}: ${e.reason}`).join('; '),
    });
    return { bulkRow };
  }
  if (request.kind !== 'sync') {
    const banners = await presentBanners(client, storage, await listBannersOfRequest(client, request.id));
    const errors = (await listGenerationErrors(client, request.id)).map((e) => ({ template_format_name: e.format_name, reason: e.reason }));
    await enqueueEvent(client, {
      workspaceId: request.workspace_id,
      eventType: 'NEW_BANNER_BATCH',
      payload: newBannerBatchEvent({ generationRequestId: request.id, banners: banners as { id: string }[], errors }),
      callbackUrl: request.callback_url,
    });
  }
  return true;
}

async function markFinalized(client: pg.PoolClient, requestId: string): Promise<true> {
  await markGenerationRequestFinalized(client, requestId);
  return true;
}
