import type { FormatDesign, MultipageDesign } from '../types.js';
import { serializeFormatDesignRead } from './design-read.js';
import { serializeMultipageRead } from './multipage-read.js';
import type { DesignRecord, ReadOptions } from './record.js';
import type { DesignDetail, MultipageDetail } from './sdk-shapes.js';

export * from './attributes.js';
export * from './design-read.js';
export * from './duplication.js';
export * from './format-detail.js';
export * from './listing.js';
export * from './multipage-read.js';
export * from './record.js';
export * from './workspace-template.js';

/** `GET /designs/<id>`: the multipage shape for printer_multipage, the format shape otherwise. */
export function serializeDesignRead(r: DesignRecord, opts: ReadOptions = {}): DesignDetail | MultipageDetail {
  return r.design.type === 'printer_multipage'
    ? serializeMultipageRead(r as DesignRecord & { design: MultipageDesign }, opts)
    : serializeFormatDesignRead(r as DesignRecord & { design: FormatDesign }, opts);
}
