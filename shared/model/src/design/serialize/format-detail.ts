import { resolveFrame } from '../resolve.js';
import type { DesignFormat, FormatDesign } from '../types.js';
import { attributesOf, ROOT_HELP } from './attributes.js';
import { groupLayout } from './design-read.js';
import type { DesignRecord, ReadOptions } from './record.js';
import type { DesignFormatDetail, DesignFormatElement } from './sdk-shapes.js';

/** A format by name or uid (uid preferred by docs/design-format.md, both accepted). Multipage: never. */
export function findFormat(r: DesignRecord, specifier: string): DesignFormat | null {
  if (r.design.type === 'printer_multipage') return null;
  const byUid = Object.entries(r.format_uids).find(([, uid]) => uid.toLowerCase() === specifier.toLowerCase())?.[0];
  return r.design.formats.find((f) => f.name === (byUid ?? specifier)) ?? null;
}

/**
 * `GET /designs/<id>/formats/<specifier>` (SDK `DesignFormatDetail`): always the advanced view,
 * every element flattened to this format. Returns null when the format does not exist, which
 * includes every specifier on a multipage design: the caller answers 404 format_not_found.
 */
export function serializeFormatDetail(
  r: DesignRecord,
  specifier: string,
  opts: Omit<ReadOptions, 'advanced'> = {},
): DesignFormatDetail | null {
  const format = findFormat(r, specifier);
  const frame = format ? resolveFrame(r.design, format.name) : null;
  if (!format || !frame || r.design.type === 'printer_multipage') return null;
  const d: FormatDesign = r.design;
  const resolve = opts.resolveSource ?? ((s: string) => s);
  const animated = d.type === 'animated';
  const root: DesignFormatElement = {
    name: 'root',
    type: 'container',
    settings: { is_mandatory: false },
    attributes: format.background_color === null ? [] : [{ id: 'background_color', help: ROOT_HELP, value: format.background_color }],
    layout: { x: 0, y: 0, width: format.width, height: format.height },
  };
  const elements = frame.layers.map((l) => {
    const out: DesignFormatElement = {
      name: l.name,
      type: l.type,
      settings: { is_mandatory: false },
      attributes: attributesOf(l.type, l.properties, resolve),
      layout: l.box,
    };
    if (l.type === 'group') {
      out.layer_ids = l.layer_ids ?? [];
      out.hidden = l.hidden;
      out.locked = l.locked;
      if (!animated) out.group = groupLayout(l);
      if (l.properties.mask) out.mask = { ...l.properties.mask };
    }
    if (animated && l.animation) out.animation = { start_at_s: l.animation.start_at_s, end_at_s: l.animation.end_at_s };
    return out;
  });
  return {
    id: format.name,
    uid: r.format_uids[format.name] ?? '',
    width: format.width,
    height: format.height,
    unit: format.unit,
    ...(r.preview_urls[format.name] ? { preview_url: r.preview_urls[format.name] } : {}),
    ...(r.dynamic_image_urls?.[format.name] ? { dynamic_image_url: r.dynamic_image_urls[format.name] } : {}),
    ...(frame.print ? { dpi: frame.print.dpi, bleed_size: frame.print.bleed, safe_size: frame.print.safe } : {}),
    ...(d.type === 'animated' ? { animation: { duration: d.animation.duration, screenshot_at_s: d.animation.screenshot_at_s } } : {}),
    design: { type: d.type, category_name: r.project_name, id: r.id, name: d.name, created_at: r.created_at, updated_at: r.updated_at },
    elements: [root, ...elements],
    variables: { ...d.variables },
  };
}
