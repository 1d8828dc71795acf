// The parts of an animated file on real Postgres: the jobs a request adds, and the encode that
// the last part enqueues exactly once, whatever the order, repetition or concurrency of parts.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnimatedFilePayload } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../db/pool.js';
import { createGenerationRequest } from '../generation/requests-store.js';
import { LocalObjectStorage } from '../storage/local.js';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { addAnimatedFileJobs, dropParts, listParts, partStored, purgeStaleParts, recordPart } from './parts.js';

let db: TestDatabase;
let workspaceId: string;

beforeAll(async () => {
  db = await testDatabase();
  workspaceId = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Parts') RETURNING id`)).rows[0]!.id;
});
afterAll(async () => {
  await db?.drop();
});

async function newFile(fileType: 'mp4' | 'gif' | 'html5', duration: number): Promise<AnimatedFilePayload> {
  return withTransaction(db.pool, async (client) => {
    const requestId = await createGenerationRequest(client, {
      workspaceId,
      designId: randomUUID(),
      kind: 'async',
      callbackUrl: null,
      fileType,
      expectedFiles: 1,
      creditPerFile: 5,
    });
    return addAnimatedFileJobs(
      client,
      {
        v: 1,
        generation_request_id: requestId,
        banner_id: randomUUID(),
        workspace_id: workspaceId,
        design_id: randomUUID(),
        format_name: 'square',
        file_type: fileType,
        overrides: { layers: {}, vars: {} },
        priority: 'async',
        enqueued_at: Date.now(),
        original_banner_id: null,
        delivery: { click_url: null, loop_count: null, gif_max_width: null },
      },
      duration,
    );
  });
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
    expect([mp4.fps, mp4.frames, mp4.parts]).toEqual([25, 150, 6]);
    expect(await jobs('animation_frames', mp4.banner_id)).toBe(6);
    const gif = await newFile('gif', 6);
    expect([gif.fps, gif.frames, gif.parts]).toEqual([12.5, 75, 4]);
    const html5 = await newFile('html5', 6);
    expect(html5.parts).toBe(1);
    expect(await jobs('animation_html5', html5.banner_id)).toBe(1);
    expect(await jobs('animation_encode', mp4.banner_id)).toBe(0);
  });

  it('the encode is enqueued once, by the part completing the set, even when parts finish together or run twice', async () => {
    const file = await newFile('gif', 6);
    await recordPart(db.pool, file, 0, 'k0');
    await recordPart(db.pool, file, 0, 'k0'); // a retry after a kill: nothing new
    expect(await jobs('animation_encode', file.banner_id)).toBe(0);
    expect(await partStored(db.pool, file.banner_id, 0)).toBe(true);
    expect(await partStored(db.pool, file.banner_id, 1)).toBe(false);
    // A 6 s GIF has 4 parts (an even number of ranges, docs/animation.md).
    await Promise.all([
      recordPart(db.pool, file, 1, 'k1'),
      recordPart(db.pool, file, 2, 'k2'),
      recordPart(db.pool, file, 2, 'k2'),
      recordPart(db.pool, file, 3, 'k3'),
    ]);
    expect(await jobs('animation_encode', file.banner_id)).toBe(1);
    await recordPart(db.pool, file, 1, 'k1');
    expect(await jobs('animation_encode', file.banner_id)).toBe(1);
    expect((await listParts(db.pool, file.banner_id)).map((p) => p.storage_key)).toEqual(['k0', 'k1', 'k2', 'k3']);
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
