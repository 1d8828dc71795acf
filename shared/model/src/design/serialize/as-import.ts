import { formatPath } from '../../errors/zod-issues.js';
import type { Asset, Design, DesignElement, DesignFormat, DesignWarning, PageElement } from '../types.js';

export interface AsImportOptions {
  /**
   * A URL for an asset stored in Pressroom (`storage:` src), so the payload imports elsewhere.
   * Returning null leaves the asset as is, with a `property_not_representable` warning.
   */
  assetUrl?: (name: string, asset: Asset) => string | null;
}

/**
 * `GET /designs/<id>/as-import`: the stored design as an import payload. The output is the
 * canonical document (defaults explicit, absent values omitted), so
 * `parseDesignDocument(toImportPayload(d).payload)` gives back `d`.
 */
export function toImportPayload(
  design: Design,
  opts: AsImportOptions = {},
): { payload: Record<string, unknown>; warnings: DesignWarning[] } {
  const warnings: DesignWarning[] = [];
  const assets: Record<string, Asset> = {};
  for (const [name, asset] of Object.entries(design.assets)) {
    if (asset.src.startsWith('storage:') || asset.src.startsWith('file:')) {
      const url = opts.assetUrl?.(name, asset) ?? null;
      if (url) {
        assets[name] = { ...asset, src: url };
        continue;
      }
      warnings.push({
        code: 'property_not_representable',
        path: formatPath(['assets', name, 'src']),
        message: `asset ${name} is stored inside Pressroom and has no public URL; upload it again when importing`,
      });
    }
    assets[name] = { ...asset };
  }
  const payload: Record<string, unknown> = { name: design.name, type: design.type };
  if (design.type === 'printer' || design.type === 'printer_multipage') payload.print = { ...design.print };
  if (design.type === 'printer_multipage') {
    payload.page_size = { ...design.page_size };
    payload.pages = design.pages.map((p) => ({
      id: p.id,
      ...(p.background_color === null ? {} : { background_color: p.background_color }),
      elements: p.elements.map(pageElement),
    }));
  } else {
    payload.formats = design.formats.map(format);
    payload.elements = design.elements.map(element);
    if (design.type === 'animated') payload.animation = { ...design.animation };
  }
  payload.variables = { ...design.variables };
  payload.assets = assets;
  payload.fonts = design.fonts.map((f) => ({ ...f }));
  return { payload: structuredClone(payload), warnings };
}

function format(f: DesignFormat): Record<string, unknown> {
  const out: Record<string, unknown> = { name: f.name, width: f.width, height: f.height, unit: f.unit };
  if (f.background_color !== null) out.background_color = f.background_color;
  if (f.bleed !== null) out.bleed = f.bleed;
  if (f.safe !== null) out.safe = f.safe;
  return out;
}

function element(e: DesignElement): Record<string, unknown> {
  const out: Record<string, unknown> = { name: e.name, type: e.type, layout: e.layout, properties: e.properties };
  if (Object.keys(e.overrides).length > 0) out.overrides = e.overrides;
  if (e.layer_ids) out.layer_ids = e.layer_ids;
  if (e.animation) out.animation = e.animation;
  return out;
}

function pageElement(e: PageElement): Record<string, unknown> {
  const out: Record<string, unknown> = { name: e.name, type: e.type, layout: e.layout, properties: e.properties };
  if (e.layer_ids) out.layer_ids = e.layer_ids;
  return out;
}
