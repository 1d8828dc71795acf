import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMigrations } from 'graphile-worker';
import type pg from 'pg';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK = 7_447_001;

/** Numbered SQL files (`001-core.sql`), applied once each, in order, under an advisory lock. */
export async function listMigrations(): Promise<{ id: number; name: string; file: string }[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f)).sort();
  return files.map((file) => ({ id: Number(file.slice(0, 3)), name: file.slice(4, -4), file: join(MIGRATIONS_DIR, file) }));
}

export async function migrate(pool: pg.Pool): Promise<{ applied: string[] }> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS pressroom_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query<{ id: number }>('SELECT id FROM pressroom_migrations')).rows.map((r) => r.id));
    for (const m of await listMigrations()) {
      if (done.has(m.id)) continue;
      const sql = await readFile(m.file, 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO pressroom_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.id}-${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(`${m.id}-${m.name}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  // The queue's own schema lives beside ours; graphile-worker migrates it idempotently.
  await runMigrations({ pgPool: pool });
  return { applied };
}
