/**
 * A design read (`GET /designs/<id>?i=advanced`, the SDK's `DesignDetail`) written as an import
 * payload, the way a client sends a design it read back to `POST /designs/import/json`: formats
 * from `formats` and the root's `background_color`, each layer's `layout` as read, its attribute
 * values (stored names) under their import spellings (the first format's as `default`, another
 * format's where they differ), and its `animation` as
 * read (keyframes in the read's `{attr, data: {time}, easing}` shape, which the import takes).
 * Media sources are the URLs the read gives. Code layers are left out (not importable, as
 * as-import leaves them out). Add a `target` to import it.
 */

import type { LayerType } from '../../properties/layer-types.js';
import type { DesignDetail, MultipageDetail } from '../serialize/sdk-shapes.js';
import { IMPORT_SPELLINGS, LAYER_LEVEL_FIELDS } from './names.js';

type Json = Record<string, unknown>;

/**
 * `read` as the API answers it (parse a body with `DesignDetail` or `MultipageDetail` from
 * sdk-shapes.ts first: they state the read field by field).
 */
export function importFromDesignRead(read: DesignDetail | MultipageDetail): Json {
  if ('pages' in read) return multipage(read);
  const { type, formats } = read;
  const [root, ...elements] = read.elements;
  const background = root?.attributes.find((a) => a.id === 'background_color')?.values ?? {};
  const payload: Json = { name: read.name, type };
  if (type === 'printer') payload.unit = formats[0]?.unit;
  if (type === 'animated') payload.animation = { ...read.animation };
  payload.formats = formats.map((f) => ({
    name: f.id,
    width: f.width,
    height: f.height,
    ...(background[f.id] === undefined ? {} : { background_color: background[f.id] }),
    ...(type === 'printer' ? { bleed_size: f.bleed_size, safe_size: f.safe_size } : {}),
  }));
  const code = new Set(elements.filter((e) => e.type === 'code').map((e) => e.name));
  payload.layers = elements
    .filter((e) => !code.has(e.name))
    .map((e) => {
      const bags: Record<string, Json> = Object.fromEntries(Object.keys(e.layout).map((f) => [f, {}]));
      for (const a of e.attributes) for (const [f, v] of Object.entries(a.values)) put(e.type, bags[f] ?? {}, a.id, v);
      for (const [f, bag] of Object.entries(bags)) {
        if (e.group?.[f]) Object.assign(bag, e.group[f]);
        if (e.mask?.[f]) bag.mask = e.mask[f];
        if (e.hidden?.[f] !== undefined) bag.hidden = e.hidden[f];
        if (e.locked?.[f] !== undefined) bag.locked = e.locked[f];
      }
      // The first format's values are the default; another format carries what differs from them.
      const [first = {}] = Object.values(bags);
      // Layer-level fields (`hidden`, `locked`) sit on the layer; a format that differs says so in its bag.
      const onLayer = Object.fromEntries(Object.entries(first).filter(([k]) => LAYER_LEVEL_FIELDS.has(k)));
      const properties: Json = { default: Object.fromEntries(Object.entries(first).filter(([k]) => !LAYER_LEVEL_FIELDS.has(k))) };
      for (const [f, bag] of Object.entries(bags).slice(1)) {
        const changed = Object.fromEntries(Object.entries(bag).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(first?.[k])));
        if (Object.keys(changed).length > 0) properties[f] = changed;
      }
      return {
        name: e.name,
        type: e.type,
        ...onLayer,
        layout: e.layout,
        properties,
        ...(e.layer_ids ? { layer_ids: e.layer_ids.filter((id) => !code.has(id)) } : {}),
        ...(e.animation ? { animation: e.animation } : {}),
      };
    });
  return payload;
}

function multipage(read: MultipageDetail): Json {
  const { pages } = read;
  return {
    name: read.name,
    type: read.type,
    unit: pages[0]?.unit,
    width: pages[0]?.width,
    height: pages[0]?.height,
    bleed_size: read.bleed_size,
    safe_size: read.safe_size,
    dpi: read.dpi,
    pages: pages.map((p) => {
      const [root, ...all] = read.elements_per_page[p.id] ?? [];
      const code = new Set(all.filter((e) => e.type === 'code').map((e) => e.name));
      const elements = all.filter((e) => !code.has(e.name));
      const background = root?.attributes.background_color?.value;
      return {
        ...(background === undefined ? {} : { background_color: background }),
        layers: elements.map((e) => {
          const properties: Json = {};
          const layer: Json = { name: e.name, type: e.type, layout: e.layout };
          for (const a of Object.values(e.attributes)) {
            const s = spellingOf(e.type, a.id);
            if (s?.onLayer) layer[s.import] = a.value;
            else put(e.type, properties, a.id, a.value);
          }
          if (e.group) Object.assign(properties, e.group);
          if (e.mask) properties.mask = e.mask;
          if (e.hidden !== undefined) layer.hidden = e.hidden;
          if (e.locked !== undefined) layer.locked = e.locked;
          if (e.layer_ids) layer.layer_ids = e.layer_ids.filter((id) => !code.has(id));
          return { ...layer, properties };
        }),
      };
    }),
  };
}

/** A stored property's import spelling on a layer type; none for the root container. */
function spellingOf(type: LayerType | 'container', internal: string) {
  return type === 'container' ? undefined : IMPORT_SPELLINGS[type].byInternal.get(internal);
}

/** One stored property into a bag, under its import spelling (`shadow_blur` → `shadow.blur`). */
function put(type: LayerType | 'container', bag: Json, internal: string, value: unknown): void {
  const [group = internal, field] = (spellingOf(type, internal)?.import ?? internal).split('.');
  if (field === undefined) bag[group] = value;
  else {
    const before = bag[group];
    bag[group] = { ...(typeof before === 'object' && before !== null ? before : {}), [field]: value };
  }
}
