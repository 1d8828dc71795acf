// The layer compositor's Chromium half (docs/animation.md, "Frames composited from layer
// rasters"): on a page that holds the loaded plan with the player installed, every raster of
// `planRasters` is drawn once, alone on a transparent canvas, in the state the design gives it
// (nothing moved, every character shown), and cut to the box of its painted pixels. The media
// worker composites every frame from these.

import type { Composition } from '@pressroom/model';
import {
  type LayerScales,
  neutralStates,
  planRasters,
  type RasterPlan,
  type RenderPlan,
  type Timeline,
  untypedStates,
} from '@pressroom/renderer';
import type { Page } from 'puppeteer';
import sharp from 'sharp';
import { capture, withTransparentBackground } from '../browser/index.js';
import { CaptureLanes } from './capture-lanes.js';
import { packCells, rowsHolding } from './cells.js';
import '../browser/page-globals.js';

export interface LayerRasters {
  /** The composition without its per-frame states (the caller samples the timeline). */
  items: Composition['items'];
  rasters: { box: [number, number, number, number]; bytes: Buffer }[];
  /** Typewriting units per layer name (for sampling how many are shown). */
  units: Map<string, number>;
  /** The video layers drawn, in the order items point at them (`item.video`), with their boxes as laid out. */
  videos: { name: string; box: Box }[];
}

type Box = [number, number, number, number];

/**
 * Lends the captures a second page, in another browser, when the worker has one free: calls
 * `serve` with that page, the file loaded on it and the player installed, and with `stay`, asked
 * before each capture (false: the page is wanted by another render, and goes back), and settles
 * once `serve` has (nothing lent: every capture runs on the file's own page).
 */
export type RasterHelper = (serve: (page: Page, stay: () => boolean) => Promise<void>) => Promise<unknown>;

/** Draws every raster of the plan on `page` (loaded, player installed), and on a helper page when one is lent. */
export function captureLayerRasters(
  page: Page,
  plan: RenderPlan,
  timeline: Timeline,
  /** Per moving layer, the scales to draw it at besides as designed (planRasterScales). */
  scales: ReadonlyMap<string, LayerScales> = new Map(),
  /** The format's video layers: each gets an item of its own whose frames the media worker draws. */
  videoLayers: readonly string[] = [],
  helper?: RasterHelper,
): Promise<LayerRasters & { captures: { main: number; helper: number } }> {
  // Every capture is transparent: the page's background is set so once, not around each.
  return withTransparentBackground(page, () => drawRasters(page, plan, timeline, scales, videoLayers, helper));
}

async function drawRasters(
  page: Page,
  plan: RenderPlan,
  timeline: Timeline,
  scales: ReadonlyMap<string, LayerScales>,
  videoLayers: readonly string[],
  helper: RasterHelper | undefined,
): Promise<LayerRasters & { captures: { main: number; helper: number } }> {
  const layerIndex = new Map(timeline.layers.map((l, i) => [l.name, i]));
  const rasters: LayerRasters['rasters'] = [];
  const items: Composition['items'] = [];
  const units = new Map<string, number>();
  const videos: LayerRasters['videos'] = [];
  const main: Stage = { page, plan, shown: null };
  // Every capture is a task on the first page free (capture-lanes.ts): this one, and the helper's.
  const lanes = new CaptureLanes<Stage>(main);
  try {
    await page.evaluate((s) => window.__prAnim?.apply(s, {}), neutralStates(timeline));
    if (helper)
      void helper((other, stay) =>
        withTransparentBackground(other, async () => {
          await other.evaluate((s) => window.__prAnim?.apply(s, {}), neutralStates(timeline));
          const stage: Stage = { page: other, plan, shown: null };
          try {
            await lanes.help(stage, stay);
          } finally {
            await unstage(stage);
          }
        }),
      ).catch(() => undefined); // a helper that fails has left the lanes; its tasks ran here
    // Every capture as designed first, each PNG decoded (on libuv's threads) while Chromium draws
    // the next; then the painted boxes, which need the pixels, and the scaled captures, whose
    // cells are sized from them.
    const drawn: {
      raster: RasterPlan;
      shot: Promise<Placed>;
      untypedShot: Promise<RawImage> | null;
      unitBoxes: Promise<Box[]> | null;
      origin: [number, number];
    }[] = [];
    // Video layers by their place in the drawing order (an index into `drawn`).
    const videoAt = new Map<number, { raster: RasterPlan; box: Box; origin: [number, number] }>();
    const planned = planRasters(plan, timeline, videoLayers);
    // Every moving layer's origin and every video's box, read in one round trip before any capture
    // (the page is read only before its captures start: a capture stages it).
    const geometry = await geometryOf(
      page,
      planned.flatMap((r) => (r.video ? [r.nodes[0]!] : r.layer === null ? [] : [r.layer])),
    );
    const inCell = await designedInCells(page, plan, lanes, planned);
    for (const [index, raster] of planned.entries()) {
      if (raster.video) {
        // A video layer's box paints nothing of its own (planVideoBox: no source, no frame): no
        // capture, only where its frames go, and the origin of its motion and of its own turn.
        const name = raster.nodes[0]!;
        videoAt.set(drawn.length, { raster, box: geometry.get(name)!.box, origin: geometry.get(name)!.origin });
        continue;
      }
      const origin = raster.layer === null ? ([0, 0] as [number, number]) : geometry.get(raster.layer)!.origin;
      if (raster.typewriting) {
        const typed = typewritingShots(lanes, raster, timeline);
        drawn.push({ raster, shot: asPlaced(typed.shot), untypedShot: typed.untyped, unitBoxes: typed.units, origin });
      } else
        drawn.push({ raster, shot: inCell.get(index) ?? asPlaced(isolated(lanes, raster)), untypedShot: null, unitBoxes: null, origin });
    }
    // Each raster's box and the captures of its scales, asked for in order so that both pages
    // keep drawing; then (below) the rasters in the composition's order.
    const prepared: Prepared[] = [];
    for (const { raster, shot, untypedShot, unitBoxes, origin } of drawn) {
      let placed = await shot;
      let local = paintedBox(placed.image);
      // Painted up to its cell's edge: more may lie beyond it; drawn again alone.
      if (placed.cell && local && touchesEdge(local, placed.image)) {
        placed = await asPlaced(isolated(lanes, raster));
        local = paintedBox(placed.image);
      }
      const untyped = untypedShot ? await untypedShot : null;
      const boxes = unitBoxes ? await unitBoxes : null;
      if (raster.typewriting) units.set(raster.layer!, boxes!.length);
      // Both typewriting rasters share one box: the union of what either paints.
      const box = unionBox(local && moved(local, placed.at), untyped ? paintedBox(untyped) : null);
      prepared.push({ raster, placed, untyped, boxes, origin, box, scaled: scaledShots(lanes, raster, box, origin, scales, plan) });
    }
    const videoItem = (at: number) => {
      const video = videoAt.get(at);
      if (!video) return;
      videos.push({ name: video.raster.nodes[0]!, box: video.box });
      items.push({
        raster: null,
        untyped: null,
        layer: video.raster.layer === null ? null : (layerIndex.get(video.raster.layer) ?? null),
        gates: video.raster.gates.flatMap((g) => (layerIndex.has(g) ? [layerIndex.get(g)!] : [])),
        origin: video.origin,
        units: null,
        scaled: [],
        video: videos.length - 1,
      });
    };
    for (const [at, { raster, placed, untyped, boxes, origin, box, scaled }] of prepared.entries()) {
      videoItem(at);
      const store = (image: RawImage | null, at: [number, number]): number | null => {
        if (!image || !box) return null;
        rasters.push({ box, bytes: crop(image, moved(box, [-at[0], -at[1]])) });
        return rasters.length - 1;
      };
      const item: Composition['items'][number] = {
        raster: store(placed.image, placed.at),
        untyped: store(untyped, [0, 0]),
        layer: raster.layer === null ? null : (layerIndex.get(raster.layer) ?? null),
        gates: raster.gates.flatMap((g) => (layerIndex.has(g) ? [layerIndex.get(g)!] : [])),
        origin,
        units: boxes,
        scaled: [],
        video: null,
      };
      items.push(item);
      for (const { scale, clip, cell, sheet, alone } of scaled) {
        let painted: Box | null = null;
        let onCanvas: Box | null = null;
        let image: RawImage | null = null;
        if (cell && clip && sheet) {
          const cellBox: Box = [cell.x, cell.y, clip.width, clip.height];
          image = { data: crop(await sheet, cellBox), width: clip.width, height: clip.height };
          painted = paintedBox(image);
          // Painted up to the cell's edge: more may lie beyond it; drawn again alone.
          if (painted && touchesEdge(painted, image)) image = null;
          else if (painted) onCanvas = [painted[0] + clip.x, painted[1] + clip.y, painted[2], painted[3]];
        }
        if (!image) {
          image = await (alone ?? isolated(lanes, raster, scale));
          painted = paintedBox(image);
          onCanvas = painted;
        }
        if (!painted || !onCanvas) continue;
        // Cut by the canvas's edge at this scale: a cut edge would show once shrunk or moved, so
        // it serves its own scale only, unmoved.
        const inPlace = touchesEdge(onCanvas, plan);
        rasters.push({ box: onCanvas, bytes: crop(image, painted) });
        item.scaled.push({ raster: rasters.length - 1, scale, inPlace });
      }
    }
    // A video over every raster.
    videoItem(drawn.length);
    return { items, rasters, units, videos, captures: { main: lanes.counts.get(main) ?? 0, helper: helperCaptures(lanes, main) } };
  } finally {
    // The helper leaves once its capture under way is done (on success every capture this file
    // needed is done) and gives its own page back: this page is not held for it. This page as it
    // was before the last capture's staging (it goes back to the pool).
    lanes.close();
    await unstage(main);
  }
}

/** Captures run on helper pages. */
function helperCaptures(lanes: CaptureLanes<Stage>, main: Stage): number {
  let n = 0;
  for (const [lane, count] of lanes.counts) if (lane !== main) n += count;
  return n;
}

/** A raster as designed, ready to store, and the captures of its scales under way. */
interface Prepared {
  raster: RasterPlan;
  placed: Placed;
  untyped: RawImage | null;
  boxes: Box[] | null;
  origin: [number, number];
  box: Box | null;
  scaled: ScaledShot[];
}

/** One scale of a moving layer: in a cell of a shared capture (`sheet`), or drawn alone. */
interface ScaledShot {
  scale: number;
  clip: { x: number; y: number; width: number; height: number } | null;
  cell: { batch: number; x: number; y: number } | null;
  sheet: Promise<RawImage> | null;
  alone: Promise<RawImage> | null;
}

/**
 * The captures of a moving layer at the scales the file shows it at (planRasterScales), asked for
 * at once. Shown scaled beyond the canvas's edge, the layer's rasters are cut there: each scale it
 * is shown at is drawn, to be drawn in place (a cut raster cannot be shrunk or moved); shown at too
 * many scales for that, none is, and the raster as designed is resampled.
 */
function scaledShots(
  lanes: CaptureLanes<Stage>,
  raster: RasterPlan,
  box: Box | null,
  origin: [number, number],
  scales: ReadonlyMap<string, LayerScales>,
  plan: RenderPlan,
): ScaledShot[] {
  const layerScales = raster.layer !== null && !raster.typewriting && box ? scales.get(raster.layer) : undefined;
  if (!layerScales || !box) return [];
  const largest = Math.max(...layerScales.drawn, ...layerScales.every);
  const cut = touchesEdge(scaledBox(box, origin, largest), plan);
  const wanted = cut ? layerScales.every : layerScales.drawn;
  // A layer inside the canvas at every scale: copies of it, one per scale, each moved (by whole
  // px) into a cell of its own, so that one capture draws many scales (cells.ts). Cut at the
  // canvas's edge, or too large for a cell: one capture per scale, where it lies.
  const inside = !touchesEdge(box, plan) && !cut;
  const clipsOf = wanted.map((scale) => clipOf(scaledBox(box, origin, scale), plan));
  const cells = inside
    ? packCells(
        clipsOf.map((c) => [c.width, c.height] as const),
        plan,
      )
    : wanted.map(() => null);
  const batches = new Map<number, Promise<RawImage>>();
  for (const cell of cells) {
    if (!cell || batches.has(cell.batch)) continue;
    const inBatch = cells.flatMap((c, j) => (c?.batch === cell.batch ? [{ c, j }] : []));
    const copies = inBatch.map(({ c, j }) => ({
      nodes: [raster.layer!],
      scale: wanted[j]!,
      dx: c.x - clipsOf[j]!.x,
      dy: c.y - clipsOf[j]!.y,
    }));
    const rows = rowsHolding(
      inBatch.map(({ c, j }) => ({ y: c.y, height: clipsOf[j]!.height })),
      plan,
    );
    batches.set(cell.batch, inCells(lanes, copies, rows));
  }
  return wanted.map((scale, k) => {
    const cell = cells[k] ?? null;
    return {
      scale,
      clip: cell ? clipsOf[k]! : null,
      cell,
      sheet: cell ? batches.get(cell.batch)! : null,
      alone: cell ? null : isolated(lanes, raster, scale),
    };
  });
}

/** A box scaled by `scale` about `origin`. */
function scaledBox([left, top, w, h]: Box, [ox, oy]: [number, number], scale: number): Box {
  return [ox + (left - ox) * scale, oy + (top - oy) * scale, w * scale, h * scale];
}

/** A box widened by a margin for antialiasing, in whole px within the canvas. */
function clipOf([left, top, w, h]: Box, plan: { width: number; height: number }): { x: number; y: number; width: number; height: number } {
  const margin = 4;
  const x0 = Math.max(0, Math.floor(left) - margin);
  const y0 = Math.max(0, Math.floor(top) - margin);
  const x1 = Math.min(plan.width, Math.ceil(left + w) + margin);
  const y1 = Math.min(plan.height, Math.ceil(top + h) + margin);
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

/**
 * One transparent PNG of copies of layers alone, each at its scale and moved by whole px (`dx`,
 * `dy`: the subpixel phase of its text stays as drawn in place) into its cell, on the first page
 * free; the answer is its decoding to raw RGBA, under way. The copies are gone after.
 * The capture is the canvas's top `rows` only (`rowsHolding` the cells): a capture costs
 * Chromium (its draw, the PNG) and Node (the decode) in proportion to its area.
 */
function inCells(
  lanes: CaptureLanes<Stage>,
  copies: readonly { nodes: readonly string[]; scale: number; dx: number; dy: number }[],
  rows: number,
): Promise<RawImage> {
  return shoot(lanes, { copies, rows }, null);
}

/**
 * The page staged as `next` and captured, on the first page free (capture-lanes.ts), then
 * decoded: under way (awaited later: a failure is seen there, never unhandled).
 */
function shoot(lanes: CaptureLanes<Stage>, next: Staging, layer: string | null): Promise<RawImage> {
  const decoded = lanes.run((stage) => stagedCapture(stage, next, layer)).then(decode);
  decoded.catch(() => undefined);
  return decoded;
}

async function stagedCapture(stage: Stage, next: Staging, layer: string | null): Promise<Buffer> {
  await restage(stage, next, layer);
  return capture(stage.page, transparentCapture(stage.plan, next.rows));
}

/**
 * A typewriting layer's two rasters (every character shown, none shown) and the boxes of its
 * units, drawn on one page in one task: the untyped state is the player's, set and set back
 * around its capture, so no other capture may run on that page in between.
 */
function typewritingShots(
  lanes: CaptureLanes<Stage>,
  raster: RasterPlan,
  timeline: Timeline,
): { shot: Promise<RawImage>; untyped: Promise<RawImage>; units: Promise<Box[]> } {
  const alone: Staging = { alone: { nodes: raster.nodes, background: raster.background, layer: raster.layer, scale: 1 } };
  const drawn = lanes.run(async (stage) => {
    const typed = await stagedCapture(stage, alone, raster.layer);
    const units = await stage.page.evaluate((name) => window.__prAnim?.units(name) ?? [], raster.layer!);
    await stage.page.evaluate((s) => window.__prAnim?.apply(s, {}), untypedStates(timeline));
    const untyped = await stagedCapture(stage, alone, raster.layer);
    await stage.page.evaluate((s) => window.__prAnim?.apply(s, {}), neutralStates(timeline));
    return { typed, untyped, units: units as Box[] };
  });
  const shot = drawn.then((d) => decode(d.typed));
  const untyped = drawn.then((d) => decode(d.untyped));
  const units = drawn.then((d) => d.units);
  for (const p of [shot, untyped, units]) p.catch(() => undefined);
  return { shot, untyped, units };
}

/** A transparent capture of the canvas's top `rows` (default: all of it). */
function transparentCapture(plan: { width: number; height: number }, rows = plan.height) {
  return {
    width: plan.width,
    height: rows,
    format: 'png',
    // Held transparent by captureLayerRasters for all of its captures.
    omitBackground: 'held',
    optimizeForSpeed: true,
    beyondViewport: false,
  } as const;
}

/** A PNG decoded to raw RGBA, under way (awaited later: a failure is seen there, never unhandled). */
function decode(png: Buffer): Promise<RawImage> {
  const decoded = sharp(png)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
  decoded.catch(() => undefined);
  return decoded;
}

/** A raster's capture and where its pixel (0, 0) lies on the canvas; `cell`: drawn in a cell of a shared capture. */
interface Placed {
  image: RawImage;
  at: [number, number];
  cell: boolean;
}

/** A capture of the whole canvas, as placed (awaited later: a failure is seen there, never unhandled). */
function asPlaced(decoded: Promise<RawImage>): Promise<Placed> {
  const placed = decoded.then((image): Placed => ({ image, at: [0, 0], cell: false }));
  placed.catch(() => undefined);
  return placed;
}

function moved([x, y, w, h]: Box, [dx, dy]: [number, number]): Box {
  return [x + dx, y + dy, w, h];
}

/**
 * The rasters drawn as designed that go into cells of shared captures (as a layer's scales do):
 * each raster but the bottom one, video boxes and typewriting, whose box as laid out (the
 * page's boxes of its elements and text, widened by its shadows, outlines and strokes and a
 * margin) lies inside the canvas. By index into `rasters`; the others are drawn alone.
 */
async function designedInCells(
  page: Page,
  plan: { width: number; height: number },
  lanes: CaptureLanes<Stage>,
  rasters: readonly RasterPlan[],
): Promise<Map<number, Promise<Placed>>> {
  const candidates = rasters.flatMap((r, i) => (r.video || r.background || r.typewriting ? [] : [i]));
  const out = new Map<number, Promise<Placed>>();
  if (candidates.length === 0) return out;
  const reach = await page.evaluate(
    (lists) => {
      const canvas = document.getElementById('pr-canvas')!.getBoundingClientRect();
      return lists.map((names) => {
        let x0 = Number.POSITIVE_INFINITY;
        let y0 = Number.POSITIVE_INFINITY;
        let x1 = Number.NEGATIVE_INFINITY;
        let y1 = Number.NEGATIVE_INFINITY;
        let extra = 0;
        for (const name of names) {
          const el = document.querySelector<HTMLElement>(`[data-layer="${CSS.escape(name)}"]`);
          if (!el) continue;
          const range = document.createRange();
          range.selectNodeContents(el);
          const rects = [range.getBoundingClientRect()];
          for (const e of [el, ...Array.from(el.querySelectorAll('*'))]) {
            rects.push(e.getBoundingClientRect());
            const style = getComputedStyle(e);
            let reach = 0;
            for (const value of [style.boxShadow, style.textShadow, style.filter, style.outlineWidth, style.webkitTextStrokeWidth])
              for (const n of value?.match(/-?[\d.]+px/g) ?? []) reach += Math.abs(Number.parseFloat(n));
            extra = Math.max(extra, reach);
          }
          for (const r of rects) {
            if (r.width === 0 && r.height === 0) continue;
            x0 = Math.min(x0, r.left);
            y0 = Math.min(y0, r.top);
            x1 = Math.max(x1, r.right);
            y1 = Math.max(y1, r.bottom);
          }
        }
        if (x0 === Number.POSITIVE_INFINITY) return null;
        const margin = 2 * extra + 8 + 0.02 * Math.max(x1 - x0, y1 - y0);
        return [x0 - canvas.left - margin, y0 - canvas.top - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin] as Box;
      });
    },
    candidates.map((i) => rasters[i]!.nodes),
  );
  const fits = candidates.flatMap((i, k) => {
    const box = reach[k];
    return box && !touchesEdge(box, plan) ? [{ i, clip: clipOf(box, plan) }] : [];
  });
  const cells = packCells(
    fits.map((f) => [f.clip.width, f.clip.height] as const),
    plan,
  );
  const batches = new Set(cells.flatMap((c) => (c ? [c.batch] : [])));
  for (const batch of batches) {
    const members = fits.flatMap((f, k) => (cells[k]?.batch === batch ? [{ ...f, cell: cells[k]! }] : []));
    // A raster alone in its batch goes into a cell too: moved to the top, it is captured in fewer rows.
    const sheet = inCells(
      lanes,
      members.map((m) => ({ nodes: rasters[m.i]!.nodes, scale: 1, dx: m.cell.x - m.clip.x, dy: m.cell.y - m.clip.y })),
      rowsHolding(
        members.map((m) => ({ y: m.cell.y, height: m.clip.height })),
        plan,
      ),
    );
    for (const m of members) {
      const cellBox: Box = [m.cell.x, m.cell.y, m.clip.width, m.clip.height];
      out.set(
        m.i,
        sheet.then((image) => ({
          image: { data: crop(image, cellBox), width: m.clip.width, height: m.clip.height },
          at: [m.clip.x, m.clip.y] as [number, number],
          cell: true,
        })),
      );
    }
  }
  for (const p of out.values()) p.catch(() => undefined);
  return out;
}

interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

function touchesEdge(box: Box | null, plan: { width: number; height: number }): boolean {
  return box !== null && (box[0] <= 0 || box[1] <= 0 || box[0] + box[2] >= plan.width || box[1] + box[3] >= plan.height);
}

/**
 * A transparent PNG of the raster's layers alone (its moving layer scaled by `scale`), captured
 * on the first page free; the answer is its decoding to raw RGBA, under way.
 */
function isolated(lanes: CaptureLanes<Stage>, raster: RasterPlan, scale = 1): Promise<RawImage> {
  return shoot(lanes, { alone: { nodes: raster.nodes, background: raster.background, layer: raster.layer, scale } }, raster.layer);
}

/**
 * The page a capture draws: what the last capture staged undone, and, in the same round trip,
 * what the next one draws staged (each capture costs one `page.evaluate`, not two). Staged:
 * - `alone`: the raster's layers alone (every other layer `visibility: hidden`), its moving layer
 *   scaled by `scale`, the canvas's background transparent unless the raster is the bottom one;
 * - `copies`: copies of layers, each at its scale and moved by whole px (`dx`, `dy`: the subpixel
 *   phase of its text stays as drawn in place), every original hidden, the background transparent.
 * Undone: the copies removed, every layer's visibility and the background as the player left
 * them, and the scaled layer's `scale` set to 1.
 */
async function restage(stage: Stage, next: Staging | null, layer: string | null): Promise<void> {
  await stage.page.evaluate(
    (undo, staging) => {
      if (undo) {
        if (undo.layer !== null)
          document.querySelector<HTMLElement>(`[data-layer="${CSS.escape(undo.layer)}"]`)?.style.setProperty('scale', '1');
        for (const copy of Array.from(document.querySelectorAll('[data-pr-copy]'))) copy.remove();
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-layer]'))) el.style.removeProperty('visibility');
        document.getElementById('pr-canvas')?.style.removeProperty('background');
      }
      if (!staging) return;
      // No named helper in here: tsx's keepNames would wrap it in a `__name` the page lacks.
      const { alone, copies } = staging;
      if (alone && alone.layer !== null && alone.scale !== 1) {
        const el = document.querySelector(`[data-layer="${CSS.escape(alone.layer)}"]`) as HTMLElement | null;
        el?.style.setProperty('scale', String(alone.scale));
      }
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-layer]')))
        el.style.setProperty('visibility', 'hidden', 'important');
      for (const name of alone?.nodes ?? []) {
        const el = document.querySelector<HTMLElement>(`[data-layer="${CSS.escape(name)}"]`);
        if (!el) continue;
        el.style.setProperty('visibility', 'visible', 'important');
        for (const inner of Array.from(el.querySelectorAll<HTMLElement>('[data-layer]')))
          inner.style.setProperty('visibility', 'visible', 'important');
      }
      for (const { nodes, scale, dx, dy } of copies ?? [])
        for (const name of nodes) {
          const el = document.querySelector<HTMLElement>(`[data-layer="${CSS.escape(name)}"]`);
          if (!el) continue;
          const copy = el.cloneNode(true) as HTMLElement;
          copy.setAttribute('data-pr-copy', '');
          copy.style.setProperty('visibility', 'visible', 'important');
          for (const inner of Array.from(copy.querySelectorAll<HTMLElement>('[data-layer]')))
            inner.style.setProperty('visibility', 'visible', 'important');
          if (scale !== 1) copy.style.setProperty('scale', String(scale));
          copy.style.setProperty('translate', `${dx}px ${dy}px`);
          el.after(copy);
        }
      const canvas = document.getElementById('pr-canvas');
      if (canvas && !alone?.background) canvas.style.setProperty('background', 'transparent', 'important');
    },
    stage.shown,
    next,
  );
  stage.shown = next ? { layer } : null;
}

/** The last capture's staging undone (nothing staged: no round trip). */
async function unstage(stage: Stage): Promise<void> {
  if (stage.shown) await restage(stage, null, null);
}

/** The page and what its last capture staged (`shown`; null: nothing), for `restage`. */
interface Stage {
  page: Page;
  plan: { width: number; height: number };
  /** The staging to undo; `layer`: the moving layer whose `scale` goes back to 1 (null: none). */
  shown: { layer: string | null } | null;
}

type Staging =
  | { alone: { nodes: readonly string[]; background: boolean; layer: string | null; scale: number }; copies?: undefined; rows?: undefined }
  | {
      copies: readonly { nodes: readonly string[]; scale: number; dx: number; dy: number }[];
      alone?: undefined;
      /** The capture's height: the canvas's top rows, which hold the cells. */
      rows: number;
    };

/** The box of the pixels with any alpha; null when nothing is painted. */
export function paintedBox(image: RawImage): Box | null {
  const { data, width, height } = image;
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  const stride = width * 4;
  // A row whose bytes are all zero paints nothing: skipped by one native compare (most rows of a
  // layer alone on the canvas are empty); any other row is scanned for alpha as before.
  const empty = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const row = y * stride;
    if (data.compare(empty, 0, stride, row, row + stride) === 0) continue;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x += 1) {
      if (data[row + x * 4 + 3] !== 0) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    for (let x = width - 1; x >= first; x -= 1) {
      if (data[row + x * 4 + 3] !== 0) {
        last = x;
        break;
      }
    }
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, last);
  }
  return top < 0 ? null : [left, top, right - left + 1, bottom - top + 1];
}

function unionBox(a: Box | null, b: Box | null): Box | null {
  if (!a) return b;
  if (!b) return a;
  const left = Math.min(a[0], b[0]);
  const top = Math.min(a[1], b[1]);
  return [left, top, Math.max(a[0] + a[2], b[0] + b[2]) - left, Math.max(a[1] + a[3], b[1] + b[3]) - top];
}

function crop(image: RawImage, [left, top, width, height]: Box): Buffer {
  const out = Buffer.allocUnsafe(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * image.width + left) * 4;
    image.data.copy(out, y * width * 4, from, from + width * 4);
  }
  return out;
}

/**
 * Per layer named, with its motion and own transform set aside: its transform origin on the
 * canvas, and its box as laid out (where a video's frames go). One round trip for all of them.
 */
async function geometryOf(page: Page, names: readonly string[]): Promise<Map<string, { origin: [number, number]; box: Box }>> {
  const read = await page.evaluate((list) => {
    const canvas = document.getElementById('pr-canvas')!.getBoundingClientRect();
    return list.map((n) => {
      const el = document.querySelector(`[data-layer="${CSS.escape(n)}"]`) as HTMLElement | null;
      if (!el) return { origin: [0, 0] as [number, number], box: [0, 0, 0, 0] as Box };
      const saved = el.style.cssText;
      for (const p of ['transform', 'translate', 'rotate', 'scale']) el.style.setProperty(p, 'none');
      const r = el.getBoundingClientRect();
      const [ox, oy] = getComputedStyle(el).transformOrigin.split(' ').map(Number.parseFloat);
      el.style.cssText = saved;
      return {
        origin: [r.left - canvas.left + (ox ?? 0), r.top - canvas.top + (oy ?? 0)] as [number, number],
        box: [r.left - canvas.left, r.top - canvas.top, r.width, r.height] as Box,
      };
    });
  }, names);
  return new Map(names.map((n, i) => [n, read[i]!]));
}
