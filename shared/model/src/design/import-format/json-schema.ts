/**
 * The JSON Schema of an import payload's structure, for the OpenAPI document: the fields of each
 * level and their types. Values (ranges, colours, each property) are the parser's to check, and
 * docs/design-format.md lists them; this states only what the parser's structure states.
 */
import { DESIGN_TYPES, LAYER_TYPES } from '../../properties/layer-types.js';

type Schema = Record<string, unknown>;

const number: Schema = { type: 'number' };
const object: Schema = { type: 'object' };

const layer: Schema = {
  type: 'object',
  required: ['name', 'type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    type: { enum: LAYER_TYPES.filter((t) => t !== 'code') },
    layout: { ...object, description: 'One box {x, y, width, height} for every format, or one per format name.' },
    properties: { ...object, description: 'Flat, or {default, <format name>}: base values and per-format changes.' },
    hidden: { type: 'boolean' },
    locked: { type: 'boolean' },
    layer_ids: { type: 'array', items: { type: 'string' }, description: 'Groups only: the layers the group holds.' },
    animation: { ...object, description: 'Animated designs only: {start_at_s, end_at_s, tweens}.' },
  },
};

/**
 * What each design type requires and refuses at the top level, as the parser checks it
 * (parse.ts): a printer_multipage design has one page size and pages, the others formats; print
 * designs declare a unit, animated designs a timeline. A refused property is `{not: {}}`: absent.
 */
const BY_DESIGN_TYPE: Record<(typeof DESIGN_TYPES)[number], { required: string[]; refused: string[] }> = {
  static: { required: ['formats'], refused: ['pages', 'width', 'height', 'dpi', 'bleed_size', 'safe_size', 'unit', 'animation'] },
  animated: { required: ['formats', 'animation'], refused: ['pages', 'width', 'height', 'dpi', 'bleed_size', 'safe_size', 'unit'] },
  printer: { required: ['formats', 'unit'], refused: ['pages', 'width', 'height', 'dpi', 'bleed_size', 'safe_size', 'animation'] },
  printer_multipage: { required: ['pages', 'width', 'height', 'unit'], refused: ['formats', 'layers', 'animation'] },
};

const byDesignType: Schema[] = DESIGN_TYPES.map((type) => ({
  required: BY_DESIGN_TYPE[type].required,
  properties: { type: { const: type }, ...Object.fromEntries(BY_DESIGN_TYPE[type].refused.map((key) => [key, { not: {} }])) },
}));

export const IMPORT_PAYLOAD_JSON_SCHEMA: Schema = {
  type: 'object',
  description: "A design in Abyssale's import format (docs/design-format.md).",
  required: ['name', 'type'],
  additionalProperties: false,
  anyOf: byDesignType,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    type: { enum: [...DESIGN_TYPES] },
    target: {
      type: 'object',
      required: ['kind'],
      properties: { kind: { enum: ['design', 'workspace_template'] }, project_uuid: { type: 'string', format: 'uuid' } },
    },
    formats: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['name', 'width', 'height'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          width: number,
          height: number,
          background_color: { type: 'string' },
          bleed_size: number,
          safe_size: number,
          dpi: number,
        },
      },
    },
    layers: { type: 'array', maxItems: 1000, items: layer },
    unit: { enum: ['mm', 'in'] },
    width: number,
    height: number,
    bleed_size: number,
    safe_size: number,
    dpi: number,
    pages: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { background_color: { type: 'string' }, layers: { type: 'array', maxItems: 1000, items: layer } },
      },
    },
    animation: {
      type: 'object',
      required: ['duration'],
      additionalProperties: false,
      properties: { duration: { type: 'number', minimum: 1, maximum: 60 }, screenshot_at_s: { type: 'number', minimum: 0, maximum: 60 } },
    },
  },
};

/** `PUT /designs/<id>/document`: the import payload without `target` (the design stays where it is). */
export const DOCUMENT_PAYLOAD_JSON_SCHEMA: Schema = {
  ...IMPORT_PAYLOAD_JSON_SCHEMA,
  description: "A design in Abyssale's import format without target (docs/design-format.md, docs/designs-api.md).",
  properties: Object.fromEntries(Object.entries(IMPORT_PAYLOAD_JSON_SCHEMA.properties as Schema).filter(([key]) => key !== 'target')),
};
