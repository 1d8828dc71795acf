import type { Logger } from '@pressroom/shared/logger';
import type { ObjectStorage } from '@pressroom/shared/storage/index';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import type { MediaWorkerConfig } from './config.js';

/** What every media task receives. Built once per process by the entry file. */
export interface MediaDeps {
  config: MediaWorkerConfig;
  db: pg.Pool;
  storage: ObjectStorage;
  logger: Logger;
  metrics: Registry;
}
