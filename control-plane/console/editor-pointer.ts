// The editor's pointer gestures: following the pointer until it is released (the canvas, the
// layers list and the timeline drag with it), and the state of a drag or a marquee on the canvas.
import type { Box, Guide, Handle } from './editor-model.js';

/** Whether two boxes overlap (a marquee meets a layer). */
export const meets = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** A point as a box of no size. */
export const dot = (p: Point): Box => ({ ...p, width: 0, height: 0 });

/**
 * Follows the pointer until it is released: the listeners go on at once, in the pointerdown
 * handler (an effect would add them after the next render, and a quick click released before it
 * would leave a drag stuck to the pointer).
 */
export function follow(onMove: (e: PointerEvent) => void, onUp: () => void): void {
  const up = () => {
    removeEventListener('pointermove', onMove);
    removeEventListener('pointerup', up);
    onUp();
  };
  addEventListener('pointermove', onMove);
  addEventListener('pointerup', up);
}

export interface Point {
  x: number;
  y: number;
}

/**
 * A drag of the selection (`move`), of a corner (one layer's box, or the box of several), or of the
 * rotation handle, with the box it started from, the box now and the turn so far (degrees).
 */
export interface Drag {
  names: string[];
  handle: Handle | 'rotate';
  /** Several layers scaled or turned about their box. */
  several: boolean;
  turn: number;
  x0: number;
  y0: number;
  box: Box;
  now: Box;
  guides: Guide[];
}

export interface Marquee {
  from: Point;
  to: Point;
  add: boolean;
}
