import type { Logger, ObjectStorage } from '@pressroom/platform';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import type { CompositePool } from './animation/composite-pool.js';
import type { MediaWorkerConfig } from './config.js';

/** What every media task receives. Built once per process by the entry file. */
export interface MediaDeps {
  config: MediaWorkerConfig;
  db: pg.Pool;
  storage: ObjectStorage;
  logger: Logger;
  metrics: Registry;
  /** Where composited animations' frames are drawn (COMPOSITE_THREADS threads). */
  composites: CompositePool;
}
