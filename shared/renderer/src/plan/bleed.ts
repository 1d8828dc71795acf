import type { TypedLayerInput } from '@pressroom/model';
import type { PxBox } from './types.js';

/**
 * Print bleed (docs/print.md, "Bleed"): a layer that fills an area and touches the trim edge is
 * extended to the bleed edge on that side, so the cut never shows paper. Only area fills can be
 * extended without changing what is inside the trim:
 *
 * - a rectangle shape without radius, stroke or rotation (a fill goes on being the same fill);
 * - a cover-fit image without mask, stroke or rotation (it covers the larger box; the picture
 *   inside the trim scales by at most (size + bleed) / size).
 *
 * Every other layer keeps its box: stretching an ellipse or an outlined geometry, a contained
 * image or logo, an illustration, a rating, a QR code, a button or a text would change its shape
 * or move its content, and a rounded corner or a stroke on the edge is drawn there on purpose.
 */
export function bleedsWithTrim(layer: TypedLayerInput): boolean {
  if (layer.props.rotation % 360 !== 0) return false;
  if (layer.type === 'shape') {
    const p = layer.props;
    return p.shape_type === 'rectangle' && p.stroke_width === 0 && !hasRadius(p.border_radius);
  }
  if (layer.type === 'image') {
    const p = layer.props;
    return p.fitting_type === 'cover' && p.mask_name === null && p.stroke_width === 0;
  }
  return false;
}

function hasRadius(radius: unknown): boolean {
  if (typeof radius === 'number') return radius !== 0;
  if (radius !== null && typeof radius === 'object') return Object.values(radius).some((v) => typeof v === 'number' && v !== 0);
  return false;
}

/** Within half a device pixel of the trim edge, a box touches it. */
const TOUCH_PX = 0.5;

/**
 * The box, extended to the bleed edge on every side where it touches (or crosses) the trim edge.
 * `page` is the printed canvas (trim + bleed on every side), `bleed` the bleed in device pixels.
 * A box wholly outside the trim is left alone.
 */
export function extendIntoBleed(box: PxBox, page: { width: number; height: number }, bleed: number): PxBox {
  if (bleed <= 0) return box;
  const axis = (start: number, size: number, extent: number): [number, number] => {
    let from = start;
    let to = start + size;
    const [trimFrom, trimTo] = [bleed, extent - bleed];
    if (to <= trimFrom || from >= trimTo) return [start, size];
    if (from <= trimFrom + TOUCH_PX && from > 0) from = 0;
    if (to >= trimTo - TOUCH_PX && to < extent) to = extent;
    return [from, to - from];
  };
  const [x, width] = axis(box.x, box.width, page.width);
  const [y, height] = axis(box.y, box.height, page.height);
  return { x, y, width, height };
}
