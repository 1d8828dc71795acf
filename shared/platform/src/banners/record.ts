import { newBannerEvent } from '@pressroom/model';
import type { Queryable } from '../db/pool.js';
import { insertBannerRow, type NewBanner } from '../sql/banners.js';
import type { ObjectStorage } from '../storage/storage.js';
import { enqueueEvent } from '../webhooks/outbox.js';
import { presentBanners } from './present.js';

/**
 * Records one generated file: the ONE place a Banner row is written. Every render path (sync,
 * async, animated, print, multipage) goes through here, so each file is announced by exactly one
 * NEW_BANNER, enqueued through the outbox on the same client, inside the caller's transaction:
 * the event exists if and only if the file's row commits. It goes to the subscriptions listening
 * for NEW_BANNER only; a per-job callback_url receives the batch event (NEW_BANNER_BATCH) instead.
 * A re-run that finds the row already there inserts and announces nothing. Returns true when this
 * call recorded the file.
 */
export async function insertBanner(client: Queryable, b: NewBanner, storage: ObjectStorage): Promise<boolean> {
  const row = await insertBannerRow(client, b);
  if (!row) return false;
  const [banner] = await presentBanners(client, storage, [row]);
  await enqueueEvent(client, {
    workspaceId: row.workspace_id,
    eventType: 'NEW_BANNER',
    payload: newBannerEvent(banner as { id: string }),
    callbackUrl: null,
  });
  return true;
}
