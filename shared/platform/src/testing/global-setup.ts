import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.js';

/**
 * One real Postgres for the whole run: TEST_DATABASE_URL when given, otherwise an embedded server
 * in a temp dir. Each test file then creates its own database from it (see `testDatabase`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env['TEST_DATABASE_URL']) {
    project.provide('adminDatabaseUrl', process.env['TEST_DATABASE_URL']);
    return async () => undefined;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-test-pg-'));
  const port = 55_000 + Math.floor(Math.random() * 5_000);
  const db = await startEmbeddedPostgres({ dataDir, port });
  project.provide('adminDatabaseUrl', db.connectionString);
  return async () => {
    await db.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
