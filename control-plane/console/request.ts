// The playground's request, pure: the endpoint a render uses, the body of only the changed
// properties, and the same request as curl, the abyssale Python SDK and Node's fetch.
import { type DesignType, FILE_TYPES_BY_DESIGN } from '@pressroom/model/client';

/** Design types rendered by the sync endpoint; every other type goes through the async one. */
export const SYNC_TYPES: readonly DesignType[] = ['static'];

/** What a request is built for: the design's id and type (and its pages, on a multipage design). */
interface Target {
  id: string;
  type: DesignType;
}

/** Which endpoint a playground render uses, by design type and wish. */
/** The endpoint of a render: method, path, and whether it answers at once. */
export interface Endpoint {
  method: 'POST';
  path: string;
  async: boolean;
}

export function endpointFor(design: Target, async: boolean): Endpoint {
  if (design.type === 'printer_multipage')
    return { method: 'POST', path: `/async/banner-builder/${design.id}/generate-multipage-pdf`, async: true };
  if (async || !SYNC_TYPES.includes(design.type))
    return { method: 'POST', path: `/async/banner-builder/${design.id}/generate`, async: true };
  return { method: 'POST', path: `/banner-builder/${design.id}/generate`, async: false };
}

/** File types a playground may ask for, by design type (the model's, docs/generation.md). */
export const FILE_TYPES = FILE_TYPES_BY_DESIGN;

/** What the playground changed: by scope (a page id, or `all`), layer → property → value. */
export type Changes = Record<string, Record<string, Record<string, unknown>>>;

/**
 * The request body of a playground render. `changes` maps a scope (a page id on multipage
 * designs, `all` otherwise) to layer → property → value; only changed properties are sent, less
 * those in `omit` (the AI properties the sync endpoint refuses, for the live preview).
 */
export function buildBody(
  design: Target & { frames: { id: string }[] },
  {
    frame,
    fileType,
    changes,
    async = false,
    omit = [],
  }: { frame: string; fileType?: string | null; changes: Changes; async?: boolean; omit?: readonly string[] },
): Record<string, unknown> {
  const elementsOf = (scope: string) => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [layer, props] of Object.entries(changes[scope] ?? {})) {
      const kept: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) {
        if (v === undefined || omit.includes(k)) continue;
        // `parent.field` goes inside its object property.
        const [parent, field] = k.split('.');
        if (field === undefined) kept[k] = v;
        else kept[parent!] = { ...(typeof kept[parent!] === 'object' ? (kept[parent!] as object) : {}), [field]: v };
      }
      if (Object.keys(kept).length > 0) out[layer] = kept;
    }
    return out;
  };
  if (design.type === 'printer_multipage') {
    const pages: Record<string, unknown> = {};
    for (const f of design.frames) pages[f.id] = elementsOf(f.id);
    return { pages };
  }
  const elements = elementsOf('all');
  const body: Record<string, unknown> = endpointFor(design, async).async
    ? { template_format_names: [frame] }
    : { template_format_name: frame };
  if (fileType) body.image_file_type = fileType;
  body.elements = elements;
  return body;
}

/** "Copy as" snippets of one request: curl, the abyssale Python SDK, and Node's fetch. */
export function snippets({
  baseUrl,
  apiKey,
  design,
  endpoint,
  body,
}: {
  baseUrl: string;
  apiKey: string;
  design: Target;
  endpoint: Endpoint;
  body: unknown;
}): {
  curl: string;
  python: string;
  node: string;
} {
  const json = JSON.stringify(body, null, 2);
  const url = `${baseUrl}${endpoint.path}`;
  const curl = [
    `curl -s -X ${endpoint.method} \\`,
    `  -H 'x-api-key: ${apiKey}' -H 'content-type: application/json' \\`,
    `  -d '${JSON.stringify(body).replaceAll("'", "'\\''")}' \\`,
    `  ${url}`,
  ].join('\n');
  const method =
    design.type === 'printer_multipage' ? 'generate_multi_page_pdf' : endpoint.async ? 'generate_multi_format_media' : 'generate_image';
  const python = [
    'from abyssale import Abyssale',
    '',
    `client = Abyssale(api_key=${pyString(apiKey)}, base_url=${pyString(baseUrl)})`,
    `result = client.${method}(${pyString(design.id)}, ${toPython(body, 0)})`,
    endpoint.async ? 'print(client.wait_for_generation_request(result.generation_request_id))' : 'print(result.file.url)',
  ].join('\n');
  const node = [
    `const res = await fetch(${JSON.stringify(url)}, {`,
    `  method: '${endpoint.method}',`,
    `  headers: { 'x-api-key': ${JSON.stringify(apiKey)}, 'content-type': 'application/json' },`,
    `  body: JSON.stringify(${json.replaceAll('\n', '\n  ')}),`,
    '});',
    'console.log(res.status, await res.json());',
  ].join('\n');
  return { curl, python, node };
}

function pyString(s: unknown): string {
  return JSON.stringify(String(s));
}

/** A JSON value as a Python literal (True/False/None), indented like json.dumps(indent=4). */
export function toPython(value: unknown, depth: number): string {
  const pad = '    '.repeat(depth + 1);
  const end = '    '.repeat(depth);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + toPython(v, depth + 1)).join(',\n')}\n${end}]`;
  }
  const entries = Object.entries(value as object);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${pyString(k)}: ${toPython(v, depth + 1)}`).join(',\n')}\n${end}}`;
}

/** How a generated file is shown inline. */
export function fileKind(fileType: string): 'video' | 'pdf' | 'html5' | 'image' {
  if (fileType === 'mp4') return 'video';
  if (fileType === 'pdf') return 'pdf';
  if (fileType === 'zip' || fileType === 'html5') return 'html5';
  return 'image';
}
