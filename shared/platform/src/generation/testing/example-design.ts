import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseExampleDocument } from '../../design/examples.js';
import type { GenerationDesign } from '../design-source.js';

const EXAMPLES = fileURLToPath(new URL('../../../../../examples/designs/', import.meta.url));

/** One of `examples/designs/*.json`, parsed, as a generation design of the given workspace. */
export async function exampleDesign(file: string, owner: { workspaceId: string; projectId: string }): Promise<GenerationDesign> {
  const parsed = parseExampleDocument(JSON.parse(await readFile(`${EXAMPLES}${file}`, 'utf8')));
  if (!parsed.ok) throw new Error(`example ${file} does not parse: ${JSON.stringify(parsed.issues.slice(0, 3))}`);
  const names = parsed.design.type === 'printer_multipage' ? [] : parsed.design.formats.map((f) => f.name);
  return {
    id: randomUUID(),
    workspaceId: owner.workspaceId,
    design: parsed.design,
    createdAt: 1_700_000_000,
    updatedAt: 1_700_000_100,
    projectId: owner.projectId,
    formatUids: Object.fromEntries(names.map((n) => [n, randomUUID()])),
    version: 1,
    namingScheme: null,
    defaultFileType: null,
  };
}
