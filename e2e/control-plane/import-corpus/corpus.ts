// Import payloads written from Abyssale's documented examples (create-import starter, two formats
// with per-format values and a group, an uploaded image, printer, printer_multipage, animated):
// the corpus every import test holds the format to. Each file carries a placeholder target.
import { readdirSync, readFileSync } from 'node:fs';

const DIR = new URL('./', import.meta.url);

export interface CorpusPayload {
  file: string;
  payload: Record<string, unknown>;
}

/** The corpus, each payload aimed at a real project (or as a workspace template). */
export function importCorpus(target: { kind: 'design'; project_uuid: string } | { kind: 'workspace_template' }): CorpusPayload[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, payload: { ...JSON.parse(readFileSync(new URL(file, DIR), 'utf8')), target } }));
}

/** One payload of the corpus by file name. */
export function corpusPayload(file: string, target: { kind: 'design'; project_uuid: string }): Record<string, unknown> {
  const found = importCorpus(target).find((c) => c.file === file);
  if (!found) throw new Error(`no ${file} in the import corpus`);
  return found.payload;
}
