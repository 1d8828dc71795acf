// Pure functions of the console: what the playground shows and sends. No DOM, no fetch, so the
// unit tier tests them alone (plan.test.ts).

/** Design types rendered by the sync endpoint; every other type goes through the async one. */
export const SYNC_TYPES = ['static'];

/** Layer types a generation request cannot target (docs/overrides.md). */
const UNTARGETABLE = new Set(['code', 'group']);

/** Properties a person changes most, shown first; the rest follow in the design's order. */
const FIRST = ['payload', 'image_url', 'color', 'background_color', 'font', 'font_size', 'icon_url', 'hidden'];

/** Whether a property is shown at once; the others wait behind "More properties". */
export function isMainProp(layerType, prop) {
  return layerType === 'variables' || FIRST.includes(prop);
}

function byUse(props) {
  const rank = (p) => {
    const i = FIRST.indexOf(p.id);
    return i === -1 ? FIRST.length : i;
  };
  return props
    .map((p, i) => [p, i])
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([p]) => p);
}

/** The design's text variables as one more "layer": the reserved `vars` key of `elements`. */
function variablesLayer(variables) {
  const names = Object.keys(variables ?? {});
  if (names.length === 0) return [];
  return [
    {
      name: 'vars',
      type: 'variables',
      props: names.map((n) => ({ id: n, help: `Text variable {${n}}`, value: String(variables[n] ?? '') })),
    },
  ];
}

/**
 * One shape for every design type: frames (formats, or pages of a multipage design) and, per
 * frame, the layers with each attribute's value in that frame.
 */
export function normalizeDesign(read) {
  if (read.type === 'printer_multipage') {
    const frames = read.pages.map((p) => ({
      id: p.id,
      width: p.width,
      height: p.height,
      unit: p.unit,
      preview_url: p.preview_url ?? null,
    }));
    const layersOf = (frameId) =>
      (read.elements_per_page?.[frameId] ?? [])
        .filter((e) => !UNTARGETABLE.has(e.type) && (e.type !== 'container' || e.name === 'root'))
        .map((e) => ({
          name: e.name,
          type: e.type,
          props: byUse(Object.values(e.attributes ?? {}).map((a) => ({ id: a.id, help: a.help ?? '', value: a.value }))),
        }));
    return { id: read.id, name: read.name, type: read.type, frames, perFrame: true, layersOf };
  }
  const frames = read.formats.map((f) => ({
    id: f.id,
    width: f.width,
    height: f.height,
    unit: f.unit,
    preview_url: f.preview_url ?? null,
  }));
  const layersOf = (frameId) => [
    ...variablesLayer(read.variables),
    ...read.elements
      .filter((e) => !UNTARGETABLE.has(e.type) && (e.type !== 'container' || e.name === 'root'))
      .map((e) => ({
        name: e.name,
        type: e.type,
        props: byUse((e.attributes ?? []).map((a) => ({ id: a.id, help: a.help ?? '', value: a.values?.[frameId] }))),
      })),
  ];
  return { id: read.id, name: read.name, type: read.type, frames, perFrame: false, layersOf };
}

const COLOR = /(^|_)color$/;
const SOURCE = /^(image|icon|video)_url$/;
const WEIGHTS = ['100', '200', '300', '400', '500', '600', '700', '800', '900'];

/**
 * The control of one property, from its name and current value: text, colour (the colour
 * grammar as text, with a swatch), font (from /fonts), a number, a switch, a source URL with an
 * upload, or a choice.
 */
export function controlFor(prop, value, layerType) {
  if (layerType === 'variables') return { kind: 'text', multiline: false };
  if (prop === 'payload') return { kind: 'text', multiline: typeof value === 'string' && value.length > 40 };
  if (COLOR.test(prop)) return { kind: 'color' };
  if (prop === 'font') return { kind: 'font' };
  if (prop === 'font_weight') return { kind: 'select', options: WEIGHTS, numeric: true };
  if (SOURCE.test(prop)) return { kind: 'source', encoded: prop.replace(/_url$/, '_encoded') };
  if (typeof value === 'boolean') return { kind: 'switch' };
  if (typeof value === 'number') return { kind: 'number' };
  if (typeof value === 'string') return { kind: 'text', multiline: false };
  return { kind: 'readonly' };
}

/** A CSS hex for the swatch when the value is one, else null (CMYK, gradients, names stay text). */
export function swatchOf(value) {
  if (typeof value !== 'string') return null;
  const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value.trim());
  return m ? `#${m[1].toLowerCase()}` : null;
}

/** The DOM id of a property's control; error paths map onto it (fieldKeyOfPath). */
export function fieldKey(layer, prop) {
  return `f-${layer}-${prop}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The control an error path points at: `elements.title.color` (sync and async) or
 * `pages.page_2.title.color` (multipage); `elements.photo.image_encoded` points at the source.
 */
export function fieldKeyOfPath(path) {
  const parts = String(path).split('.');
  let rest;
  if (parts[0] === 'elements') rest = parts.slice(1);
  else if (parts[0] === 'pages') rest = parts.slice(2);
  else return null;
  if (rest.length < 2) return null;
  const prop = rest[1].replace(/_encoded$/, '_url');
  return fieldKey(rest[0], prop);
}

/** A typed value back from a control's text, for the request body. */
export function coerce(kind, text, original) {
  if (kind === 'number') {
    const n = Number(text);
    return text.trim() === '' || Number.isNaN(n) ? text : n;
  }
  if (kind === 'select' && typeof original === 'number') return Number(text);
  return text;
}

/** Which endpoint a playground render uses, by design type and wish. */
export function endpointFor(design, async) {
  if (design.type === 'printer_multipage')
    return { method: 'POST', path: `/async/banner-builder/${design.id}/generate-multipage-pdf`, async: true };
  if (async || !SYNC_TYPES.includes(design.type))
    return { method: 'POST', path: `/async/banner-builder/${design.id}/generate`, async: true };
  return { method: 'POST', path: `/banner-builder/${design.id}/generate`, async: false };
}

/** File types a playground may ask for, by design type (docs/generation.md). */
export const FILE_TYPES = {
  static: ['jpeg', 'png', 'webp', 'avif', 'pdf'],
  animated: ['mp4', 'gif', 'html5'],
  printer: ['pdf'],
  printer_multipage: ['pdf'],
};

/**
 * The request body of a playground render. `changes` maps a scope (a page id on multipage
 * designs, `all` otherwise) to layer → property → value; only changed properties are sent.
 */
export function buildBody(design, { frame, fileType, changes, async }) {
  const elementsOf = (scope) => {
    const out = {};
    for (const [layer, props] of Object.entries(changes[scope] ?? {})) {
      const kept = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined));
      if (Object.keys(kept).length > 0) out[layer] = kept;
    }
    return out;
  };
  if (design.type === 'printer_multipage') {
    const pages = {};
    for (const f of design.frames) pages[f.id] = elementsOf(f.id);
    return { pages };
  }
  const elements = elementsOf('all');
  const body = endpointFor(design, async).async ? { template_format_names: [frame] } : { template_format_name: frame };
  if (fileType) body.image_file_type = fileType;
  body.elements = elements;
  return body;
}

/** "Copy as" snippets of one request: curl, the abyssale Python SDK, and Node's fetch. */
export function snippets({ baseUrl, apiKey, design, endpoint, body }) {
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

function pyString(s) {
  return JSON.stringify(String(s));
}

/** A JSON value as a Python literal (True/False/None), indented like json.dumps(indent=4). */
export function toPython(value, depth) {
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
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${pyString(k)}: ${toPython(v, depth + 1)}`).join(',\n')}\n${end}}`;
}

/** How a generated file is shown inline. */
export function fileKind(fileType) {
  if (fileType === 'mp4') return 'video';
  if (fileType === 'pdf') return 'pdf';
  if (fileType === 'zip' || fileType === 'html5') return 'html5';
  return 'image';
}

/** A delay that restarts on every call: the preview renders once typing pauses. */
export function debounce(fn, ms) {
  let timer = null;
  const call = (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  call.cancel = () => clearTimeout(timer);
  return call;
}
