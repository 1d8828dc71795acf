/**
 * The console editor's canvas (docs/console.md, "The editor"): a design in the import format →
 * the same render plan and HTML frame the render workers draw, bundled for the browser by
 * scripts/build.mjs. Pure: the caller passes the font catalogue and says where font files live.
 */
import {
  type FieldIssue,
  type FontCatalogue,
  type FontFaceFile,
  type FontRecord,
  fontFaceCss,
  formatColor,
  IMPORT_SPELLINGS,
  type LayerType,
  parseColor,
  parseImportPayload,
  resolveFrame,
  toCmykSpace,
  toRgbSpace,
  uploadedFontCssFamily,
  withUploadedFonts,
} from '@pressroom/model';
import { PLAYER_SCRIPT, typewritingLayers } from './animation/player.js';
import { type LayerState, planTimeline, stateAt, type TextSplit } from './animation/timeline.js';
import { buildDocument } from './html/build-document.js';
import { bundledFacesFor, fallbackFamilies } from './html/font-faces.js';
import { fontStackCss } from './html/index.js';
import { planRender } from './plan/plan-render.js';
import type { AssetSource, PlanNode, PxBox } from './plan/types.js';

/** The catalogue as the console's font route sends it: faces as a list, each face's `path` a URL. */
export interface CatalogueJson {
  fonts: FontRecord[];
  faces: [string, FontFaceFile[]][];
}

export function catalogueFromJson(json: CatalogueJson, own?: CatalogueJson): FontCatalogue {
  const bundled: FontCatalogue = { fonts: json.fonts, faces: new Map(json.faces) };
  return own ? withUploadedFonts(bundled, { fonts: own.fonts, faces: new Map(own.faces) }) : bundled;
}

/**
 * The workspace's uploaded fonts (`GET /fonts` records of type `custom`) as catalogue faces, one
 * per weight and style, each file at `urlOf(font id, weight, style)` (the console fetches it with
 * the key and hands a blob URL).
 */
export function uploadedCatalogue(
  records: readonly FontRecord[],
  urlOf: (id: string, weight: number, style: string) => string,
): CatalogueJson {
  const own = records.filter((r) => r.type === 'custom');
  return {
    fonts: own,
    faces: own.map((r): [string, FontFaceFile[]] => [
      r.id,
      r.available_weights.map((w) => {
        const weight = (typeof w === 'number' ? w : Number(String(w).split('-')[0])) as FontFaceFile['weight'];
        const style = typeof w === 'number' ? 'normal' : 'italic';
        return {
          family: uploadedFontCssFamily(r.id),
          weight,
          style,
          unicodeRange: 'U+0-10FFFF',
          subset: 'upload',
          path: urlOf(r.id, weight, style),
        };
      }),
    ]),
  };
}

/** One layer's drawn box in canvas pixels, and the group members inside it. */
export interface CanvasBox {
  name: string;
  kind: PlanNode['kind'];
  box: PxBox;
}

export type Drawn =
  | {
      ok: true;
      /** A standalone document of `width` × `height` CSS pixels, exactly as a worker loads it. */
      document: string;
      width: number;
      height: number;
      /** Canvas pixels per design unit (1 on static and animated designs), and the bleed in units. */
      pxPerUnit: number;
      bleed: number;
      safe: number;
      /** Every drawn layer's box, groups included, in canvas pixels. */
      boxes: CanvasBox[];
      /**
       * What a save would refuse of a design that still draws: the rules applied only on a write
       * (a tween's ranges and turns), which a design stored before them breaks. Usually empty.
       */
      refused: FieldIssue[];
    }
  | { ok: false; issues: FieldIssue[] };

/**
 * Draws one format (or page, `page_<n>`) of a design in the import format, without `target`.
 * Invalid payloads answer the import's own issues with their import paths. A design stored
 * before a rule applied on write only still draws as the farm renders it, with that rule's
 * issues in `refused`.
 */
export function drawFormat(payload: unknown, frameId: string, catalogue: FontCatalogue): Drawn {
  const strict = parseImportPayload(payload, { requireTarget: false });
  const parsed = strict.ok ? strict : parseImportPayload(payload, { requireTarget: false, stored: true });
  if (!parsed.ok) return { ok: false, issues: strict.ok ? parsed.issues : strict.issues };
  const refused = strict.ok ? [] : strict.issues;
  const design = parsed.design;
  const frame = resolveFrame(design, frameId);
  if (frame === null) return { ok: false, issues: [{ path: 'formats', code: 'format_not_found', message: `no format ${frameId}` }] };
  const plan = planRender({ design, formatName: frameId, catalogue, videoBoxes: design.type === 'animated' });
  const assets = new Map(plan.assets.map((a) => [a.ref, a.source]));
  const urlOf = (source: AssetSource | undefined): string | null => {
    if (!source) return null;
    if (source.kind === 'url') return source.url;
    if (source.kind === 'base64') return `data:${source.contentType ?? 'application/octet-stream'};base64,${source.data}`;
    // The drawings of the shipped libraries come from the console's route; a generated picture
    // (text_to_image) exists only once a worker made it, so the canvas draws its box empty.
    if (source.kind === 'library') return `/console/illustrations/${source.library}/${encodeURIComponent(source.name)}`;
    if (source.kind !== 'design_asset') return null;
    const asset = design.assets[source.name];
    return asset && /^(https?:|data:)/.test(asset.src) ? asset.src : null;
  };
  const fallbacks = fallbackFamilies(catalogue);
  const document = buildDocument(plan, {
    assetUrl: (ref) => urlOf(assets.get(ref)),
    fontCss: fontFaceCss(bundledFacesFor(plan, catalogue), (face) => face.path),
    fontStack: (font) => fontStackCss(font, fallbacks),
  });
  const extent = frame.width + 2 * (frame.print?.bleed ?? 0);
  return {
    ok: true,
    document,
    width: plan.width,
    height: plan.height,
    pxPerUnit: plan.width / extent,
    bleed: frame.print?.bleed ?? 0,
    safe: frame.print?.safe ?? 0,
    boxes: boxesOf(plan.nodes),
    refused,
  };
}

function boxesOf(nodes: readonly PlanNode[], out: CanvasBox[] = []): CanvasBox[] {
  for (const n of nodes) {
    out.push({ name: n.name, kind: n.kind, box: n.layoutBox ?? n.box });
    if (n.kind === 'group') boxesOf(n.children, out);
  }
  return out;
}

/**
 * Where a stored property (the name GET /layer-properties gives) sits in an import layer: a key
 * of `properties`, a field of one of its objects (`shadow.blur`), or a field of the layer itself.
 */
export function importPlaceOf(layerType: string, stored: string): { key: string; field: string | null; onLayer: boolean } | null {
  const spellings = IMPORT_SPELLINGS[layerType as LayerType];
  const s = spellings?.byInternal.get(stored.split('.')[0]!);
  if (!s) return null;
  if (stored.includes('.')) return { key: s.import, field: stored.split('.')[1]!, onLayer: false };
  const [key, field] = s.import.split('.');
  return { key: key!, field: field ?? null, onLayer: s.onLayer };
}

/**
 * A colour in the design type's space, as the import would store it: a picked hex becomes CMYK on
 * print designs, and CMYK becomes hex on screen designs. A value that is not a colour is returned
 * as it is (the import then names the problem).
 */
export function colorInSpace(designType: string, value: string): string {
  const parsed = parseColor(value);
  if (!parsed.ok) return value;
  const print = designType === 'printer' || designType === 'printer_multipage';
  if (parsed.color.kind === (print ? 'cmyk' : 'hex')) return value;
  return formatColor(print ? toCmykSpace(parsed.color) : toRgbSpace(parsed.color));
}

/** The in-page player the render workers install to draw one moment of an animated design (`__prAnim`). */
export { PLAYER_SCRIPT };

/** One moment of an animated design, as the frame renderer draws it: what the player needs. */
export interface Moment {
  /** Seconds, within the design's duration. */
  at: number;
  duration: number;
  /** Every moving layer's state at `at` (`__prAnim.apply`). */
  states: LayerState[];
  /** The text layers typewriting splits (`__prAnim.prepare`). */
  typewriting: [string, TextSplit][];
}

/**
 * The state of every moving layer of an animated design at `t` seconds (the timeline's
 * `stateAt`, as the frame renderer samples it), for the editor's timeline scrub; null for a design
 * that is not animated or not valid.
 */
export function momentAt(payload: unknown, t: number): Moment | null {
  // As the farm renders it: a design stored before a rule applied on write only still moves (drawFormat says what a save would refuse).
  const parsed = parseImportPayload(payload, { requireTarget: false, stored: true });
  if (!parsed.ok || parsed.design.type !== 'animated') return null;
  const timeline = planTimeline(parsed.design);
  const at = Math.min(Math.max(0, t), timeline.duration);
  return { at, duration: timeline.duration, states: stateAt(timeline, at), typewriting: typewritingLayers(timeline) };
}
