import { z } from 'zod';
import { cmykToRgb, rgbToCmyk } from '../../color/convert.js';
import { formatCmyk, formatHex } from '../../color/format.js';
import { parseColor } from '../../color/parse.js';
import { isGradient } from '../../color/types.js';
import { LAYER_CONSTRAINTS } from '../../properties/catalogue.js';
import type { PropSpec } from '../../properties/design-schema.js';
import { ALL_PROPERTY_NAMES, GROUP_LAYOUT_PROPS, PROPERTY_TABLES } from '../../properties/design-tables.js';
import type { LayerType, PropContext } from '../../properties/layer-types.js';
import type { IssueCollector, Path } from './issues.js';

type Mode = 'base' | 'override';
const cache = new Map<string, z.ZodType>();

/** `base`: required fields and defaults apply. `override`: every field optional, no defaults. */
function schemaFor(type: LayerType, ctx: PropContext, mode: Mode): z.ZodType {
  const key = `${ctx.designType}/${type}/${mode}`;
  let schema = cache.get(key);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, spec] of Object.entries(PROPERTY_TABLES[type]) as [string, PropSpec][]) {
      const base = spec.schema(ctx);
      if (mode === 'override') shape[name] = base.optional();
      else if (spec.required) shape[name] = base;
      else if (spec.default !== undefined) shape[name] = base.default(structuredClone(spec.default) as never);
      else shape[name] = base.optional();
    }
    schema = z.strictObject(shape);
    cache.set(key, schema);
  }
  return schema;
}

/**
 * Validates one property bag of a layer. Names another layer type knows are dropped with a
 * `property_dropped_for_type` warning (a design moved between types keeps importing); names no
 * type knows are `unknown_field`. Solid colors are converted to the design's color space.
 */
export function parseProperties(
  raw: unknown,
  type: LayerType,
  ctx: PropContext,
  path: Path,
  col: IssueCollector,
  mode: Mode,
  layer: string,
): Record<string, unknown> | undefined {
  if (raw === undefined && mode === 'base') raw = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    col.error(path, 'invalid_payload', 'must be an object');
    return undefined;
  }
  const table = PROPERTY_TABLES[type];
  const kept: Record<string, unknown> = {};
  let failed = false;
  for (const [name, value] of Object.entries(raw)) {
    if (!ALL_PROPERTY_NAMES.has(name)) {
      col.error([...path, name], 'unknown_field', `unknown property ${name}`);
      failed = true;
    } else if (!Object.hasOwn(table, name)) {
      col.warn([...path, name], 'property_dropped_for_type', `${name} does not apply to a ${type} layer and was dropped`, layer);
    } else if (ctx.designType === 'animated' && type === 'group' && GROUP_LAYOUT_PROPS.includes(name) && value !== false) {
      col.error([...path, name], 'unsupported_for_type', 'animated designs store no group auto-layout');
      failed = true;
    } else if (name === 'font_weight' && typeof value === 'number' && Number.isFinite(value) && value % 100 !== 0) {
      const adjusted = Math.min(900, Math.max(100, Math.round(value / 100) * 100));
      col.warn([...path, name], 'font_weight_adjusted', `font weight ${value} was adjusted to ${adjusted}`, layer);
      kept[name] = adjusted;
    } else kept[name] = value;
  }
  const parsed = col.parse(schemaFor(type, ctx, mode), kept, path) as Record<string, unknown> | undefined;
  if (failed || !parsed) return undefined;
  for (const key of Object.keys(parsed)) if (parsed[key] === undefined) delete parsed[key];
  const constraint = LAYER_CONSTRAINTS[type];
  const found = constraint === undefined ? [] : constraint(parsed);
  const refused = found.filter((issue) => issue.code !== 'property_dropped_for_type');
  for (const issue of refused) col.error([...path, ...issue.path], issue.code, issue.message);
  if (refused.length > 0) return undefined;
  for (const issue of found.filter((i) => i.code === 'property_dropped_for_type')) {
    col.warn([...path, ...issue.path], issue.code, issue.message, layer);
    dropAt(parsed, issue.path);
  }
  convertColors(parsed, new Set(Object.keys(kept)), table, ctx, path, col, layer);
  return parsed;
}

/** Removes the value at a property path (`['illustration_properties', 'primary_color']`). */
function dropAt(props: Record<string, unknown>, path: readonly string[]): void {
  const parent = path
    .slice(0, -1)
    .reduce<Record<string, unknown> | undefined>(
      (at, key) => (at?.[key] && typeof at[key] === 'object' ? (at[key] as Record<string, unknown>) : undefined),
      props,
    );
  if (parent) delete parent[path[path.length - 1]!];
}

function convertColors(
  props: Record<string, unknown>,
  given: Set<string>,
  table: Record<string, PropSpec>,
  ctx: PropContext,
  path: Path,
  col: IssueCollector,
  layer: string,
) {
  for (const [name, spec] of Object.entries(table)) {
    if (!spec.color || typeof props[name] !== 'string') continue;
    // Defaults are written in hex; converting one is not news to the author.
    props[name] = convertColor(props[name], ctx, [...path, name], given.has(name) ? col : null, layer);
  }
  const illus = props.illustration_properties as { primary_color?: string } | undefined;
  if (illus?.primary_color !== undefined) {
    illus.primary_color = convertColor(illus.primary_color, ctx, [...path, 'illustration_properties', 'primary_color'], col, layer);
  }
}

/**
 * Solid colors move to the design's color space (a `color_converted` warning); gradients stay.
 * The written form is upper-case `#RRGGBB` (`#RRGGBBAA` below full alpha) and `cmyk(...)`
 * (`cmyka(...)` below full alpha), whatever notation the author used.
 */
export function convertColor(value: string, ctx: PropContext, path: Path, col: IssueCollector | null, layer?: string): string {
  const parsed = parseColor(value);
  if (!parsed.ok || isGradient(parsed.color)) return value;
  const c = parsed.color;
  // The short forms are written out in full: #RGB → #RRGGBB, #RGBA → #RRGGBBAA.
  if (c.kind === 'hex' && (c.digits === 3 || c.digits === 4) && !ctx.print) {
    return formatHex({ ...c, digits: c.digits === 3 ? 6 : 8 }).toUpperCase();
  }
  if (ctx.print && c.kind === 'hex') {
    const cmyk = rgbToCmyk(c);
    const out = formatCmyk({ ...cmyk, alpha: c.alpha < 1 ? Math.round(c.alpha * 100) : null });
    col?.warn(path, 'color_converted', `${value} was converted to ${out} for print`, layer);
    return out;
  }
  if (!ctx.print && c.kind === 'cmyk') {
    const rgb = cmykToRgb(c);
    const out = formatHex({ ...rgb, digits: rgb.alpha < 1 ? 8 : 6 }).toUpperCase();
    col?.warn(path, 'color_converted', `${value} was converted to ${out}`, layer);
    return out;
  }
  return value;
}
