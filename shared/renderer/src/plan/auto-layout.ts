import type { GroupNode, PlanNode, PxBox } from './types.js';

export type AutoLayout = NonNullable<GroupNode['layout']>;

/**
 * Group auto-layout (docs/renderer.md, "Auto-layout"): the drawn members are placed one after
 * the other along `direction`, in the order of their stored positions on that axis, `gap` apart,
 * and the run sits in the group box by `placement` (`space-between` spreads them from edge to
 * edge; the gap is then the least space between two). Each member keeps its own size; across
 * the direction it sits by `cross` (the 9-cell alignment), or at its stored position. Hidden members take no room, so the others close up.
 * Returns the members moved (a moved group moves its members and mask with it).
 */
export function applyAutoLayout(group: PxBox, children: readonly PlanNode[], layout: AutoLayout): PlanNode[] {
  if (children.length === 0) return [];
  const horizontal = layout.direction === 'horizontal';
  const start = (b: PxBox) => (horizontal ? b.x : b.y);
  const size = (b: PxBox) => (horizontal ? b.width : b.height);
  const origin = start(group);
  const room = size(group);
  const order = children.map((node, index) => ({ node, index })).sort((a, b) => start(a.node.box) - start(b.node.box) || a.index - b.index);
  const total = order.reduce((sum, { node }) => sum + size(node.box), 0);
  let gap = layout.gap;
  let at: number;
  switch (layout.placement) {
    case 'start':
      at = origin;
      break;
    case 'center':
      at = origin + (room - total - gap * (order.length - 1)) / 2;
      break;
    case 'end':
      at = origin + room - total - gap * (order.length - 1);
      break;
    case 'space-between':
      at = origin;
      if (order.length > 1) gap = Math.max(gap, (room - total) / (order.length - 1));
      break;
  }
  const moved = new Map<PlanNode, PlanNode>();
  for (const { node } of order) {
    const delta = at - start(node.box);
    const across = crossDelta(group, node.box, horizontal, layout.cross);
    moved.set(node, horizontal ? shift(node, delta, across) : shift(node, across, delta));
    at += size(node.box) + gap;
  }
  // Stacking stays the members' own order.
  return children.map((c) => moved.get(c)!);
}

/** How far a member moves across the direction to sit at the group's start, centre or end. */
function crossDelta(group: PxBox, box: PxBox, horizontal: boolean, cross: AutoLayout['cross']): number {
  if (cross === null) return 0;
  const [origin, room, at, size] = horizontal ? [group.y, group.height, box.y, box.height] : [group.x, group.width, box.x, box.width];
  const target = cross === 'start' ? origin : cross === 'center' ? origin + (room - size) / 2 : origin + room - size;
  return target - at;
}

function shift(node: PlanNode, dx: number, dy: number): PlanNode {
  if (dx === 0 && dy === 0) return node;
  const move = (b: PxBox): PxBox => ({ ...b, x: b.x + dx, y: b.y + dy });
  if (node.kind !== 'group') return { ...node, box: move(node.box) };
  return {
    ...node,
    box: move(node.box),
    mask: node.mask && { ...node.mask, box: move(node.mask.box) },
    children: node.children.map((c) => shift(c, dx, dy)),
  };
}
