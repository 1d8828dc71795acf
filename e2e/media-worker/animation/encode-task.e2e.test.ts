// The streaming encode task on real Postgres, local storage and ffmpeg, without a farm: the frame
// ranges are made by ffmpeg (part 0 blue, part 1 red) and recorded by the test, playing the
// render workers. Streams in part order whatever the recording order; a range that never comes
// refuses the file after ANIMATION_PART_WAIT_MS; an outcome recorded elsewhere ends the wait.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompositePool } from '@pressroom/media-worker/animation/composite-pool';
import { animationEncodeTask } from '@pressroom/media-worker/animation/encode-task';
import { createAnimationMediaMetrics } from '@pressroom/media-worker/animation/metrics';
import { loadMediaWorkerConfig } from '@pressroom/media-worker/config';
import type { MediaDeps } from '@pressroom/media-worker/deps';
import type { AnimatedFilePayload } from '@pressroom/model';
import {
  animationPartKey,
  createLogger,
  createMetricsRegistry,
  createStorage,
  listParts,
  type ObjectStorage,
  recordOutcome,
  recordPart,
  resolveFfmpegPath,
  runFfmpeg,
} from '@pressroom/platform';
import { mjpegTestFrames, newAnimatedFile, type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedExample } from '../../render-worker/tasks/testing/farm-processes.js';

const ffmpeg = resolveFfmpegPath(undefined);
const SIZE = 1080; // the example's `square` format

let db: TestDatabase;
let storage: ObjectStorage;
let dir: string;
let design: { workspaceId: string; designId: string };

beforeAll(async () => {
  db = await testDatabase();
  dir = await mkdtemp(join(tmpdir(), 'pressroom-encode-'));
  storage = await createStorage(loadMediaWorkerConfig({}), { dataDir: dir, publicBaseUrl: 'http://localhost:8080' });
  design = await seedExample(db.pool, 'animated-product-launch.json', storage);
}, 60_000);
afterAll(async () => {
  await storage?.stop();
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** A 0.96 s MP4 of the example's square format: 24 frames in 2 ranges of 12 (FRAMES_PER_RANGE). */
function newFile(): Promise<AnimatedFilePayload> {
  return newAnimatedFile(db.pool, { ...design, fileType: 'mp4', duration: 0.96 });
}

async function storeRange(file: AnimatedFilePayload, part: number, color: string): Promise<void> {
  const frames = await mjpegTestFrames(ffmpeg, `color=c=${color}:size=${SIZE}x${SIZE}:rate=25`, 12);
  const key = animationPartKey(file.banner_id, `frames-${String(part).padStart(4, '0')}.mjpeg`);
  await storage.put(key, frames, { contentType: 'video/x-motion-jpeg', contentLength: frames.length });
  await recordPart(db.pool, file, part, key);
}

function runTask(waitMs: number): (file: AnimatedFilePayload) => Promise<void> {
  const deps: MediaDeps = {
    config: loadMediaWorkerConfig({ ANIMATION_PART_WAIT_MS: String(waitMs) }),
    db: db.pool,
    storage,
    logger: createLogger('test', 'silent'),
    metrics: createMetricsRegistry('media-worker'),
    composites: createCompositePool({ threads: 0 }),
  };
  const task = animationEncodeTask({ ...deps, animationMetrics: createAnimationMediaMetrics(deps.metrics) });
  const helpers = {
    job: { id: '1', attempts: 1, max_attempts: 5, task_identifier: 'animation_encode' },
    abortSignal: new AbortController().signal,
  } as unknown as JobHelpers;
  return async (file) => {
    await task(file, helpers);
  };
}

async function outcome(file: AnimatedFilePayload): Promise<{ banner: string | null; error: string | null }> {
  const banner = await db.pool.query<{ storage_key: string }>('SELECT storage_key FROM banners WHERE id = $1', [file.banner_id]);
  const error = await db.pool.query<{ reason: string }>('SELECT reason FROM generation_errors WHERE generation_request_id = $1', [
    file.generation_request_id,
  ]);
  return { banner: banner.rows[0]?.storage_key ?? null, error: error.rows[0]?.reason ?? null };
}

/** The average RGB of frame `n` of a video. */
async function frameColor(video: Buffer, n: number): Promise<number[]> {
  const path = join(dir, `${crypto.randomUUID()}.mp4`);
  await writeFile(path, video);
  const rgb = await runFfmpeg(
    ffmpeg,
    ['-v', 'error', '-i', path, '-vf', `select=eq(n\\,${n}),scale=1:1`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    null,
  );
  return [...rgb];
}

describe('animation_encode streams the ranges while they are captured', () => {
  it('feeds the ranges in part order whatever order they are recorded in: 24 frames, blue then red', { timeout: 120_000 }, async () => {
    const file = await newFile();
    expect(file.parts).toBe(2);
    await storeRange(file, 1, 'red');
    const encoding = runTask(120_000)(file);
    await storeRange(file, 0, 'blue');
    await encoding;
    const done = await outcome(file);
    expect(done.error).toBeNull();
    const video = await storage.get(done.banner!);
    const crc = (await runFfmpeg(ffmpeg, ['-v', 'error', '-i', 'pipe:0', '-f', 'framecrc', 'pipe:1'], video)).toString();
    expect(crc.split('\n').filter((l) => /^0,/.test(l))).toHaveLength(24);
    const [first, last] = [await frameColor(video, 0), await frameColor(video, 23)];
    expect(first[2]!).toBeGreaterThan(200); // blue
    expect(first[0]!).toBeLessThan(40);
    expect(last[0]!).toBeGreaterThan(200); // red
    expect(last[2]!).toBeLessThan(40);
    expect(await listParts(db.pool, file.banner_id)).toEqual([]); // intermediates removed
  });

  it('a range that never comes refuses the file once the bounded wait has passed', { timeout: 120_000 }, async () => {
    const file = await newFile();
    await storeRange(file, 0, 'blue');
    await runTask(100)(file);
    const done = await outcome(file);
    expect(done.banner).toBeNull();
    expect(done.error).toContain('part 2 of 2 did not come within 100 ms');
  });

  it('an outcome recorded elsewhere (a range failed for good) ends the wait and drops the parts', { timeout: 120_000 }, async () => {
    const file = await newFile();
    await storeRange(file, 0, 'blue');
    // A wait far longer than the test's timeout: only the outcome can end it.
    const encoding = runTask(600_000)(file);
    await recordOutcome(
      db.pool,
      file.generation_request_id,
      { kind: 'error', formatName: 'square', errorId: 'internal_server_error', reason: 'a range failed for good' },
      storage,
    );
    await encoding;
    expect((await outcome(file)).banner).toBeNull();
    expect(await listParts(db.pool, file.banner_id)).toEqual([]);
  });
});
