/**
 * `GET /designs/<id>/as-import`: the stored document written in the import format, so that
 * `parseImportPayload(payload)` gives back the same design (add a `target` to import it). What the
 * format cannot say is reported as a warning, never dropped silently.
 */
import { formatPath } from '../../errors/zod-issues.js';
import { shrinksToFit } from '../../properties/fit.js';
import type { LayerType } from '../../properties/layer-types.js';
import { type DesignRange, importTurn, missesBound } from '../../properties/numeric.js';
import { twoTokenAlignment } from '../../properties/values.js';
import { SOURCE_PROPS } from '../parse/document.js';
import { collectVariables } from '../parse/layers.js';
import { renderDpi } from '../print.js';
import type { Asset, Box, Design, DesignElement, DesignFormat, DesignWarning, PageElement } from '../types.js';
import { IMPORT_SPELLINGS } from './names.js';
import { BARE_FILE_NAME, extensionFor } from './sources.js';

export interface AsImportOptions {
  /**
   * A URL for an asset stored in Pressroom (`storage:` src), so the payload imports elsewhere.
   * Returning null writes its file name instead (the import then asks for an upload), with a
   * `property_not_representable` warning.
   */
  assetUrl?: (name: string, asset: Asset) => string | null;
}

type Json = Record<string, unknown>;

/** An import payload: a design's name and type, then what its type carries (docs/design-format.md). */
export type ImportPayload = Json & { name: string; type: Design['type'] };
type Path = (string | number)[];

export function toImportPayload(design: Design, opts: AsImportOptions = {}): { payload: ImportPayload; warnings: DesignWarning[] } {
  const warnings: DesignWarning[] = [];
  const warn = (code: string, path: Path, message: string, layer?: string) =>
    warnings.push({ code, message, path: formatPath(path), ...(layer === undefined ? {} : { layer }) });
  const src = (value: string, path: Path, layer: string): string => {
    if (!value.startsWith('asset:')) return value;
    const name = value.slice(6);
    const asset = design.assets[name];
    if (!asset) return value;
    if (/^(https?:|data:)/.test(asset.src)) return asset.src;
    if (asset.src.startsWith('storage:')) {
      const url = opts.assetUrl?.(name, asset) ?? null;
      if (url) return url;
      warn('property_not_representable', path, `${name} is stored inside Pressroom and has no public URL: upload it again`, layer);
    }
    if (BARE_FILE_NAME.test(name)) return name;
    const ext = extensionFor(asset.content_type) ?? asset.src.slice(asset.src.lastIndexOf('.') + 1);
    return `${name}.${ext}`;
  };

  const codeLayers = new Set(allElements(design).flatMap((e) => (e.type === 'code' ? [e.name] : [])));
  const payload: ImportPayload = { name: design.name, type: design.type };
  if (design.type === 'printer_multipage') {
    const { print, page_size } = design;
    Object.assign(payload, {
      unit: print.unit,
      width: page_size.width,
      height: page_size.height,
      bleed_size: print.bleed,
      safe_size: print.safe,
      dpi: print.dpi,
    });
    payload.pages = design.pages.map((p, i) => ({
      ...(p.background_color === null ? {} : { background_color: p.background_color }),
      layers: layersOf(p.elements, ['pages', i, 'layers'], null),
    }));
  } else {
    if (design.type === 'printer') payload.unit = design.print.unit;
    if (design.type === 'animated') {
      payload.animation = { ...design.animation };
      if (design.animation.duration < 1 || design.animation.duration > 60)
        warn('not_round_trippable', ['animation', 'duration'], 'an import takes a duration from 1 to 60 seconds');
    }
    payload.formats = design.formats.map((f, i) => format(f, i));
    payload.layers = layersOf(design.elements, ['layers'], design.formats);
  }
  if (design.fonts.length > 0)
    warn(
      'property_not_representable',
      ['fonts'],
      'the design brings font files the import format cannot carry: upload them as brand fonts',
    );
  const payloads = allElements(design).flatMap((e) =>
    (e.type === 'text' || e.type === 'button') && typeof (e.properties as { payload?: unknown }).payload === 'string'
      ? [(e.properties as { payload: string }).payload]
      : [],
  );
  const derived = collectVariables(payloads, {});
  for (const name of Object.keys(design.variables))
    if (!(name in derived)) warn('not_round_trippable', ['variables', name], `variable ${name} is named in no text and is not kept`);
  return { payload: structuredClone(payload), warnings };

  function format(f: DesignFormat, i: number): Json {
    const out: Json = { name: f.name, width: f.width, height: f.height };
    if (f.background_color !== null) out.background_color = f.background_color;
    if (design.type === 'printer') {
      const { print } = design;
      const bleed = f.bleed ?? print.bleed;
      out.bleed_size = bleed;
      out.safe_size = f.safe ?? print.safe;
      out.dpi = renderDpi(print, f.width, f.height, bleed);
      if (out.dpi !== renderDpi({ ...print, dpi: 300 }, f.width, f.height, bleed))
        warn('not_round_trippable', ['formats', i, 'dpi'], 'dpi is computed on import (at most 300): a lower requested dpi is not kept');
    }
    return out;
  }

  function layersOf(elements: readonly (DesignElement | PageElement)[], path: Path, formats: readonly DesignFormat[] | null): Json[] {
    const out: Json[] = [];
    for (const e of elements) {
      const at = [...path, out.length];
      if (e.type === 'code') {
        warn('not_round_trippable', at, 'code layers cannot be imported and are left out', e.name);
        continue;
      }
      out.push(layer(e, at, formats));
    }
    return out;
  }

  function layer(e: DesignElement | PageElement, path: Path, formats: readonly DesignFormat[] | null): Json {
    const spell = IMPORT_SPELLINGS[e.type];
    const props: Json = e.properties;
    const out: Json = { name: e.name, type: e.type };
    for (const [field, s] of spell.onLayer) if (props[s.internal] !== undefined) out[field] = props[s.internal];
    if (!spell.onLayer.has('locked')) out.locked = false;
    if (e.layer_ids) out.layer_ids = e.layer_ids.filter((id) => !codeLayers.has(id));
    out.layout = formats === null ? { ...(e.layout as Box) } : layout(e.layout as Record<string, Box>, formats);
    const overrides = 'overrides' in e ? e.overrides : {};
    const base = bag(e.type, props, [...path, 'properties', ...(Object.keys(overrides).length > 0 ? ['default'] : [])], e.name, false);
    if (Object.keys(overrides).length === 0) out.properties = base;
    else {
      out.properties = { default: base };
      for (const [f, o] of Object.entries(overrides))
        (out.properties as Json)[f] = bag(e.type, o as Json, [...path, 'properties', f], e.name, true);
    }
    if ('animation' in e && e.animation) out.animation = structuredClone(e.animation);
    if ([props, ...Object.values(overrides).map((o) => ({ ...props, ...(o as Json) }))].some(shrinksToFit))
      warn(
        'property_not_representable',
        [...path, 'properties', ...(Object.keys(overrides).length > 0 ? ['default'] : []), 'min_font_size'],
        "the text shrinks to fit on every generation: Abyssale's export writes the fitted font_size and drops min_font_size; " +
          'this payload keeps the starting font_size and min_font_size, so a re-import fits its text as this design does',
        e.name,
      );
    return out;
  }

  /** One bag of properties; a per-format one also carries the layer-level fields it changes. */
  function bag(type: LayerType, props: Json, path: Path, layerName: string, perFormat: boolean): Json {
    const spell = IMPORT_SPELLINGS[type];
    const out: Json = {};
    const custom = type !== 'illustration' || (props.illustration_type ?? 'custom') === 'custom';
    for (const [internal, raw] of Object.entries(props)) {
      const s = spell.byInternal.get(internal);
      if (!s || (s.onLayer && !perFormat) || raw === undefined) continue;
      const keys = s.import.split('.');
      let value = raw;
      // Abyssale's export writes both axes (`top center`); a one-axis value means the same.
      if (internal === 'alignment' && typeof value === 'string') value = twoTokenAlignment(value);
      // The import takes a rotation from 0 to 360: a layer stored turned −12° is written 348°, the same turn.
      if (internal === 'rotation' && typeof value === 'number') value = importTurn(value);
      else if (s.bound !== undefined && typeof value === 'number' && missesBound(s.bound, value) !== null)
        warn(
          'not_round_trippable',
          [...path, ...keys],
          `${s.import} ${value} is past what an import takes (${boundText(s.bound)}): kept here, an import or a document PUT refuses it until it is changed`,
          layerName,
        );
      if (
        typeof value === 'string' &&
        (SOURCE_PROPS as readonly string[]).includes(internal) &&
        (internal !== 'illustration_file' || custom)
      )
        value = src(value, [...path, ...keys], layerName);
      if (keys.length === 1) out[s.import] = structuredClone(value);
      else {
        const [group, field] = keys as [string, string];
        out[group] = { ...(out[group] as Json | undefined), [field]: structuredClone(value) };
      }
    }
    return out;
  }
}

/** An import bound in words: `5`, `0 to 200`, `whole numbers from 0 to 100`. */
function boundText(b: DesignRange): string {
  const span = b.min === b.max ? `${b.min}` : `${b.min} to ${b.max}`;
  return b.unit === 'integer' && b.min !== b.max ? `whole numbers from ${span}` : span;
}

/** One box for every format when the layer is in all of them at the same place; else per format. */
function layout(boxes: Record<string, Box>, formats: readonly DesignFormat[]): Json {
  const list = formats.map((f) => boxes[f.name]);
  const first = list[0];
  const same =
    first !== undefined &&
    list.every((b) => b && b.x === first.x && b.y === first.y && b.width === first.width && b.height === first.height);
  if (same) return { ...first };
  return Object.fromEntries(Object.entries(boxes).map(([f, b]) => [f, { ...b }]));
}

function allElements(design: Design): readonly (DesignElement | PageElement)[] {
  return design.type === 'printer_multipage' ? design.pages.flatMap((p) => p.elements) : design.elements;
}
