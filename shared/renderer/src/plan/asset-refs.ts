import type { AssetRef, PlanNode, RenderPlan } from './types.js';

/** Every external resource the plan needs; the caller fetches them (guarded) before rendering. */
export function assetRefsOf(plan: RenderPlan): AssetRef[] {
  return plan.assets;
}

/** Every code point the plan's texts can show (plus the ellipsis truncation may add). */
export function codePointsOf(plan: RenderPlan): Set<number> {
  const out = new Set<number>([0x2026, 0x20]);
  const walk = (nodes: readonly PlanNode[]) => {
    for (const n of nodes) {
      if (n.kind === 'text' || n.kind === 'button') for (const ch of n.text) out.add(ch.codePointAt(0)!);
      if (n.kind === 'group') walk(n.children);
    }
  };
  walk(plan.nodes);
  return out;
}

/** Every node, depth first, groups included. */
export function allNodes(nodes: readonly PlanNode[]): PlanNode[] {
  return nodes.flatMap((n) => (n.kind === 'group' ? [n, ...allNodes(n.children)] : [n]));
}
