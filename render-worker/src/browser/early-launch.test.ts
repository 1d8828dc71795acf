import { describe, expect, it } from 'vitest';
import { loadRenderWorkerConfig } from '../config.js';
import { earlyDataDir } from './early-launch.js';

describe('earlyDataDir', () => {
  it("reads DATA_DIR as the worker's config does: unset, empty and set", () => {
    for (const env of [{}, { DATA_DIR: '' }, { DATA_DIR: '/srv/pressroom' }, { DATA_DIR: 'relative/dir' }]) {
      expect(earlyDataDir(env)).toBe(loadRenderWorkerConfig(env).dataDir);
    }
  });
});
