/** A folder of designs as code (docs/designs-as-code.md): its manifest, its design files, and a design as the farm has it now. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Api, Json } from './api.js';
import { type Change, diffJson } from './diff.js';
import { CliError, EXIT, type FieldError } from './errors.js';
import { readJsonFile, sha256 } from './files.js';
import { assetsFolder, localize, MANIFEST_FILE, type Manifest, parseManifest, serializeManifest } from './payload.js';

export interface DesignFile {
  stem: string;
  file: string;
  /** The design it is, from the manifest; null for a design not on the farm yet. */
  designId: string | null;
  payload?: Json;
  error?: FieldError;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const file = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { project_id: null, designs: {} };
  }
  const parsed = parseManifest(text);
  if ('error' in parsed) throw new CliError(`${file} cannot be used`, EXIT.invalid, [{ file, ...parsed.error }]);
  return parsed.manifest;
}

export const writeManifest = (dir: string, manifest: Manifest) => writeFile(join(dir, MANIFEST_FILE), serializeManifest(manifest));

/** Every design file of a folder (`*.json` besides the manifest), sorted by name, each read or with its error. */
export async function readFolder(dir: string): Promise<{ manifest: Manifest; files: DesignFile[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new CliError(`${dir}: no such folder`, EXIT.notFound);
  }
  const manifest = await readManifest(dir);
  const files: DesignFile[] = [];
  for (const name of names.filter((n) => n.endsWith('.json') && n !== MANIFEST_FILE).sort()) {
    const stem = name.slice(0, -'.json'.length);
    const file = join(dir, name);
    const read = await readJsonFile(file);
    files.push({
      stem,
      file,
      designId: manifest.designs[stem] ?? null,
      ...('error' in read ? { error: read.error } : { payload: read.value }),
    });
  }
  return { manifest, files };
}

async function localFiles(dir: string, stem: string): Promise<Map<string, string>> {
  const byHash = new Map<string, string>();
  const folder = join(dir, assetsFolder(stem));
  let names: string[] = [];
  try {
    names = (await readdir(folder)).sort();
  } catch {
    return byHash;
  }
  for (const name of names) {
    const bytes = await readFile(join(folder, name)).catch(() => null);
    if (bytes && !byHash.has(sha256(bytes))) byHash.set(sha256(bytes), name);
  }
  return byHash;
}

/** A design as the farm has it now, as the folder would keep it. */
export interface FarmView {
  /** The as-import payload with the design's stored files as local references. */
  payload: Json;
  warnings: Json[];
  /** Stored files: local reference → hosting URL, and sha256 of their bytes → hosting URL. */
  files: Map<string, string>;
  byHash: Map<string, string>;
  /** Local reference → bytes of each stored file. */
  bytes: Map<string, Buffer>;
}

/**
 * Reads `GET /designs/<id>/as-import` and turns the design's stored files into local references:
 * to a local file with the same bytes when the folder has one, else to the stored file's name.
 */
export async function farmView(api: Api, dir: string, stem: string, designId: string): Promise<FarmView> {
  const answer = await api.json('GET', `/designs/${designId}/as-import`);
  const local = await localFiles(dir, stem);
  const downloaded = new Map<string, Buffer>();
  const urls = new Set<string>();
  localize(answer.payload, designId, stem, (url) => {
    urls.add(url);
    return '';
  });
  for (const url of urls) downloaded.set(url, await api.download(url));
  const { payload, files } = localize(answer.payload, designId, stem, (url, name) => {
    const bytes = downloaded.get(url) as Buffer;
    return local.get(sha256(bytes)) ?? name;
  });
  const byHash = new Map<string, string>();
  const bytes = new Map<string, Buffer>();
  for (const [ref, url] of files) {
    const b = downloaded.get(url) as Buffer;
    byHash.set(sha256(b), url);
    bytes.set(ref, b);
  }
  return { payload, warnings: answer.warnings ?? [], files, byHash, bytes };
}

/** The differences from the farm's design to the local file: the payload's, then each stored file whose local copy has other bytes or is missing. */
export async function changesOf(dir: string, view: FarmView, local: Json): Promise<Change[]> {
  const changes = diffJson(view.payload, local);
  for (const [ref, bytes] of view.bytes) {
    const mine = await readFile(join(dir, ref)).catch(() => null);
    if (mine === null) changes.push({ path: ref, kind: 'removed', before: `${bytes.length} bytes on the farm, no local file` });
    else if (!mine.equals(bytes))
      changes.push({ path: ref, kind: 'changed', before: `${bytes.length} bytes`, after: `${mine.length} bytes` });
  }
  return changes;
}
