import { printZones } from '../print.js';
import { resolveFrame } from '../resolve.js';
import type { MultipageDesign } from '../types.js';
import { attributesOf, ROOT_HELP } from './attributes.js';
import { groupLayout } from './design-read.js';
import { type DesignRecord, designHeader, type ReadOptions } from './record.js';
import type { DesignPageElement, MultipageDetail } from './sdk-shapes.js';

/**
 * `GET /designs/<id>` for printer_multipage designs: pages instead of formats, one flat element
 * list per page whose `attributes` is an object keyed by attribute id (SDK `DesignPageElement`),
 * and document-level dpi/bleed_size/safe_size.
 */
export function serializeMultipageRead(r: DesignRecord & { design: MultipageDesign }, opts: ReadOptions = {}): MultipageDetail {
  const d = r.design;
  const resolve = opts.resolveSource ?? ((s: string) => s);
  const zones = printZones(d);
  const pages = d.pages.map((p) => ({
    id: p.id,
    width: d.page_size.width,
    height: d.page_size.height,
    unit: d.print.unit,
    ...(r.preview_urls[p.id] ? { preview_url: r.preview_urls[p.id] } : {}),
  }));
  const elements_per_page = Object.fromEntries(
    d.pages.map((p) => {
      const frame = resolveFrame(d, p.id);
      const root: DesignPageElement = {
        name: 'root',
        type: 'container',
        settings: { is_mandatory: false },
        attributes:
          p.background_color === null ? {} : { background_color: { id: 'background_color', help: ROOT_HELP, value: p.background_color } },
        layout: { x: 0, y: 0, width: d.page_size.width, height: d.page_size.height },
      };
      const layers = (frame?.layers ?? [])
        .filter((l) => opts.advanced || l.type !== 'group')
        .map((l): DesignPageElement => {
          const attributes = Object.fromEntries(attributesOf(l.type, l.properties, resolve).map((a) => [a.id, a]));
          const out: DesignPageElement = { name: l.name, type: l.type, settings: { is_mandatory: false }, attributes, layout: l.box };
          if (l.type === 'group') {
            out.layer_ids = l.layer_ids ?? [];
            out.hidden = l.hidden;
            out.locked = l.locked;
            out.group = groupLayout(l);
            if (l.properties.mask) out.mask = { ...l.properties.mask };
          }
          return out;
        });
      return [p.id, [root, ...layers]];
    }),
  );
  return {
    ...designHeader(r),
    template_id: r.id,
    pages,
    elements_per_page,
    dpi: zones?.dpi ?? 300,
    bleed_size: d.print.bleed,
    safe_size: d.print.safe,
  };
}
