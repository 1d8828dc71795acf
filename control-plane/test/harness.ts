import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createMetricsRegistry, createStorage, type DesignSource, type ObjectStorage } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../src/app.js';
import { type ControlPlaneConfig, loadControlPlaneConfig } from '../src/config.js';
import { createKey, createWorkspace, type Plan } from '../src/services/workspaces.js';

export interface Harness {
  db: TestDatabase;
  config: ControlPlaneConfig;
  storage: ObjectStorage;
  dataDir: string;
  /** An app on this database; `designs` replaces the database's design source (a memory one). */
  build(
    overrides?: Record<string, string>,
    pool?: TestDatabase['pool'],
    designs?: DesignSource,
    extra?: Pick<AppDeps, 'sourceDispatcher'>,
  ): Promise<FastifyInstance>;
  workspace(plan?: Plan, name?: string): Promise<{ id: string; key: string }>;
  close(): Promise<void>;
}

/** A real database of the test file's own, and apps built exactly as the server builds them. */
export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const db = await testDatabase();
  const apps: FastifyInstance[] = [];
  const configFor = (overrides: Record<string, string>) =>
    loadControlPlaneConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...env, ...overrides });
  const config = configFor({});
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-cp-test-'));
  const storage = await createStorage(config, { publicBaseUrl: 'http://localhost:8080', dataDir });
  return {
    db,
    config,
    storage,
    dataDir,
    async build(overrides = {}, pool = db.pool, designs?: DesignSource, extra = {}) {
      const app = await buildApp({
        config: configFor(overrides),
        db: pool,
        logger: createLogger('test', 'silent'),
        metrics: createMetricsRegistry('control-plane'),
        publicBaseUrl: 'http://localhost:8080',
        storage,
        ...(designs ? { designs } : {}),
        ...extra,
      });
      apps.push(app);
      return app;
    },
    async workspace(plan = 'pro', name = 'Acme') {
      const ws = await createWorkspace(db.pool, { name, plan, credits: 100, aiCredits: 10 });
      return { id: ws.id, key: await createKey(db.pool, ws.id) };
    },
    async close() {
      await Promise.all(apps.map((a) => a.close()));
      await db.drop();
    },
  };
}
