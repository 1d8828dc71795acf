import { AppError } from '@pressroom/shared/errors/index';
import type { ObjectStorage } from '@pressroom/shared/storage/index';
import { type CompletionListener, WaitTimeoutError } from './completion-listener.js';
import { acceptSyncGeneration, type GenerationServiceDeps } from './generation.js';
import { readSyncOutcome } from './generation-results.js';
import type { Workspace } from './workspaces.js';

export interface SyncRenderDeps extends GenerationServiceDeps {
  storage: ObjectStorage;
  listener: CompletionListener;
  /** The sync budget (config `syncRenderTimeoutMs`). */
  syncTimeoutMs: number;
}

/**
 * A synchronous render: validate and enqueue at sync priority, then wait for the outcome within
 * the sync budget. Answers the presented Banner or throws the recorded error. Used by
 * `POST /banner-builder/<id>/generate` and by dynamic image URLs.
 */
export async function renderSync(
  deps: SyncRenderDeps,
  workspace: Workspace,
  designId: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + deps.syncTimeoutMs;
  const requestId = await acceptSyncGeneration(deps, workspace, designId, body);
  try {
    const outcome = await deps.listener.waitFor(
      requestId,
      () => readSyncOutcome(deps.db, deps.storage, requestId),
      Math.max(1, deadline - Date.now()),
    );
    if ('error' in outcome) throw outcome.error;
    return outcome.banner;
  } catch (err) {
    if (err instanceof WaitTimeoutError) {
      throw new AppError('internal_server_error', `The render did not finish within ${deps.syncTimeoutMs / 1000} seconds.`, { cause: err });
    }
    throw err;
  }
}
