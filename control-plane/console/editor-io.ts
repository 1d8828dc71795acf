// The editor's edges: the canvas module and its fonts (loaded once per page, the workspace's fonts
// read again at each call), stored-file links pointed at this page, a copy imported and followed
// to DONE, and a refused save's issues by layer and property. The document operations are pure
// (editor-model.ts); this is where the editor meets the network.
import { api, apiBytes, type FieldIssue } from './api.js';
import { type Doc, placeOfIssue, rebased } from './editor-model.js';

/** The renderer bundled for the browser: a built file the control plane serves, not a source here. */
const CANVAS_URL = '/console/vendor/canvas.mjs';

/** A font face of the catalogue, as the canvas module reads it. */
interface Face {
  path: string;
  [field: string]: unknown;
}
interface CatalogueJson {
  fonts: unknown[];
  faces: [string, Face[]][];
}
/** The font catalogue the canvas draws with (opaque here, but for its fonts' ids and names). */
export interface Catalogue {
  fonts: { id: string; name: string }[];
}
/** A layer's state at one moment of an animation (`__prAnim.apply`). */
export type LayerState = Record<string, unknown> & { name: string; visible: boolean };
/** One moment of an animated design (shared/renderer/src/browser.ts `momentAt`). */
export interface Moment {
  at: number;
  duration: number;
  states: LayerState[];
  typewriting: [string, string][];
}
/** A drawn format (shared/renderer/src/browser.ts `drawFormat`). */
export type Drawn =
  | { ok: true; document: string; width: number; height: number; pxPerUnit: number; bleed: number; safe: number; refused: FieldIssue[] }
  | { ok: false; issues: FieldIssue[] };

/** What the editor uses of the canvas module (shared/renderer/src/browser.ts, bundled). */
export interface CanvasModule {
  drawFormat(payload: unknown, frame: string, catalogue: Catalogue): Drawn;
  momentAt(payload: unknown, t: number): Moment | null;
  PLAYER_SCRIPT: string;
  uploadedCatalogue(records: unknown[], urlOf: (id: string, weight: number, style: string) => string): CatalogueJson;
  catalogueFromJson(json: CatalogueJson, own?: CatalogueJson): Catalogue;
  colorInSpace(designType: string, value: string): string;
  importPlaceOf(layerType: string, stored: string): { key: string; field: string | null; onLayer: boolean } | null;
}

/** The canvas, the catalogue it draws with, and the farm's stored-file base (null on S3). */
export interface Kit {
  canvas: CanvasModule;
  catalogue: Catalogue;
  filesBase: string | null;
}

/** The canvas module and the bundled font catalogue: the same for every workspace, loaded once per page. */
let canvasReady: Promise<[CanvasModule, CatalogueJson, { files_base: string | null }]> | null = null;
/** The blob URL of each uploaded face, by `<font id>/<weight>/<style>`: a file is fetched once per page. */
const faceUrls = new Map<string, Promise<string>>();

/**
 * The canvas and the fonts it draws with. The bundled part is loaded once; the workspace's own
 * fonts are read again at each call (`GET /fonts`), so a font uploaded after the editor opened
 * (on the Fonts page, or in another tab) is drawn in its own face, not in the fallback.
 */
export async function loadCanvas(): Promise<Kit> {
  canvasReady ??= Promise.all([
    import(/* @vite-ignore */ CANVAS_URL) as Promise<CanvasModule>,
    fetch('/console/fonts/catalogue.json').then((r) => r.json() as Promise<CatalogueJson>),
    fetch('/console/links.json').then((r) => r.json() as Promise<{ files_base: string | null }>),
  ]).catch((e: unknown) => {
    canvasReady = null;
    throw e;
  });
  const [[canvas, bundled, links], fonts] = await Promise.all([canvasReady, api<unknown[]>('GET', '/fonts').then((r) => r.data)]);
  // Uploaded faces come through the API with the key (a CSS url() cannot send it), as blob URLs.
  const wanted = new Map<string, { id: string; weight: number; style: string }>();
  const own = canvas.uploadedCatalogue(fonts, (id, weight, style) => {
    const key = `${id}/${weight}/${style}`;
    wanted.set(key, { id, weight, style });
    return key;
  });
  for (const [key, f] of wanted)
    if (!faceUrls.has(key))
      faceUrls.set(
        key,
        apiBytes(`/fonts/${f.id}/file?weight=${f.weight}&style=${f.style}`).then(
          (bytes) => URL.createObjectURL(new Blob([bytes])),
          () => {
            faceUrls.delete(key);
            return '';
          },
        ),
      );
  const urls = new Map(await Promise.all([...wanted.keys()].map(async (key) => [key, await faceUrls.get(key)] as const)));
  for (const [, faces] of own.faces) for (const face of faces) face.path = urls.get(face.path) ?? '';
  return { canvas, catalogue: canvas.catalogueFromJson(bundled, own), filesBase: links.files_base };
}

/** The farm's stored-file links of a value, pointed at this page's origin (see `rebased`). */
export function here<T>(kit: Kit, value: T): T {
  return kit.filesBase ? rebased(value, kit.filesBase, `${location.origin}/files/`) : value;
}

/**
 * The files this farm hosts (the as-import names a stored picture by its URL here) as `data:` URIs:
 * an import fetches URLs through the outbound guard, which keeps a farm from fetching itself.
 */
async function inlineOwnFiles(value: unknown): Promise<unknown> {
  if (typeof value === 'string' && value.startsWith(`${location.origin}/`)) {
    const blob = await fetch(value).then((r) => (r.ok ? r.blob() : null));
    if (!blob) return value;
    return await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsDataURL(blob);
    });
  }
  if (Array.isArray(value)) return Promise.all(value.map(inlineOwnFiles));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = await inlineOwnFiles(v);
  return out;
}

interface ImportState {
  status: string;
  result?: { uuid?: string };
  error?: { message?: string; errors?: FieldIssue[] };
}

/** POST of the import with a target; followed to DONE. Answers the new design's id. */
export async function importCopy(doc: Doc, projectId: string, name: string): Promise<string> {
  const body = { ...((await inlineOwnFiles(doc)) as Doc), name, target: { kind: 'design', project_uuid: projectId } };
  const { data } = await api<{ id: string }>('POST', '/designs/import/json', { body });
  for (;;) {
    const { data: state } = await api<ImportState>('GET', `/designs/import/json/${data.id}`);
    if (state.status === 'DONE' && state.result?.uuid) return state.result.uuid;
    if (state.status === 'FAILED')
      throw Object.assign(new Error(state.error?.message ?? 'The import failed.'), { errors: state.error?.errors ?? [] });
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Issues by layer and property key: `{ "<layer>": { "<key>": [message…], "*": [...] }, "*": {...} }`. */
export type IssuesByPlace = Record<string, Record<string, string[]>>;

export function issuesByPlace(doc: Doc, errors: readonly FieldIssue[]): IssuesByPlace {
  const out: IssuesByPlace = {};
  for (const e of errors) {
    const { layer, prop } = placeOfIssue(doc, e.path);
    out[layer ?? '*'] ??= {};
    const at = out[layer ?? '*']!;
    const key = prop ?? '*';
    at[key] = [...(at[key] ?? []), e.message];
  }
  return out;
}
