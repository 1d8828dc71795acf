/**
 * Pure helpers over import payloads as the CLI keeps them in a folder (docs/designs-as-code.md):
 * stable file names, the design's own stored files turned into local files and back, and
 * references to local files. No I/O here; the commands do it.
 */
import { slug } from '@pressroom/model/client';
import type { Json } from './api.js';

/** A reference to a local file, relative to the design file: `./name.assets/hero.png`, `../shared/logo.svg`. */
export const isLocalRef = (value: string): boolean => value.startsWith('./') || value.startsWith('../');

/** Every string of a JSON value replaced by `fn(value, path)`; `path` uses the API's syntax (`layers[0].properties.src`). */
export function mapStrings(value: Json, fn: (value: string, path: string) => string, path = ''): Json {
  if (typeof value === 'string') return fn(value, path);
  if (Array.isArray(value)) return value.map((v, i) => mapStrings(v, fn, `${path}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn, path ? `${path}.${k}` : k)]));
  return value;
}

/** Every string value with its path. */
export function strings(value: Json): { value: string; path: string }[] {
  const found: { value: string; path: string }[] = [];
  mapStrings(value, (v, path) => {
    found.push({ value: v, path });
    return v;
  });
  return found;
}

/** A file name stem from a design name: the slug generated files are named with, or `design`. */
export const slugify = (name: string): string => slug(name) || 'design';

/** A stem for a new design: its slug, or the slug with `-2`, `-3`… when taken. */
export function uniqueStem(name: string, taken: ReadonlySet<string>): string {
  const base = slugify(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The folder of a design's files, next to its JSON file. */
export const assetsFolder = (stem: string): string => `${stem}.assets`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The file name of a hosting URL of a file the design itself stores (`…/designs/<id>/assets/<name>`,
 * the storage key of a design's asset), or null for any other value (remote URLs, data URIs,
 * another design's files).
 */
export function ownAssetName(value: string, designId: string): string | null {
  if (!/^https?:\/\//.test(value)) return null;
  let path: string;
  try {
    path = new URL(value).pathname;
  } catch {
    return null;
  }
  const match = new RegExp(`/designs/(${UUID})/assets/([^/]+)$`, 'i').exec(decodeURIComponent(path));
  if (!match || match[1]?.toLowerCase() !== designId.toLowerCase()) return null;
  const name = (match[2] ?? '').replace(/[^\w.-]/g, '_');
  return name === '' || name.startsWith('.') ? null : name;
}

/**
 * The server's payload as the folder keeps it: each hosting URL of the design's own files becomes
 * a local reference. `nameFor(url, name)` picks the local file for a stored file (pull: the stored
 * name; diff: a local file with the same bytes when there is one). Returns the payload and the
 * stored files it refers to, local reference → URL.
 */
export function localize(
  payload: Json,
  designId: string,
  stem: string,
  nameFor: (url: string, name: string) => string = (_url, name) => name,
): { payload: Json; files: Map<string, string> } {
  const files = new Map<string, string>();
  const localized = mapStrings(payload, (value) => {
    const name = ownAssetName(value, designId);
    if (name === null) return value;
    const ref = `./${assetsFolder(stem)}/${nameFor(value, name)}`;
    files.set(ref, value);
    return ref;
  });
  return { payload: localized, files };
}

/** Local references of a payload, each with the paths that name it. */
export function localRefs(payload: Json): Map<string, string[]> {
  const refs = new Map<string, string[]>();
  for (const { value, path } of strings(payload)) if (isLocalRef(value)) refs.set(value, [...(refs.get(value) ?? []), path]);
  return refs;
}

/** The folder's record of which file is which design: `pressroom.json`. */
export interface Manifest {
  /** Where `designs push` creates the designs it does not know yet (`--project` overrides it). */
  project_id: string | null;
  /** File stem → design id. */
  designs: Record<string, string>;
}

export const MANIFEST_FILE = 'pressroom.json';

/** Reads a manifest's text loosely; a wrong shape is an error naming the field. */
export function parseManifest(text: string): { manifest: Manifest } | { error: { path: string; message: string } } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { error: { path: 'body', message: `not valid JSON (${(error as Error).message})` } };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: { path: 'body', message: 'must be an object' } };
  const record = raw as Record<string, unknown>;
  const project = record.project_id ?? null;
  if (project !== null && (typeof project !== 'string' || !new RegExp(`^${UUID}$`, 'i').test(project)))
    return { error: { path: 'project_id', message: 'must be a design project id (a UUID) or null' } };
  const designs = record.designs ?? {};
  if (typeof designs !== 'object' || designs === null || Array.isArray(designs))
    return { error: { path: 'designs', message: 'must be an object' } };
  for (const [stem, id] of Object.entries(designs))
    if (typeof id !== 'string' || !new RegExp(`^${UUID}$`, 'i').test(id))
      return { error: { path: `designs.${stem}`, message: 'must be a design id (a UUID)' } };
  return { manifest: { project_id: project as string | null, designs: designs as Record<string, string> } };
}

export const serializeManifest = (manifest: Manifest): string =>
  `${JSON.stringify({ project_id: manifest.project_id, designs: Object.fromEntries(Object.entries(manifest.designs).sort(([a], [b]) => a.localeCompare(b))) }, null, 2)}\n`;

/** A payload as the folder writes it: two-space JSON and a final newline, so Git diffs stay readable. */
export const serializePayload = (payload: Json): string => `${JSON.stringify(payload, null, 2)}\n`;

/** `--set layer.property=value` (a string) or `layer.property:=<JSON>` (a number, boolean, object…), as `elements` of a generation. */
export function parseSets(sets: readonly string[]): { elements: Record<string, Record<string, Json>> } | { error: string } {
  const elements: Record<string, Record<string, Json>> = {};
  for (const set of sets) {
    const match = /^([^.=:]+)\.([^=:]+)(:?=)([\s\S]*)$/.exec(set);
    if (!match) return { error: `--set ${set}: expected layer.property=value or layer.property:=<JSON>` };
    const [, layer = '', property = '', op, raw = ''] = match;
    let value: Json = raw;
    if (op === ':=') {
      try {
        value = JSON.parse(raw);
      } catch {
        return { error: `--set ${set}: the value after := is not JSON` };
      }
    }
    const target = elements[layer] ?? {};
    // `mask_properties.skew_y` style fields nest as the override object does.
    const parts = property.split('.');
    let at: Record<string, Json> = target;
    for (const part of parts.slice(0, -1)) {
      at[part] = typeof at[part] === 'object' && at[part] !== null ? at[part] : {};
      at = at[part];
    }
    at[parts[parts.length - 1] ?? property] = value;
    elements[layer] = target;
  }
  return { elements };
}
