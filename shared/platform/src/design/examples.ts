import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The example designs shipped in examples/designs, by file name (for tests and seeding). */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../../../examples/designs/', import.meta.url));

export function loadExampleDocuments(): { file: string; json: unknown }[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, json: JSON.parse(readFileSync(`${EXAMPLES_DIR}${file}`, 'utf8')) as unknown }));
}
