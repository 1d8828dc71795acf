import type { PlanNode, PlanShadow } from '../plan/types.js';
import { px } from './escape.js';

/** Geometry, opacity, rotation and drop shadow shared by every layer's outer box. */
export function frameDecls(node: PlanNode): Record<string, string | number | null> {
  return {
    left: node.box.x,
    top: node.box.y,
    width: node.box.width,
    height: node.box.height,
    opacity: node.opacity < 1 ? String(node.opacity) : null,
    transform: node.rotation !== 0 ? `rotate(${node.rotation}deg)` : null,
    filter: node.shadow?.mode === 'drop' ? dropShadow(node.shadow) : null,
  };
}

export function dropShadow(s: PlanShadow): string {
  return `drop-shadow(${px(s.x)} ${px(s.y)} ${px(s.blur)} ${s.color})`;
}

export function boxShadow(s: PlanShadow | null): string | null {
  return s === null ? null : `${px(s.x)} ${px(s.y)} ${px(s.blur)} ${s.color}`;
}

export function textShadow(s: PlanShadow | null): string | null {
  return s === null ? null : `${px(s.x)} ${px(s.y)} ${px(s.blur)} ${s.color}`;
}
