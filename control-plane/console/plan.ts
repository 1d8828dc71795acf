// Pure functions of the console: what the playground shows and sends. No DOM, no fetch, so the
// unit tier tests them alone (plan.test.ts).
import type { DesignType, PropertyDescriptor } from '@pressroom/model/client';
import { UNTARGETABLE_LAYER_TYPES } from '@pressroom/model/client';

/** Layer types a generation request cannot target (the model's, docs/overrides.md): a group can (`hidden`, `opacity`, `gap`, `mask`). */
const UNTARGETABLE: ReadonlySet<string> = new Set(UNTARGETABLE_LAYER_TYPES);

/** The control of one property (`controlFor`), by kind. */
export type Control =
  | { kind: 'text'; multiline: boolean }
  | {
      kind: 'number';
      min: number | null;
      max: number | null;
      step: number | 'any';
      range: { min: number; max: number } | null;
      /** `min` to `max` is one turn (a rotation, the descriptor's `import.circular`): the arrow keys come round it. */
      circular?: true;
    }
  | { kind: 'select'; options: string[]; numeric: boolean }
  | { kind: 'switch' }
  | { kind: 'color'; gradients: boolean }
  | { kind: 'font' }
  | { kind: 'source'; encoded: string | null };

/** One property of a form: its id, help, value in the frame, and (in a form) its control. */
export interface FormProp {
  id: string;
  help: string;
  value: unknown;
  control?: Control | null;
}

/** A layer of a form (or the design's text variables, type `variables`). */
export interface FormLayer {
  name: string;
  type: string;
  props: FormProp[];
}

/** A frame of GET /designs/<id>: a format, or a page. */
export interface ReadFrame {
  id: string;
  width: number;
  height: number;
  unit?: string;
  preview_url?: string | null;
}

interface ReadAttribute {
  id: string;
  help?: string;
  value?: unknown;
  values?: Record<string, unknown>;
}

interface ReadElement {
  name: string;
  type: string;
  attributes?: ReadAttribute[] | Record<string, ReadAttribute>;
}

/** GET /designs/<id>, as far as the playground reads it. */
export interface DesignRead {
  id: string;
  name: string;
  type: DesignType;
  formats?: ReadFrame[];
  pages?: ReadFrame[];
  elements?: ReadElement[];
  elements_per_page?: Record<string, ReadElement[]>;
  variables?: Record<string, unknown>;
}

/** A design as the playground shows it (`normalizeDesign`). */
export interface PlayDesign {
  id: string;
  name: string;
  type: DesignType;
  frames: ReadFrame[];
  perFrame: boolean;
  layersOf: (frameId: string) => FormLayer[];
}

/** GET /layer-properties' `layers`: each layer type's property descriptors. */
export type Descriptors = Partial<Record<string, PropertyDescriptor[]>>;

export * from './request.js';

/** Properties a person changes most, shown first; the rest follow in the design's order. */
const FIRST = ['payload', 'image_url', 'color', 'background_color', 'font', 'font_size', 'icon_url', 'hidden'];

/** Whether a property is shown at once; the others wait behind "More properties". */
export function isMainProp(layerType: string, prop: string): boolean {
  return layerType === 'variables' || FIRST.includes(prop);
}

function byUse<P extends { id: string }>(props: P[]): P[] {
  const rank = (p: P) => {
    const i = FIRST.indexOf(p.id);
    return i === -1 ? FIRST.length : i;
  };
  return props
    .map((p, i) => [p, i] as const)
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([p]) => p);
}

/** The design's text variables as one more "layer": the reserved `vars` key of `elements`. */
function variablesLayer(variables: Record<string, unknown> | undefined): FormLayer[] {
  const names = Object.keys(variables ?? {});
  if (names.length === 0) return [];
  return [
    {
      name: 'vars',
      type: 'variables',
      props: names.map((n) => ({ id: n, help: `Text variable {${n}}`, value: String(variables?.[n] ?? '') })),
    },
  ];
}

/**
 * One shape for every design type: frames (formats, or pages of a multipage design) and, per
 * frame, the layers with each attribute's value in that frame.
 */
export function normalizeDesign(read: DesignRead): PlayDesign {
  const frameOf = (f: ReadFrame): ReadFrame => ({
    id: f.id,
    width: f.width,
    height: f.height,
    unit: f.unit,
    preview_url: f.preview_url ?? null,
  });
  /** The layers a request can target, each with its attributes as `{ id, help, value }` in one frame. */
  const layers = (elements: ReadElement[], valuesOf: (e: ReadElement) => ReadAttribute[]): FormLayer[] =>
    elements
      .filter((e) => !UNTARGETABLE.has(e.type) && (e.type !== 'container' || e.name === 'root'))
      .map((e) => ({
        name: e.name,
        type: e.type,
        props: byUse(valuesOf(e).map((a) => ({ id: a.id, help: a.help ?? '', value: a.value }))),
      }));
  if (read.type === 'printer_multipage') {
    const layersOf = (frameId: string) => layers(read.elements_per_page?.[frameId] ?? [], (e) => Object.values(e.attributes ?? {}));
    return { id: read.id, name: read.name, type: read.type, frames: (read.pages ?? []).map(frameOf), perFrame: true, layersOf };
  }
  const layersOf = (frameId: string) => [
    ...variablesLayer(read.variables),
    ...layers(read.elements ?? [], (e) => Object.values(e.attributes ?? {}).map((a) => ({ ...a, value: a.values?.[frameId] }))),
  ];
  return { id: read.id, name: read.name, type: read.type, frames: (read.formats ?? []).map(frameOf), perFrame: false, layersOf };
}

/**
 * The root layer is the format's background, not a layer type, so GET /layer-properties does not
 * describe it; its one property takes the colour grammar (docs/overrides.md).
 */
const ROOT_DESCRIPTOR: PropertyDescriptor = { name: 'background_color', kind: 'color', color: 'rgb-fill', override: {}, help: '' };

/** Source properties a request may also send as an upload, and the property the upload goes in. */
const ENCODED: Record<string, string> = { image_url: 'image_encoded', icon_url: 'icon_encoded' };

/**
 * The control of one property, from its descriptor (GET /layer-properties): a text area for
 * text, a number field and a range within the override bounds, a choice for enumerated values, a
 * switch, a colour picker with a field for the whole colour grammar, a font from /fonts, a URL
 * with an upload. Null when a request cannot override it (or nothing describes it).
 */
export function controlFor(
  descriptor: (Pick<PropertyDescriptor, 'name'> & Partial<PropertyDescriptor>) | null,
  layerType: string,
): Control | null {
  if (layerType === 'variables') return { kind: 'text', multiline: false };
  const d = layerType === 'container' && descriptor?.name === ROOT_DESCRIPTOR.name ? ROOT_DESCRIPTOR : descriptor;
  if (!d || d.override === null || d.override === undefined) return null;
  // A nested field (`mask_properties.skew_y`) is offered when it is a number: sent inside its object.
  if (d.name.includes('.') && d.kind !== 'number' && d.kind !== 'integer') return null;
  const o = d.override;
  if (o.values?.length) return { kind: 'select', options: o.values.map(String), numeric: typeof o.values[0] === 'number' };
  switch (d.kind) {
    case 'text':
      return { kind: 'text', multiline: true };
    case 'number':
    case 'integer': {
      const rangeMin = o.min ?? d.min;
      const rangeMax = o.max ?? d.max;
      return {
        kind: 'number',
        min: o.min ?? null,
        max: o.max ?? null,
        step: d.kind === 'integer' ? 1 : 'any',
        range: rangeMin !== undefined && rangeMax !== undefined && rangeMax > rangeMin ? { min: rangeMin, max: rangeMax } : null,
      };
    }
    case 'enum':
      return { kind: 'select', options: (d.values ?? []).map(String), numeric: false };
    case 'boolean':
      return { kind: 'switch' };
    case 'color':
      return { kind: 'color', gradients: d.color !== 'solid' };
    case 'font':
      return { kind: 'font' };
    case 'url':
      return { kind: 'source', encoded: ENCODED[d.name] ?? null };
    default:
      return null;
  }
}

/**
 * The control the editor shows for a property of the design (editor-props.ts): the editor writes
 * the import format, so a property a request cannot override is still offered, within what an
 * import or a document PUT takes (`import`, where narrower than the design range): whole numbers
 * where it takes those, a choice of the one value where it takes one (a rating's 5 stars), and
 * steps that come round where the bound is one turn (a rotation).
 */
export function editorControlFor(d: PropertyDescriptor, layerType: string): Control | null {
  const b = d.import;
  if (b === undefined) return controlFor({ ...d, override: d.override ?? {} }, layerType);
  const values = b.min === b.max ? { values: [b.min] } : {};
  const control = controlFor(
    { ...d, kind: b.integer ? 'integer' : d.kind, override: { ...d.override, min: b.min, max: b.max, ...values } },
    layerType,
  );
  // A turn (a rotation's 0 to 360): its field's arrow keys come round the bound rather than stop at it.
  return control?.kind === 'number' && b.circular ? { ...control, circular: true } : control;
}

/**
 * A layer's form: the properties a request can override, each with its control. The design's own
 * values come first (most-used first), then the other overridable properties of the layer type
 * with their defaults. `descriptors` is GET /layer-properties' `layers`.
 */
export function formOf(layer: FormLayer, descriptors: Descriptors | null | undefined): FormProp[] {
  if (layer.type === 'variables') return layer.props.map((p) => ({ ...p, control: controlFor(null, 'variables') }));
  const described = descriptors?.[layer.type] ?? [];
  const byName = new Map(described.map((d): [string, PropertyDescriptor] => [d.name, d]));
  const set = new Set(layer.props.map((p) => p.id));
  const own = layer.props.map((p) => ({ ...p, control: controlFor(byName.get(p.id) ?? { name: p.id }, layer.type) }));
  const designValues = new Map(layer.props.map((p) => [p.id, p.value]));
  const initialValue = (d: PropertyDescriptor) => {
    if (!d.name.includes('.')) return d.default;
    const [parent, field] = d.name.split('.');
    const value = designValues.get(parent ?? '');
    return (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[field ?? ''] : undefined) ?? d.default;
  };
  const rest = described
    .filter((d) => !set.has(d.name))
    .map((d) => ({ id: d.name, help: d.help, value: initialValue(d), control: controlFor(d, layer.type) }));
  return byUse([...own, ...rest]).filter((p) => p.control !== null);
}

/** The image-layer AI operations (GET /capabilities' `ai`), in the order the form shows them. */
export const AI_OPERATIONS = ['remove_bg', 'auto_focus', 'upscale', 'expand', 'text_to_image'] as const;

/** GET /capabilities, as far as the playground reads it. */
export interface Capabilities {
  ai?: Partial<Record<string, { available: boolean; reason?: string | null; design_types: string[]; sync: boolean }>>;
}

/** An AI control offered on a layer, or one not offered with the reason. */
export interface AiControls {
  offered: { op: string; kind: 'prompt' | 'switch'; sync: boolean }[];
  unavailable: { op: string; reason: string }[];
}

/**
 * The AI controls of a layer: the operations this farm runs on this design type, and the others
 * with the reason they are not offered. Only image layers take them.
 */
export function aiControlsFor(layerType: string, designType: string, capabilities: Capabilities | null | undefined): AiControls {
  if (layerType !== 'image' || !capabilities) return { offered: [], unavailable: [] };
  const offered: AiControls['offered'] = [];
  const unavailable: AiControls['unavailable'] = [];
  for (const op of AI_OPERATIONS) {
    const c = capabilities.ai?.[op];
    if (!c) continue;
    if (!c.available) unavailable.push({ op, reason: c.reason ?? 'not available' });
    else if (!c.design_types.includes(designType)) unavailable.push({ op, reason: `runs on ${c.design_types.join(', ')} designs only` });
    else offered.push({ op, kind: op === 'text_to_image' ? 'prompt' : 'switch', sync: c.sync });
  }
  return { offered, unavailable };
}

/** The AI properties the sync endpoint refuses: left out of the live preview, sent by Generate. */
export function asyncOnly(capabilities: Capabilities | null | undefined): string[] {
  return AI_OPERATIONS.filter((op) => capabilities?.ai?.[op]?.sync === false);
}

/** A CSS hex for the swatch when the value is one, else null (CMYK, gradients, names stay text). */
export function swatchOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(value.trim());
  return m ? `#${m[1]!.toLowerCase()}` : null;
}

/** The DOM id of a property's control; error paths map onto it (fieldKeyOfPath). */
export function fieldKey(layer: string, prop: string): string {
  return `f-${layer}-${prop}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * The control an error path points at: `elements.title.color` (sync and async) or
 * `pages.page_2.title.color` (multipage); `elements.photo.image_encoded` points at the source.
 */
export function fieldKeyOfPath(path: string): string | null {
  const parts = String(path).split('.');
  let rest: string[];
  if (parts[0] === 'elements') rest = parts.slice(1);
  else if (parts[0] === 'pages') rest = parts.slice(2);
  else return null;
  if (rest.length < 2) return null;
  const prop = rest
    .slice(1)
    .join('.')
    .replace(/_encoded$/, '_url');
  return fieldKey(rest[0]!, prop);
}

/** A value back from a control's text, for the request body (a number field reads its own: number-entry.ts). */
export function coerce(control: { kind: Control['kind']; numeric?: boolean }, text: string): string | number {
  if (control.kind === 'select' && control.numeric === true) return Number(text);
  return text;
}

/** A delay that restarts on every call: the preview renders once typing pauses. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  return Object.assign(call, { cancel: () => clearTimeout(timer) });
}
