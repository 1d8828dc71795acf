import type { Json } from './api.js';

/** One difference between two JSON values, at an API-style path. */
export interface Change {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: Json;
  after?: Json;
}

const isObject = (v: Json): v is Record<string, Json> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every difference from `before` to `after`, deepest first where they differ; key order does not count. */
export function diffJson(before: Json, after: Json, path = ''): Change[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: Change[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const at = `${path}[${i}]`;
      if (i >= after.length) changes.push({ path: at, kind: 'removed', before: before[i] });
      else if (i >= before.length) changes.push({ path: at, kind: 'added', after: after[i] });
      else changes.push(...diffJson(before[i], after[i], at));
    }
    return changes;
  }
  if (isObject(before) && isObject(after)) {
    const changes: Change[] = [];
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const at = path ? `${path}.${key}` : key;
      if (!(key in after)) changes.push({ path: at, kind: 'removed', before: before[key] });
      else if (!(key in before)) changes.push({ path: at, kind: 'added', after: after[key] });
      else changes.push(...diffJson(before[key], after[key], at));
    }
    return changes;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: path || 'body', kind: 'changed', before, after }];
}

const show = (v: Json): string => {
  const text = JSON.stringify(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** Lines a person reads: `~ path: before -> after`, `+ path: value`, `- path: value`. */
export function formatChanges(changes: readonly Change[]): string[] {
  return changes.map((c) => {
    if (c.kind === 'added') return `+ ${c.path}: ${show(c.after)}`;
    if (c.kind === 'removed') return `- ${c.path}: ${show(c.before)}`;
    return `~ ${c.path}: ${show(c.before)} -> ${show(c.after)}`;
  });
}
