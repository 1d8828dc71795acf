import type { ShapeType } from '@pressroom/model';

/**
 * The outlines of the shape geometries (docs/renderer.md, "Shape geometries"): each is stated
 * once in a unit box and scaled to the layer's box, so it stretches with the box as a rectangle
 * or an ellipse does. `rectangle` and `ellipse` are drawn by CSS (border-radius) and have no
 * outline here; every other geometry is an SVG path in the box's pixels, which clips the fill
 * and the pattern and carries the stroke. Straight-edged outlines round every corner by the
 * layer's radius; the curved ones (`CURVED_SHAPE_TYPES`) have no corner to round. Pure.
 */
type Point = readonly [number, number];

/** A regular polygon or star: `n` outer points from the top, alternating with inner points at `inner` of the radius. */
function radial(n: number, inner: number | null): Point[] {
  const points: Point[] = [];
  const steps = inner === null ? n : n * 2;
  for (let i = 0; i < steps; i++) {
    const r = inner !== null && i % 2 === 1 ? inner : 1;
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / steps;
    points.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return fitUnit(points);
}

/** Stretches points so that they touch every side of the unit box. */
function fitUnit(points: Point[]): Point[] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return points.map(([x, y]) => [(x - x0) / (x1 - x0), (y - y0) / (y1 - y0)]);
}

const ARROW_RIGHT: Point[] = [
  [0, 0.3],
  [0.6, 0.3],
  [0.6, 0],
  [1, 0.5],
  [0.6, 1],
  [0.6, 0.7],
  [0, 0.7],
];
const turn = (points: Point[], f: (p: Point) => Point): Point[] => points.map(f);

/** Every straight-edged geometry, as its corners in the unit box (clockwise from the top left). */
export const POLYGONS: Readonly<Record<Exclude<ShapeType, 'rectangle' | 'ellipse' | 'heart'>, readonly Point[]>> = {
  triangle: [
    [0.5, 0],
    [1, 1],
    [0, 1],
  ],
  right_triangle: [
    [0, 0],
    [1, 1],
    [0, 1],
  ],
  diamond: [
    [0.5, 0],
    [1, 0.5],
    [0.5, 1],
    [0, 0.5],
  ],
  parallelogram: [
    [0.25, 0],
    [1, 0],
    [0.75, 1],
    [0, 1],
  ],
  trapezoid: [
    [0.2, 0],
    [0.8, 0],
    [1, 1],
    [0, 1],
  ],
  pentagon: radial(5, null),
  hexagon: radial(6, null),
  heptagon: radial(7, null),
  octagon: radial(8, null),
  decagon: radial(10, null),
  star: radial(5, 0.382),
  star_4: radial(4, 0.4),
  star_6: radial(6, 0.55),
  burst: radial(12, 0.78),
  cross: [
    [1 / 3, 0],
    [2 / 3, 0],
    [2 / 3, 1 / 3],
    [1, 1 / 3],
    [1, 2 / 3],
    [2 / 3, 2 / 3],
    [2 / 3, 1],
    [1 / 3, 1],
    [1 / 3, 2 / 3],
    [0, 2 / 3],
    [0, 1 / 3],
    [1 / 3, 1 / 3],
  ],
  arrow_right: ARROW_RIGHT,
  arrow_left: turn(ARROW_RIGHT, ([x, y]) => [1 - x, y]),
  arrow_down: turn(ARROW_RIGHT, ([x, y]) => [y, x]),
  arrow_up: turn(ARROW_RIGHT, ([x, y]) => [y, 1 - x]),
  chevron: [
    [0, 0],
    [0.6, 0],
    [1, 0.5],
    [0.6, 1],
    [0, 1],
    [0.4, 0.5],
  ],
  speech_bubble: [
    [0, 0],
    [1, 0],
    [1, 0.75],
    [0.45, 0.75],
    [0.2, 1],
    [0.25, 0.75],
    [0, 0.75],
  ],
};

const f = (n: number) => String(Math.round(n * 100) / 100);

/**
 * The outline of a geometry in a `width` × `height` box, as an SVG path; null for the ones CSS
 * draws. `radius` rounds each corner of a straight-edged outline (clamped to half of its
 * shorter neighbouring edge, so corners never overlap).
 */
export function shapeOutline(type: ShapeType, width: number, height: number, radius: number): string | null {
  if (type === 'rectangle' || type === 'ellipse') return null;
  if (type === 'heart') return heart(width, height);
  const unit = POLYGONS[type];
  const pts = unit.map(([x, y]) => [x * width, y * height] as const);
  if (radius <= 0) return `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`;
  let d = '';
  pts.forEach((p, i) => {
    const prev = pts[(i + pts.length - 1) % pts.length]!;
    const next = pts[(i + 1) % pts.length]!;
    const a = toward(p, prev, radius);
    const b = toward(p, next, radius);
    d += `${i === 0 ? 'M' : 'L'}${f(a[0])} ${f(a[1])}Q${f(p[0])} ${f(p[1])} ${f(b[0])} ${f(b[1])}`;
  });
  return `${d}Z`;
}

/** The point `r` from `p` toward `q`, at most half way. */
function toward(p: readonly [number, number], q: readonly [number, number], r: number): [number, number] {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const len = Math.hypot(dx, dy);
  const t = len === 0 ? 0 : Math.min(r, len / 2) / len;
  return [p[0] + dx * t, p[1] + dy * t];
}

/** Two lobes meeting in a point at the bottom, touching every side of the box. */
function heart(w: number, h: number): string {
  const X = (x: number) => f(x * w);
  const Y = (y: number) => f(y * h);
  return (
    `M${X(0.5)} ${Y(0.25)}` +
    `C${X(0.5)} ${Y(0.1)} ${X(0.38)} ${Y(0)} ${X(0.25)} ${Y(0)}` +
    `C${X(0.1)} ${Y(0)} ${X(0)} ${Y(0.12)} ${X(0)} ${Y(0.3)}` +
    `C${X(0)} ${Y(0.58)} ${X(0.3)} ${Y(0.75)} ${X(0.5)} ${Y(1)}` +
    `C${X(0.7)} ${Y(0.75)} ${X(1)} ${Y(0.58)} ${X(1)} ${Y(0.3)}` +
    `C${X(1)} ${Y(0.12)} ${X(0.9)} ${Y(0)} ${X(0.75)} ${Y(0)}` +
    `C${X(0.62)} ${Y(0)} ${X(0.5)} ${Y(0.1)} ${X(0.5)} ${Y(0.25)}Z`
  );
}
