import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/ports.js';
import { embeddedLayout, startEmbeddedPostgres } from './embedded.js';

// As root the embedded server runs as the `postgres` user, so a DATA_DIR under a folder closed to
// others (/root is 0700) has its data moved to the runtime dir (planEmbeddedLayout).
describe.skipIf(process.getuid?.() !== 0)('the embedded Postgres as root, DATA_DIR in a closed folder', () => {
  const work = mkdtemp(join(tmpdir(), 'pressroom-embedded-'));
  afterAll(async () => rm(await work, { recursive: true, force: true }));

  it('starts with its data in a runtime dir it makes, which the server user can enter', async () => {
    const root = await work;
    await chmod(root, 0o755);
    const closed = join(root, 'home');
    await mkdir(closed, { mode: 0o700 });
    const dataDir = join(closed, 'data');
    // Not there yet: the start makes it (a fresh machine has no /var/lib/pressroom).
    const runtimeDir = join(root, 'var', 'lib', 'pressroom');
    const layout = await embeddedLayout(dataDir, runtimeDir);
    expect(layout.databaseDir.startsWith(runtimeDir)).toBe(true);

    const db = await startEmbeddedPostgres({ dataDir, port: await freePort(), runtimeDir });
    try {
      expect(db.started).toBe(true);
      const client = new pg.Client({ connectionString: db.connectionString });
      await client.connect();
      const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
      await client.end();
      expect(rows[0]?.one).toBe(1);
      expect((await stat(runtimeDir)).mode & 0o777).toBe(0o755);
    } finally {
      await db.stop();
    }
  });
});
