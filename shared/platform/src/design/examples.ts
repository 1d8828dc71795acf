import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Design, type ParseImportResult, parseImportPayload } from '@pressroom/model';

/** The example designs shipped in examples/designs, by file name (for tests and seeding). */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../../../examples/designs/', import.meta.url));
/** The files the examples name as bare file names (their uploads). */
export const EXAMPLE_ASSETS_DIR = `${EXAMPLES_DIR}assets/`;

/** Each example as it is written: an import payload in Abyssale's format, without a target. */
export function loadExampleDocuments(): { file: string; json: unknown }[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, json: JSON.parse(readFileSync(`${EXAMPLES_DIR}${file}`, 'utf8')) as unknown }));
}

/**
 * An example payload parsed into the stored document, for tests and benches that render it without an
 * import: its uploads stay `file:` sources, made relative to EXAMPLES_DIR (`file:assets/latte.jpg`).
 */
export function parseExampleDocument(json: unknown): ParseImportResult {
  const r = parseImportPayload(json, { requireTarget: false });
  if (!r.ok) return r;
  for (const asset of Object.values(r.design.assets)) {
    if (asset.src.startsWith('file:')) asset.src = `file:assets/${asset.src.slice('file:'.length)}`;
  }
  return r;
}

/** One example by file name, as the stored document (see parseExampleDocument). */
export function loadExampleDesign(file: string): Design {
  const r = parseExampleDocument(JSON.parse(readFileSync(`${EXAMPLES_DIR}${file}`, 'utf8')));
  if (!r.ok) throw new Error(`example ${file} does not import: ${JSON.stringify(r.issues.slice(0, 3))}`);
  return r.design;
}
