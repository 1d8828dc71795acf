import { AppError } from '@pressroom/model';
import type { BannerResource, ObjectStorage } from '@pressroom/platform';
import { type CompletionListener, WaitTimeoutError } from './completion-listener.js';
import { acceptChecked, type CheckedGeneration, type SyncOutput } from './generation.js';
import { readStoredOutcome, readSyncOutcome } from './generation-results.js';
import type { GenerationServiceDeps } from './generation-types.js';
import type { Workspace } from './workspaces.js';

export interface SyncRenderDeps extends GenerationServiceDeps {
  storage: ObjectStorage;
  listener: CompletionListener;
  /** The sync budget (config `syncRenderTimeoutMs`). */
  syncTimeoutMs: number;
}

/**
 * A synchronous render of a checked sync request: enqueue at sync priority, then wait for the
 * outcome within the sync budget. Answers the presented Banner or throws the recorded error.
 * Used by `POST /banner-builder/<id>/generate` and by dynamic image URLs in test mode.
 * `output.width` makes the render worker scale the file down.
 */
export async function renderSync(
  deps: SyncRenderDeps,
  workspace: Workspace,
  checked: CheckedGeneration,
  output: Pick<SyncOutput, 'width'> = {},
): Promise<BannerResource> {
  const deadline = Date.now() + deps.syncTimeoutMs;
  const requestId = await acceptChecked(deps, workspace, checked, output);
  const outcome = await waitWithinBudget(deps, deadline, requestId, () => readSyncOutcome(deps.db, deps.storage, requestId));
  if ('error' in outcome) throw outcome.error;
  return outcome.banner;
}

/**
 * The same synchronous render, but the render worker stores the file at `output.key` and records
 * no Banner (production-mode dynamic images). Resolves once the bytes are there; credits, the
 * sync priority, the completion listener and the budget are the same as `renderSync`'s.
 */
export async function renderSyncToKey(
  deps: SyncRenderDeps,
  workspace: Workspace,
  checked: CheckedGeneration,
  output: SyncOutput & { key: string },
): Promise<void> {
  const deadline = Date.now() + deps.syncTimeoutMs;
  const requestId = await acceptChecked(deps, workspace, checked, output);
  const outcome = await waitWithinBudget(deps, deadline, requestId, () => readStoredOutcome(deps.db, requestId));
  if ('error' in outcome) throw outcome.error;
}

async function waitWithinBudget<T>(
  deps: SyncRenderDeps,
  deadline: number,
  requestId: string,
  read: () => Promise<T | undefined>,
): Promise<T> {
  try {
    return await deps.listener.waitFor(requestId, read, Math.max(1, deadline - Date.now()));
  } catch (err) {
    if (err instanceof WaitTimeoutError) {
      throw new AppError('internal_server_error', `The render did not finish within ${deps.syncTimeoutMs / 1000} seconds.`, { cause: err });
    }
    throw err;
  }
}
