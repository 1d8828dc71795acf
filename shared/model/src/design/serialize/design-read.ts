import { printZones } from '../print.js';
import { type ResolvedLayer, resolveFrame } from '../resolve.js';
import type { DesignElement, FormatDesign } from '../types.js';
import { type AttributeValue, attributesOf, ROOT_HELP } from './attributes.js';
import { type DesignRecord, designHeader, type ReadOptions } from './record.js';
import type { DesignDetail, DesignElement as ElementRead, GroupLayout } from './sdk-shapes.js';

export interface AttributeRead {
  id: string;
  help: string;
  values: Record<string, AttributeValue>;
}

/**
 * `GET /designs/<id>` for static, animated and printer designs (SDK `DesignDetail`). Multipage
 * designs go through `serializeMultipageRead`; `serializeDesignRead` dispatches.
 */
export function serializeFormatDesignRead(r: DesignRecord & { design: FormatDesign }, opts: ReadOptions = {}): DesignDetail {
  const d = r.design;
  const resolve = opts.resolveSource ?? ((s: string) => s);
  const formats = d.formats.map((f) => {
    const zones = printZones(d, f);
    return {
      id: f.name,
      uid: r.format_uids[f.name] ?? '',
      width: f.width,
      height: f.height,
      unit: f.unit,
      ...(r.preview_urls[f.name] ? { preview_url: r.preview_urls[f.name] } : {}),
      ...(r.dynamic_image_urls?.[f.name] ? { dynamic_image_url: r.dynamic_image_urls[f.name] } : {}),
      ...(zones ? { dpi: zones.dpi, bleed_size: zones.bleed, safe_size: zones.safe } : {}),
    };
  });
  // One resolved frame per format gives merged properties and computed hidden/locked.
  const frames = d.formats.map((f) => {
    const frame = resolveFrame(d, f.name);
    return { name: f.name, layers: new Map((frame?.layers ?? []).map((l) => [l.name, l])) };
  });
  const root: ElementRead = {
    name: 'root',
    type: 'container',
    layout: Object.fromEntries(d.formats.map((f) => [f.name, { x: 0, y: 0, width: f.width, height: f.height }])),
    attributes: [
      {
        id: 'background_color',
        help: ROOT_HELP,
        values: Object.fromEntries(d.formats.filter((f) => f.background_color !== null).map((f) => [f.name, f.background_color as string])),
      },
    ],
  };
  const elements = d.elements
    .filter((e) => opts.advanced || e.type !== 'group')
    .map((e) => elementRead(e, frames, d.type === 'animated', resolve));
  return {
    ...designHeader(r),
    template_id: r.id,
    formats,
    elements: [root, ...elements],
    variables: { ...d.variables },
    ...(d.type === 'animated' ? { animation: { duration: d.animation.duration, screenshot_at_s: d.animation.screenshot_at_s } } : {}),
  };
}

function elementRead(
  e: DesignElement,
  frames: { name: string; layers: Map<string, ResolvedLayer> }[],
  animated: boolean,
  resolve: (s: string) => string,
): ElementRead {
  const present = frames.flatMap((f) => {
    const l = f.layers.get(e.name);
    return l ? [{ format: f.name, layer: l }] : [];
  });
  const byFormat = <T>(fn: (l: ResolvedLayer) => T) => Object.fromEntries(present.map((p) => [p.format, fn(p.layer)]));
  const values = new Map<string, AttributeRead>();
  for (const { format, layer } of present) {
    for (const a of attributesOf(e.type, layer.properties, resolve)) {
      const entry = values.get(a.id) ?? { id: a.id, help: a.help, values: {} };
      entry.values[format] = a.value;
      values.set(a.id, entry);
    }
  }
  const out: ElementRead = { name: e.name, type: e.type, layout: byFormat((l) => l.box), attributes: [...values.values()] };
  if (e.type === 'group') {
    out.layer_ids = [...e.layer_ids];
    out.hidden = byFormat((l) => l.hidden);
    out.locked = byFormat((l) => l.locked);
    if (!animated) out.group = byFormat((l) => groupLayout(l));
    if (e.properties.mask)
      out.mask = Object.fromEntries(
        present.flatMap(({ format, layer }) =>
          layer.type === 'group' && layer.properties.mask ? [[format, { ...layer.properties.mask }]] : [],
        ),
      );
  }
  if (animated && e.animation) {
    const { start_at_s, end_at_s, tweens } = e.animation;
    out.animation =
      e.type === 'group'
        ? { start_at_s, end_at_s }
        : {
            start_at_s,
            end_at_s,
            tweens: tweens.map((t) => ({
              id: t.id,
              type: t.type,
              keyframes: t.keyframes.map((k) => ({ attr: { ...k.attr }, data: { time: k.time }, easing: k.easing })),
            })),
          };
  }
  return out;
}

/** Group layout of one format: direction, placement and gap only when auto-layout is on. */
export function groupLayout(l: ResolvedLayer): GroupLayout {
  if (l.type !== 'group' || !l.properties.auto_layout) return { auto_layout: false };
  const p = l.properties;
  const out: GroupLayout = { auto_layout: true };
  if (p.direction !== undefined) out.direction = p.direction;
  if (p.placement !== undefined) out.placement = p.placement;
  if (p.gap !== undefined) out.gap = p.gap;
  return out;
}
