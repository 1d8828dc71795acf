import { z } from 'zod';
import { layerTypesFor } from '../../properties/design-tables.js';
import { FIT_FLOOR, missesFitFloor } from '../../properties/fit.js';
import { LAYER_TYPES, type LayerType, type PropContext } from '../../properties/layer-types.js';
import type { Box } from '../types.js';
import { parseElementAnimation } from './animation.js';
import type { IssueCollector, Path } from './issues.js';
import { parseProperties } from './properties.js';

export const LAYER_NAME = /^[^\s{}][^{}]{0,99}$/;
const RESERVED = new Set(['root', 'vars']);

const envelope = z.strictObject({
  name: z.string().min(1).max(100),
  type: z.string(),
  layout: z.unknown(),
  properties: z.unknown().optional(),
  overrides: z.unknown().optional(),
  layer_ids: z.unknown().optional(),
  animation: z.unknown().optional(),
});

const boxes = new Map<boolean, z.ZodType<Box>>();

/** A layer box: integers on RGB designs, floats on print. Cached: zod schemas are costly to build. */
export function boxSchema(ctx: PropContext): z.ZodType<Box> {
  let schema = boxes.get(ctx.print);
  if (!schema) {
    schema = buildBox(ctx);
    boxes.set(ctx.print, schema);
  }
  return schema;
}

function buildBox(ctx: PropContext) {
  const n = (min: number, max: number) =>
    z.number().superRefine((v, c) => {
      if (v < min || v > max)
        c.addIssue({
          code: 'custom',
          message: `must be between ${min} and ${max}`,
          params: { code: 'out_of_range', expected: { min, max }, received: v },
        });
      else if (!ctx.print && !Number.isInteger(v))
        c.addIssue({ code: 'custom', message: 'must be an integer number of pixels', params: { code: 'invalid_payload', received: v } });
    });
  return z.strictObject({ x: n(-100000, 100000), y: n(-100000, 100000), width: n(0, 100000), height: n(0, 100000) });
}

export interface RawElementResult {
  name: string;
  type: LayerType;
  properties: Record<string, unknown>;
  overrides: Record<string, Record<string, unknown>>;
  layer_ids: string[] | undefined;
  layout: Record<string, Box> | Box;
  animation: ReturnType<typeof parseElementAnimation>;
}

/**
 * One layer. `formats` is the list of format names for a multi-format design, or null on a
 * multipage page (single box, no overrides, no animation).
 */
export function parseElement(
  raw: unknown,
  ctx: PropContext,
  formats: string[] | null,
  path: Path,
  col: IssueCollector,
): RawElementResult | undefined {
  const env = col.parse(envelope, raw, path);
  if (!env) return undefined;
  const before = col.issues.length;
  const { name } = env;
  if (RESERVED.has(name)) col.error([...path, 'name'], 'invalid_payload', `${name} is a reserved layer name`);
  else if (!LAYER_NAME.test(name))
    col.error([...path, 'name'], 'invalid_payload', 'layer names hold no braces and do not start with a space');

  if (!(LAYER_TYPES as readonly string[]).includes(env.type)) {
    if (env.type === 'container')
      col.error([...path, 'type'], 'unsupported_for_type', 'container is the implicit root wrapper and cannot be authored');
    else
      col.error([...path, 'type'], 'unknown_enum_value', `must be one of ${LAYER_TYPES.join(', ')}`, {
        expected: [...LAYER_TYPES],
        received: env.type,
      });
    return undefined;
  }
  const type = env.type as LayerType;
  if (!layerTypesFor(ctx.designType).includes(type)) {
    col.error([...path, 'type'], 'unsupported_for_type', `${type} layers exist only on animated designs`, { received: type });
    return undefined;
  }

  const properties = parseProperties(env.properties, type, ctx, [...path, 'properties'], col, 'base', name);

  const overrides: Record<string, Record<string, unknown>> = {};
  if (env.overrides !== undefined) {
    if (formats === null)
      col.error([...path, 'overrides'], 'unsupported_for_type', 'a page element has one box and no per-format overrides');
    else if (isRecord(env.overrides, [...path, 'overrides'], col)) {
      for (const [fmt, value] of Object.entries(env.overrides)) {
        if (!formats.includes(fmt)) {
          col.error([...path, 'overrides', fmt], 'unknown_format_key', `${fmt} is not a format of this design`, { expected: formats });
          continue;
        }
        const o = parseProperties(value, type, ctx, [...path, 'overrides', fmt], col, 'override', name);
        if (o) overrides[fmt] = o;
        if (o?.mask !== undefined && properties && properties.mask === undefined) {
          col.error(
            [...path, 'overrides', fmt, 'mask'],
            'invalid_payload',
            'a layer is a masked group in all its formats or none: set mask in properties',
          );
        }
      }
    }
  }
  if (properties?.auto_resize === true || Object.values(overrides).some((o) => o.auto_resize === true)) {
    for (const fmt of formats ?? [null]) {
      const merged = { ...properties, ...(fmt === null ? {} : overrides[fmt]) };
      if (missesFitFloor(merged)) {
        col.error([...path, 'properties', FIT_FLOOR], 'conditional_dependency_missing', `auto_resize needs ${FIT_FLOOR}`);
        break;
      }
    }
  }

  let layer_ids: string[] | undefined;
  if (type === 'group') {
    layer_ids = col.parse(z.array(z.string().min(1)).max(1000), env.layer_ids, [...path, 'layer_ids']);
  } else if (env.layer_ids !== undefined) {
    col.error([...path, 'layer_ids'], 'unsupported_for_type', 'only group layers contain layers');
  }

  const layout = parseLayout(env.layout, ctx, formats, [...path, 'layout'], col);

  let animation: RawElementResult['animation'] = null;
  if (env.animation !== undefined && env.animation !== null) {
    if (ctx.designType === 'animated') animation = parseElementAnimation(env.animation, type, name, [...path, 'animation'], col);
    else col.warn([...path, 'animation'], 'property_dropped_for_type', `animation applies to animated designs only and was dropped`, name);
  }
  if (type === 'code' && ctx.designType === 'animated') {
    // Not silent: the layer is stored (an export re-imports it) but the farm never runs custom HTML.
    col.warn(
      [...path, 'type'],
      'layer_not_drawn',
      'code layers are kept but not drawn: the render farm does not run custom HTML (docs/renderer.md)',
      name,
    );
  }
  if (col.issues.length > before || !properties || !layout) return undefined;
  return { name, type, properties, overrides, layer_ids, layout, animation };
}

function parseLayout(
  raw: unknown,
  ctx: PropContext,
  formats: string[] | null,
  path: Path,
  col: IssueCollector,
): Record<string, Box> | Box | undefined {
  const box = boxSchema(ctx);
  if (formats === null) return col.parse(box, raw, path);
  if (!isRecord(raw, path, col)) return undefined;
  const out: Record<string, Box> = {};
  for (const [fmt, value] of Object.entries(raw)) {
    if (!formats.includes(fmt)) {
      col.error([...path, fmt], 'unknown_format_key', `${fmt} is not a format of this design`, { expected: formats });
      continue;
    }
    const b = col.parse(box, value, [...path, fmt]);
    if (b) out[fmt] = b;
  }
  if (Object.keys(raw).length === 0) col.error(path, 'missing_required', 'a layer needs a box in at least one format');
  return out;
}

function isRecord(value: unknown, path: Path, col: IssueCollector): value is Record<string, unknown> {
  if (value === undefined) {
    col.error(path, 'missing_required', 'is required');
    return false;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    col.error(path, 'invalid_payload', 'must be an object');
    return false;
  }
  return true;
}
