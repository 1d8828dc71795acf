import type { IssueCollector, Path } from './issues.js';

interface Layer {
  name: string;
  type: string;
  layer_ids?: string[] | undefined;
}

/**
 * Checks that span layers: unique names, and group membership that forms a forest (each
 * referenced layer exists, sits in at most one group, and no group contains itself).
 */
export function checkLayers(layers: readonly Layer[], path: Path, col: IssueCollector): void {
  const index = new Map<string, number>();
  layers.forEach((l, i) => {
    if (index.has(l.name))
      col.error([...path, i, 'name'], 'duplicate_layer_name', `layer name ${l.name} is used twice`, { received: l.name });
    else index.set(l.name, i);
  });
  const parent = new Map<string, string>();
  layers.forEach((l, i) => {
    l.layer_ids?.forEach((child, j) => {
      const at = [...path, i, 'layer_ids', j];
      if (!index.has(child)) col.error(at, 'invalid_payload', `no layer is named ${child}`, { received: child });
      else if (child === l.name) col.error(at, 'invalid_payload', 'a group cannot contain itself');
      else if (parent.has(child)) col.error(at, 'invalid_payload', `${child} is already in group ${parent.get(child)}`);
      else parent.set(child, l.name);
    });
  });
  for (const start of parent.keys()) {
    const seen = new Set<string>([start]);
    let at = parent.get(start);
    while (at !== undefined) {
      if (seen.has(at)) {
        col.error([...path, index.get(start) ?? 0, 'layer_ids'], 'invalid_payload', `groups containing ${start} form a cycle`);
        return;
      }
      seen.add(at);
      at = parent.get(at);
    }
  }
}

const PLACEHOLDER = /\{([A-Za-z_][\w-]*)\}/g;

/** Variables are the `{name}` placeholders written in text and button payloads. */
export function collectVariables(payloads: readonly string[], declared: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...declared };
  for (const p of payloads) for (const m of p.matchAll(PLACEHOLDER)) if (m[1] !== undefined) out[m[1]] = `{${m[1]}}`;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
