import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { listMigrations, migrate } from './migrate.js';

describe('migrate', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(() => db.drop());

  it('records every numbered migration once and is idempotent', async () => {
    const again = await migrate(db.pool);
    expect(again.applied).toEqual([]);
    const { rows } = await db.pool.query<{ id: number }>('SELECT id FROM pressroom_migrations ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual((await listMigrations()).map((m) => m.id));
  });

  it('creates the queue schema beside ours', async () => {
    const { rows } = await db.pool.query(`SELECT 1 FROM information_schema.schemata WHERE schema_name = 'graphile_worker'`);
    expect(rows).toHaveLength(1);
  });
});
