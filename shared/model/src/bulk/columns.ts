import type { ElementType } from '../design/types.js';
import type { FieldIssue } from '../errors/app-error.js';
import { BULK_SPECIAL_COLUMNS, type BulkSpecialColumn } from './limits.js';

/** Where one column of a sheet goes: a layer's property, a special column, or nowhere (ignored). */
export type ColumnTarget = { kind: 'property'; layer: string; property: string } | { kind: 'special'; name: BulkSpecialColumn } | null;

export interface ColumnPlan {
  /** The sheet's headers, in order (the result CSV repeats them). */
  headers: string[];
  /** One target per header, in order. */
  targets: ColumnTarget[];
}

/** How a target is spelled in the API (`title.payload`, `_format`, or null). */
export function targetName(target: ColumnTarget): string | null {
  if (target === null) return null;
  return target.kind === 'special' ? target.name : `${target.layer}.${target.property}`;
}

function isSpecial(name: string): name is BulkSpecialColumn {
  return (BULK_SPECIAL_COLUMNS as readonly string[]).includes(name);
}

/**
 * `layer.property` (the last dot splits: layer names may hold dots, property names never do), or
 * a special column. Anything else is not a target.
 */
function parseTarget(name: string): ColumnTarget | undefined {
  if (isSpecial(name)) return { kind: 'special', name };
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return undefined;
  return { kind: 'property', layer: name.slice(0, dot), property: name.slice(dot + 1) };
}

/**
 * Pure: each header's target. A header named `layer.property` or a special column maps itself;
 * `mapping` (header → target, or null to ignore) overrides that. The layer must exist on the
 * design, and a header that names neither a layer property nor a special column must be mapped
 * (or mapped to null). Per-row values are checked later by the override validator; the names a
 * property may take are the validator's to say (`knownProperty`).
 */
export function planColumns(input: {
  headers: readonly string[];
  mapping: Readonly<Record<string, string | null>>;
  layers: readonly { name: string; type: ElementType }[];
  knownProperty: (layerType: ElementType, property: string) => boolean;
}): { plan: ColumnPlan; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const layerTypes = new Map(input.layers.map((l) => [l.name, l.type]));
  const headers = [...input.headers];
  const seen = new Set<string>();
  for (const [i, header] of headers.entries()) {
    if (seen.has(header))
      issues.push({ path: `columns.${header}`, code: 'invalid_payload', message: `column ${i + 1}: the header "${header}" appears twice` });
    seen.add(header);
  }
  for (const key of Object.keys(input.mapping)) {
    if (!seen.has(key)) issues.push({ path: `mapping.${key}`, code: 'invalid_payload', message: `the sheet has no column "${key}"` });
  }
  const targets = headers.map((header): ColumnTarget => {
    const mapped = Object.hasOwn(input.mapping, header);
    const path = mapped ? `mapping.${header}` : `columns.${header}`;
    const name = mapped ? input.mapping[header] : header;
    if (name === null || name === undefined) return null;
    const target = parseTarget(name);
    if (target === undefined) {
      issues.push({
        path,
        code: 'unknown_field',
        message: mapped
          ? `"${name}" is neither <layer>.<property> nor one of ${BULK_SPECIAL_COLUMNS.join(', ')}`
          : `the column "${header}" names no <layer>.<property>: map it in \`mapping\` (or to null to ignore it)`,
      });
      return null;
    }
    if (target?.kind !== 'property') return target;
    const type = layerTypes.get(target.layer);
    if (type === undefined) {
      issues.push({ path, code: 'unknown_field', message: `the design has no layer "${target.layer}" (column "${header}")` });
      return null;
    }
    if (!input.knownProperty(type, target.property)) {
      issues.push({
        path,
        code: 'unknown_field',
        message: `a ${type} layer takes no property "${target.property}" (column "${header}")`,
      });
      return null;
    }
    return target;
  });
  const doubled = new Map<string, string>();
  for (const [i, target] of targets.entries()) {
    const name = targetName(target);
    if (name === null) continue;
    const first = doubled.get(name);
    if (first !== undefined)
      issues.push({ path: `columns.${headers[i]}`, code: 'invalid_payload', message: `"${name}" is set by "${first}" already` });
    else doubled.set(name, headers[i]!);
  }
  return { plan: { headers, targets }, issues };
}
