import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { freePort } from './ports.js';
import { useRunTempDir } from './run-temp-dir.js';

/**
 * One real Postgres for the whole run: TEST_DATABASE_URL when given, otherwise an embedded server
 * in a temp dir. Each test file then creates its own database from it (see `testDatabase`). Every
 * temp dir of the run is in one folder removed at its end (useRunTempDir).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeTemp = await useRunTempDir(project);
  if (process.env['TEST_DATABASE_URL']) {
    project.provide('adminDatabaseUrl', process.env['TEST_DATABASE_URL']);
    return removeTemp;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-test-pg-'));
  // A port nothing listens on now (the kernel's pick), never a guess: a guessed port may be another
  // run's Postgres, which startEmbeddedPostgres would reuse and which stops when that run ends.
  const port = await freePort();
  const db = await startEmbeddedPostgres({ dataDir, port });
  if (!db.started) throw new Error(`port ${port} was taken between its pick and the start of the test Postgres; run again`);
  project.provide('adminDatabaseUrl', db.connectionString);
  return async () => {
    await db.stop();
    await rm(dataDir, { recursive: true, force: true });
    await removeTemp();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
