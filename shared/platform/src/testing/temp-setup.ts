import type { TestProject } from 'vitest/node';
import { useRunTempDir } from './run-temp-dir.js';

/** The unit tier's global setup: only the run's own temp folder (see useRunTempDir). */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return useRunTempDir(project);
}
