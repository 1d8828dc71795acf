// The parts of an animated file on real Postgres: the jobs a request adds, and the encode that
// the first part enqueues exactly once, whatever the order, repetition or concurrency of parts, and
// the encode's in-order, bounded wait for the parts (clock injected: no wall-clock race).
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnimatedFilePayload } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalObjectStorage } from '../storage/local.js';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import {
  dropParts,
  FileSettledError,
  listParts,
  type PartWaitClock,
  PartWaitTimeoutError,
  partStored,
  purgeStaleParts,
  recordPart,
  waitForParts,
} from './parts.js';
import { newAnimatedFile } from './testing/animated-file.js';

let db: TestDatabase;
let workspaceId: string;

beforeAll(async () => {
  db = await testDatabase();
  workspaceId = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Parts') RETURNING id`)).rows[0]!.id;
});
afterAll(async () => {
  await db?.drop();
});

function newFile(fileType: 'mp4' | 'gif' | 'html5', duration: number): Promise<AnimatedFilePayload> {
  return newAnimatedFile(db.pool, { workspaceId, designId: randomUUID(), fileType, duration });
}

async function jobs(task: string, bannerId: string): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = $1 AND j.payload->>'banner_id' = $2`,
    [task, bannerId],
  );
  return rows[0]!.n;
}

describe('animation parts', () => {
  it('a request adds one frame-range job per range (mp4 at 25 fps, gif at 12.5) or one page job (html5)', async () => {
    const mp4 = await newFile('mp4', 6);
    // 150 frames in ranges of at most 12 (FRAMES_PER_RANGE), a multiple of 2 of them: 14 of 10-11.
    expect([mp4.fps, mp4.frames, mp4.parts]).toEqual([25, 150, 14]);
    expect(await jobs('animation_frames', mp4.banner_id)).toBe(14);
    const gif = await newFile('gif', 6);
    expect([gif.fps, gif.frames, gif.parts]).toEqual([12.5, 75, 8]);
    const html5 = await newFile('html5', 6);
    expect(html5.parts).toBe(1);
    expect(await jobs('animation_html5', html5.banner_id)).toBe(1);
    expect(await jobs('animation_encode', mp4.banner_id)).toBe(0);
  });

  it('the encode is enqueued once, by part 0, even when parts come out of order, together or twice', async () => {
    const file = await newFile('gif', 6);
    // A 6 s GIF has 4 parts (an even number of ranges, docs/animation.md).
    await Promise.all([recordPart(db.pool, file, 2, 'k2'), recordPart(db.pool, file, 1, 'k1'), recordPart(db.pool, file, 2, 'k2')]);
    expect(await jobs('animation_encode', file.banner_id)).toBe(0);
    expect(await partStored(db.pool, file.banner_id, 1)).toBe(true);
    expect(await partStored(db.pool, file.banner_id, 0)).toBe(false);
    await Promise.all([recordPart(db.pool, file, 0, 'k0'), recordPart(db.pool, file, 0, 'k0'), recordPart(db.pool, file, 3, 'k3')]);
    expect(await jobs('animation_encode', file.banner_id)).toBe(1);
    // A retry after a kill, with the encode job already taken by a media worker: still one job.
    await db.pool.query(
      `UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'media-1' WHERE payload->>'banner_id' = $1`,
      [file.banner_id],
    );
    await recordPart(db.pool, file, 0, 'k0');
    await recordPart(db.pool, file, 3, 'k3');
    expect(await jobs('animation_encode', file.banner_id)).toBe(1);
    expect((await listParts(db.pool, file.banner_id)).map((p) => p.storage_key)).toEqual(['k0', 'k1', 'k2', 'k3']);
  });

  /** A clock that moves only when the waiting encode sleeps; `onSleep` plays the render workers. */
  function steppedClock(onSleep: (n: number) => Promise<void>): PartWaitClock & { t: number } {
    let n = 0;
    const clock = {
      t: 0,
      now: () => clock.t,
      sleep: async (ms: number) => {
        clock.t += ms;
        await onSleep(++n);
      },
    };
    return clock;
  }

  it('the encode streams parts in order as they come, whatever order they are recorded in', async () => {
    // 2.8 s: 70 frames in 6 ranges.
    const file = await newFile('mp4', 2.8);
    expect(file.parts).toBe(6);
    await recordPart(db.pool, file, 2, 'k2');
    await recordPart(db.pool, file, 0, 'k0');
    const late: Record<number, [number, string]> = { 2: [3, 'k3'], 4: [1, 'k1'], 6: [5, 'k5'], 8: [4, 'k4'] };
    const clock = steppedClock(async (n) => {
      const part = late[n];
      if (part) await recordPart(db.pool, file, part[0], part[1]);
    });
    const seen: string[] = [];
    for await (const p of waitForParts(db.pool, file, { waitMs: 1000, pollMs: 50, signal: new AbortController().signal, clock }))
      seen.push(`${p.part}:${p.storage_key}`);
    expect(seen).toEqual(['0:k0', '1:k1', '2:k2', '3:k3', '4:k4', '5:k5']);
  });

  it('a part that never comes ends the wait after the bound, counted from the part before it', async () => {
    const file = await newFile('gif', 6);
    await recordPart(db.pool, file, 0, 'k0');
    await recordPart(db.pool, file, 2, 'k2');
    // Part 1 comes after 600 ms (within the 1000 ms bound); part 3 never does.
    const clock = steppedClock(async (n) => {
      if (n === 12) await recordPart(db.pool, file, 1, 'k1');
    });
    const seen: number[] = [];
    const run = (async () => {
      for await (const p of waitForParts(db.pool, file, { waitMs: 1000, pollMs: 50, signal: new AbortController().signal, clock }))
        seen.push(p.part);
    })();
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartWaitTimeoutError);
    expect((error as PartWaitTimeoutError).part).toBe(3);
    expect(seen).toEqual([0, 1, 2]);
    expect(clock.t).toBe(600 + 1000);
  });

  it('the wait ends as soon as the file has its outcome (a part failed for good)', async () => {
    const file = await newFile('mp4', 2);
    await recordPart(db.pool, file, 0, 'k0');
    const clock = steppedClock(async (n) => {
      if (n === 3)
        await db.pool.query(
          `INSERT INTO generation_errors (generation_request_id, format_name, error_id, reason) VALUES ($1, $2, 'internal_server_error', 'x')`,
          [file.generation_request_id, file.format_name],
        );
    });
    const seen: number[] = [];
    const error = await (async () => {
      for await (const p of waitForParts(db.pool, file, { waitMs: 60_000, pollMs: 50, signal: new AbortController().signal, clock }))
        seen.push(p.part);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileSettledError);
    expect(seen).toEqual([0]);
    expect(clock.t).toBe(150);
  });

  it('the retention job removes parts of files that never completed, objects first', async () => {
    const dir = join(tmpdir(), `pressroom-parts-${randomUUID()}`);
    const storage = new LocalObjectStorage({ dataDir: dir, publicBaseUrl: 'http://x', urlSigningSecret: 's', downloadUrlTtlSeconds: 60 });
    const file = await newFile('html5', 2);
    await storage.put('intermediate/animations/x/index.html', Buffer.from('<html>'), { contentType: 'text/html' });
    await storage.put('intermediate/animations/x/fallback.jpeg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    await recordPart(db.pool, file, 0, 'intermediate/animations/x/index.html', ['intermediate/animations/x/fallback.jpeg']);
    expect(await purgeStaleParts(db.pool, storage)).toBe(0);
    await db.pool.query(`UPDATE animation_parts SET created_at = now() - interval '2 days' WHERE banner_id = $1`, [file.banner_id]);
    expect(await purgeStaleParts(db.pool, storage)).toBeGreaterThanOrEqual(1);
    expect(await listParts(db.pool, file.banner_id)).toEqual([]);
    expect(await storage.head('intermediate/animations/x/index.html')).toBeUndefined();
    expect(await storage.head('intermediate/animations/x/fallback.jpeg')).toBeUndefined();
  });

  it('a stored file takes every object of its parts with it (the HTML5 fallback, the soundtrack)', async () => {
    const dir = join(tmpdir(), `pressroom-parts-${randomUUID()}`);
    const storage = new LocalObjectStorage({ dataDir: dir, publicBaseUrl: 'http://x', urlSigningSecret: 's', downloadUrlTtlSeconds: 60 });
    const file = await newFile('mp4', 1);
    const keys = [
      'intermediate/animations/y/frames-0000.mjpeg',
      'intermediate/animations/y/soundtrack.json',
      'intermediate/animations/y/a.mp3',
    ];
    for (const key of keys) await storage.put(key, Buffer.from(key), { contentType: 'application/octet-stream' });
    await recordPart(db.pool, file, 0, keys[0]!, keys.slice(1));
    await dropParts(db.pool, storage, file.banner_id);
    expect(await listParts(db.pool, file.banner_id)).toEqual([]);
    for (const key of keys) expect(await storage.head(key)).toBeUndefined();
  });
});
