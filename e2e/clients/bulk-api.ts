import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli-runner.js';

/**
 * Whether this checkout has the bulk API (issue #37, documented in docs/bulk.md). The clients'
 * bulk commands are written against its fixed contract (/work/bulk-contract.md's routes); their
 * end-to-end cases run once it is there and are reported as skipped until then.
 */
export const HAS_BULK_API = existsSync(join(ROOT, 'docs/bulk.md'));
