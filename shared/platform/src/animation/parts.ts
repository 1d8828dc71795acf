import {
  ANIMATION_ENCODE,
  ANIMATION_FRAMES,
  ANIMATION_HTML5,
  type AnimatedFilePayload,
  type AnimationFramesPayload,
  CodedError,
  frameCount,
  GIF_FPS,
  JOB_PRIORITY,
  planFrameRanges,
  VIDEO_FPS,
} from '@pressroom/model';
import type pg from 'pg';
import type { Queryable } from '../db/pool.js';
import { withTransaction } from '../db/pool.js';
import {
  animationPartExists,
  deleteAnimationPart,
  deleteAnimationParts,
  insertAnimationPart,
  lockPartsRequest,
  type PartObjects,
  selectAnimationPartObjects,
  selectAnimationParts,
  selectPartsFrom,
  selectStaleAnimationParts,
} from '../sql/animation-parts.js';
import { type AddJobOptions, addJob, RENDER_MAX_ATTEMPTS } from '../sql/jobs.js';
import type { ObjectStorage } from '../storage/storage.js';
import { assertJobLease } from '../worker/fencing.js';
import { abortableSleep } from '../worker/supervise.js';

type FileFields = Pick<
  AnimatedFilePayload,
  | 'v'
  | 'generation_request_id'
  | 'banner_id'
  | 'workspace_id'
  | 'design_id'
  | 'format_name'
  | 'file_type'
  | 'overrides'
  | 'priority'
  | 'enqueued_at'
  | 'original_banner_id'
  | 'delivery'
  | 'quality'
> & {
  /** The request's frame rate (`video.fps`, `gif.max_fps`); absent: VIDEO_FPS, or GIF_FPS for a GIF. */
  fps?: number | undefined;
};

/**
 * The jobs of one animated file, added on the caller's client (the transaction that accepted
 * and paid for the request): one frame-range job per range for a video or GIF, one page job for
 * HTML5. Returns the payload of the file as every job of it carries it.
 */
export async function addAnimatedFileJobs(client: Queryable, file: FileFields, duration: number): Promise<AnimatedFilePayload> {
  if (file.file_type === 'html5') {
    const payload: AnimatedFilePayload = { ...file, fps: VIDEO_FPS, frames: 0, parts: 1 };
    await addJob(client, ANIMATION_HTML5, payload, fileJob(payload));
    return payload;
  }
  const fps = file.fps ?? (file.file_type === 'gif' ? GIF_FPS : VIDEO_FPS);
  const frames = frameCount(duration, fps);
  const ranges = planFrameRanges(frames);
  const payload: AnimatedFilePayload = { ...file, fps, frames, parts: ranges.length };
  for (const range of ranges)
    await addJob(client, ANIMATION_FRAMES, { ...payload, range } satisfies AnimationFramesPayload, fileJob(payload));
  return payload;
}

/** Every job of an animated file: its priority class, the render attempts, and an optional key. */
function fileJob(payload: AnimatedFilePayload, jobKey?: string): AddJobOptions {
  return {
    priority: JOB_PRIORITY[payload.priority],
    maxAttempts: RENDER_MAX_ATTEMPTS,
    jobKey,
    jobKeyMode: jobKey ? 'preserve_run_at' : undefined,
  };
}

/** True when this part of the file was already stored (a retry after a kill: do not redraw). */
export async function partStored(db: Queryable, bannerId: string, part: number): Promise<boolean> {
  return animationPartExists(db, bannerId, part);
}

/**
 * Records a stored part and, when it is the file's first part (part 0, the one the encode
 * streams first), enqueues the encode, which then streams the parts in order as they come
 * (`waitForParts`). The request row is locked first; the encode is added only by the
 * transaction whose insert of part 0 is new, so it is added exactly once, whatever the order,
 * repetition or concurrency of parts (a job key alone would not do: adding a job under the key
 * of a running job makes a second job). A repeated call (a retry after a kill between commit
 * and job completion) adds nothing.
 */
export async function recordPart(
  pool: pg.Pool,
  payload: AnimatedFilePayload | AnimationFramesPayload,
  part: number,
  storageKey: string,
  /** The objects stored beside the part's main one (sound, a fallback image): removed with it. */
  otherKeys: readonly string[] = [],
): Promise<void> {
  await withTransaction(pool, async (client) => {
    await assertJobLease(client, 'part');
    await lockPartsRequest(client, payload.generation_request_id);
    const inserted = await insertAnimationPart(client, { bannerId: payload.banner_id, part, parts: payload.parts, storageKey, otherKeys });
    if (inserted && part === ENCODE_TRIGGER_PART) {
      await addJob(client, ANIMATION_ENCODE, stripRange(payload), fileJob(payload, `${ANIMATION_ENCODE}:${payload.banner_id}`));
    }
  });
}

/** The part whose recording enqueues the encode: the first one it streams (docs/animation.md, §4). */
export const ENCODE_TRIGGER_PART = 0;

/** The file's payload without a frame job's range: what the encode job carries. */
function stripRange(value: AnimatedFilePayload | AnimationFramesPayload): AnimatedFilePayload {
  if (!('range' in value)) return value;
  const { range: _range, ...rest } = value;
  return rest;
}

/** The stored parts of a file, in order. */
export async function listParts(db: Queryable, bannerId: string): Promise<{ part: number; storage_key: string }[]> {
  return selectAnimationParts(db, bannerId);
}

/** Deletes the parts of a file (every object of each, then the rows): after its file is stored. */
export async function dropParts(db: Queryable, storage: ObjectStorage, bannerId: string): Promise<void> {
  for (const row of await selectAnimationPartObjects(db, bannerId)) await deleteObjects(storage, row);
  await deleteAnimationParts(db, bannerId);
}

/** A part's objects; '' is the key recorded by a re-run that found the part already stored. */
async function deleteObjects(storage: ObjectStorage, row: PartObjects): Promise<void> {
  for (const key of [row.storage_key, ...row.other_keys]) if (key !== '') await storage.delete(key);
}

/** Parts older than this belong to a file that never completed: the retention job removes them. */
export const PART_RETENTION_MS = 24 * 3600 * 1000;

/** Removes parts of files that never completed. Returns how many parts went. */
export async function purgeStaleParts(db: Queryable, storage: ObjectStorage, olderThanMs = PART_RETENTION_MS): Promise<number> {
  const rows = await selectStaleAnimationParts(db, olderThanMs);
  for (const row of rows) {
    await deleteObjects(storage, row);
    await deleteAnimationPart(db, row.banner_id, row.part);
  }
  return rows.length;
}

/** What the encode streams next: the stored parts, in order, from `next` up to the first gap. */
export function readyRun(stored: readonly number[], next: number, parts: number): number[] {
  const have = new Set(stored);
  const run: number[] = [];
  for (let p = next; p < parts && have.has(p); p++) run.push(p);
  return run;
}

/** A part did not come within the wait (`ANIMATION_PART_WAIT_MS`) after the one before it. */
export class PartWaitTimeoutError extends CodedError<'missing_part'> {
  constructor(
    readonly part: number,
    readonly parts: number,
    waitedMs: number,
  ) {
    super('missing_part', 'PartWaitTimeoutError', `part ${part + 1} of ${parts} did not come within ${waitedMs} ms`);
  }
}

/** The file got its outcome elsewhere (a part failed for good) while the encode waited. */
export class FileSettledError extends CodedError<'file_settled'> {
  constructor() {
    super('file_settled', 'FileSettledError', 'the file already has its outcome');
  }
}

export interface PartWaitClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

const realClock: PartWaitClock = { now: () => performance.now(), sleep: abortableSleep };

/** How often a waiting encode looks for the next part (one indexed query). */
export const PART_POLL_MS = 50;

/**
 * The storage keys of a file's parts, in part order, each as soon as it and every part before it
 * are stored: what the encode streams into ffmpeg while the later ranges are still captured.
 * Throws `PartWaitTimeoutError` when the next part has not come within `waitMs` of the previous
 * one (or of the start), and `FileSettledError` when the file got its outcome meanwhile (a part
 * failed for good). Stops quietly when `signal` aborts.
 */
export async function* waitForParts(
  db: Queryable,
  file: Pick<AnimatedFilePayload, 'banner_id' | 'parts' | 'generation_request_id' | 'format_name'>,
  options: { waitMs: number; signal: AbortSignal; pollMs?: number; clock?: PartWaitClock },
): AsyncGenerator<{ part: number; storage_key: string }> {
  const clock = options.clock ?? realClock;
  const pollMs = options.pollMs ?? PART_POLL_MS;
  let next = 0;
  let since = clock.now();
  while (next < file.parts && !options.signal.aborted) {
    const rows = await selectPartsFrom(db, file, next);
    if (rows.some((r) => r.settled)) throw new FileSettledError();
    const run = readyRun(
      rows.map((r) => r.part),
      next,
      file.parts,
    );
    for (const part of run) {
      yield { part, storage_key: rows.find((r) => r.part === part)!.storage_key };
      next = part + 1;
    }
    if (next >= file.parts) return;
    if (run.length > 0) since = clock.now();
    else if (clock.now() - since >= options.waitMs) throw new PartWaitTimeoutError(next, file.parts, options.waitMs);
    if (run.length === 0) await clock.sleep(pollMs, options.signal);
  }
}
