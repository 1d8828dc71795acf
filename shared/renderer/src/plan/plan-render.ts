import type { Design, FontCatalogue, GroupMask, LayerOverride, NormalisedOverrides } from '@pressroom/model';
import {
  AppError,
  formatBackground,
  type LayerInput,
  type LayerType,
  type ResolvedLayer,
  resolveFrame,
  type TypedLayerInput,
  typedLayerInput,
} from '@pressroom/model';
import { boxAlign } from './alignment.js';
import { type AutoLayout, applyAutoLayout } from './auto-layout.js';
import { bleedsWithTrim, extendIntoBleed } from './bleed.js';
import { planButton } from './button.js';
import { type LayerContext, radiusCss } from './context.js';
import { fontKey } from './fonts.js';
import { planQrcode, planRating, planShape } from './marks.js';
import { planIllustration, planImage, planLogo, planVideoBox } from './media.js';
import { paint } from './paint.js';
import { type Scale, scaleFor } from './scale.js';
import { planShadow } from './shadow.js';
import { sourceOf } from './sources.js';
import { planText } from './text.js';
import type { AssetPurpose, AssetRef, AssetSource, GroupNode, PlanFont, PlanNode, PxBox, RenderPlan } from './types.js';

export interface PlanRenderInput {
  design: Design;
  formatName: string;
  /** Validated request overrides; absent = the design as stored. */
  overrides?: NormalisedOverrides;
  /** The font catalogue (the bundled one: loadFontCatalogue); passed in so planning stays pure. */
  catalogue: FontCatalogue;
  /**
   * Animated frames: a video layer becomes an empty image box the frame renderer fills with the
   * video's frame of each moment (docs/animation.md). Otherwise video layers draw nothing.
   */
  videoBoxes?: boolean;
}

/**
 * Design + format + overrides → render tree. Pure:
 * no fetches, no browser. Hidden layers (by themselves, a request or an enclosing group) are
 * left out; unknown layer names in the overrides are ignored, as are layer types that draw
 * nothing in a still image (video, audio, code).
 */
export function planRender(input: PlanRenderInput): RenderPlan {
  const { design, formatName } = input;
  const frame = resolveFrame(design, formatName);
  if (frame === null) throw new AppError('format_not_found', `format ${formatName} does not exist in this design`);
  const overrides = input.overrides ?? { layers: {}, vars: {} };
  const catalogue = input.catalogue;
  const scale = scaleFor(frame.unit, frame.print?.dpi ?? null);
  const bleed = frame.print?.bleed ?? 0;
  const toPx = (b: PxBox): PxBox => ({
    x: scale.length(b.x + bleed),
    y: scale.length(b.y + bleed),
    width: scale.length(b.width),
    height: scale.length(b.height),
  });
  const width = scale.length(frame.width + 2 * bleed);
  const height = scale.length(frame.height + 2 * bleed);
  const canvas = { width: Math.round(width), height: Math.round(height) };
  // Print: an area fill touching the trim edge runs on into the bleed (plan/bleed.ts). Grouped
  // layers keep their box: the group's auto-layout and mask own their geometry.
  const bleeds = (layer: ResolvedLayer, typed: TypedLayerInput): boolean => bleed > 0 && layer.parent === null && bleedsWithTrim(typed);
  const boxOf = (layer: ResolvedLayer, typed: TypedLayerInput): PxBox =>
    bleeds(layer, typed) ? extendIntoBleed(toPx(layer.box), canvas, scale.length(bleed)) : toPx(layer.box);

  const assets: AssetRef[] = [];
  const addAsset = (name: string) => (purpose: AssetPurpose, source: AssetSource) => {
    const ref = `${name}:${purpose}`;
    assets.push({ ref, source, purpose });
    return ref;
  };

  const merged = new Map<string, { layer: ResolvedLayer; input: TypedLayerInput; override: LayerOverride }>();
  for (const layer of frame.layers) {
    const override = (Object.hasOwn(overrides.layers, layer.name) ? overrides.layers[layer.name] : undefined) ?? {};
    merged.set(layer.name, { layer, input: typedLayerInput(layer.type, layer.properties, override), override });
  }
  const hidden = (name: string): boolean => {
    for (let at: string | null = name; at !== null; at = merged.get(at)?.layer.parent ?? null) {
      if (merged.get(at)?.input.props.hidden) return true;
    }
    return false;
  };

  const build = (name: string): PlanNode | null => {
    const entry = merged.get(name);
    if (!entry || hidden(name)) return null;
    const node = draw(name, entry);
    // The editor places its handles on the layer's own box, not on its drawing run on into the bleed.
    if (node !== null && bleeds(entry.layer, entry.input)) node.layoutBox = toPx(entry.layer.box);
    return node;
  };
  const draw = (
    name: string,
    { layer, input: typed, override }: { layer: ResolvedLayer; input: TypedLayerInput; override: LayerOverride },
  ): PlanNode | null => {
    const ctx = <L extends LayerType>(props: LayerInput<L>): LayerContext<L> => ({
      name,
      props,
      override,
      box: boxOf(layer, typed),
      scale,
      variables: design.variables,
      vars: overrides.vars,
      catalogue,
      designFonts: design.fonts,
      addAsset: addAsset(name),
    });
    switch (typed.type) {
      case 'text':
        return planText(ctx(typed.props));
      case 'button':
        return planButton(ctx(typed.props));
      case 'image':
        return planImage(ctx(typed.props));
      case 'logo':
        return planLogo(ctx(typed.props));
      case 'shape':
        return planShape(ctx(typed.props));
      case 'illustration':
        return planIllustration(ctx(typed.props));
      case 'rating':
        return planRating(ctx(typed.props));
      case 'qrcode':
        return planQrcode(ctx(typed.props));
      case 'video':
        return input.videoBoxes === true ? planVideoBox(ctx(typed.props)) : null;
      case 'group':
        return planGroup(ctx(typed.props), layer.layer_ids ?? [], build);
      default:
        return null;
    }
  };

  const order = new Map(frame.layers.map((l, i) => [l.name, i]));
  const top = frame.layers.filter((l) => l.parent === null || !merged.has(l.parent));
  // A group sits where its lowest member (or itself, if lower) sits in the stacking order.
  const rank = (l: ResolvedLayer): number =>
    Math.min(
      order.get(l.name) ?? 0,
      ...(l.layer_ids ?? []).map((c) => (merged.has(c) ? rank(merged.get(c)!.layer) : Number.POSITIVE_INFINITY)),
    );
  const nodes = top
    .map((l) => ({ l, r: rank(l) }))
    .sort((a, b) => a.r - b.r)
    .map(({ l }) => build(l.name))
    .filter((n): n is PlanNode => n !== null);

  const rootBackground = formatBackground(frame.background_color, overrides.layers.root?.background_color);
  const fonts = collectFonts(nodes);
  for (const font of fonts) {
    if (font.fontId !== null) continue;
    const face = design.fonts.find((f) => f.family === font.family && f.weight === font.weight && f.style === font.style);
    const source = face ? sourceOf(face.src) : null;
    if (source) assets.push({ ref: `font:${fontKey(font)}`, source, purpose: 'font' });
  }
  return {
    format: formatName,
    width: canvas.width,
    height: canvas.height,
    background: paint(rootBackground, { width, height }),
    nodes,
    assets,
    fonts,
  };
}

function planGroup(ctx: LayerContext<'group'>, members: string[], build: (name: string) => PlanNode | null): GroupNode {
  const mask = ctx.props.mask;
  const layout = autoLayoutOf(ctx);
  const children = members.map(build).filter((n): n is PlanNode => n !== null);
  return {
    kind: 'group',
    name: ctx.name,
    box: ctx.box,
    opacity: ctx.props.opacity / 100,
    rotation: ctx.props.rotation,
    shadow: planShadow(ctx.props, 'drop'),
    children: layout === null ? children : applyAutoLayout(ctx.box, children, layout),
    mask: mask === null ? null : groupMask(mask, ctx.box, ctx.scale),
    layout,
  };
}

/**
 * `auto_layout` with its settings; direction defaults to horizontal, gap to 0. The 9-cell
 * `alignment` places the run on both axes; `placement` (when given) wins on the direction's axis,
 * which is otherwise at its start. Without `alignment`, members keep their positions across it.
 */
function autoLayoutOf(ctx: LayerContext<'group'>): AutoLayout | null {
  const p = ctx.props;
  if (!p.auto_layout) return null;
  const direction = p.direction ?? 'horizontal';
  const cell = p.alignment === null ? null : boxAlign(p.alignment);
  const horizontal = cell === null ? null : ({ left: 'start', center: 'center', right: 'end' } as const)[cell.horizontal];
  const vertical = cell?.vertical ?? null;
  const along = direction === 'horizontal' ? horizontal : vertical;
  return {
    direction,
    placement: p.placement ?? along ?? 'start',
    cross: direction === 'horizontal' ? vertical : horizontal,
    gap: ctx.scale.length(p.gap ?? 0),
  };
}

/**
 * The mask's geometry is relative to the group box (centre and size default to the box's), in
 * design units; it is returned in canvas pixels.
 */
function groupMask(mask: GroupMask, box: PxBox, scale: Scale): NonNullable<GroupNode['mask']> {
  // An ellipse may be given by its radii instead of its size.
  const ellipseRadii = mask.shape === 'ellipse' && mask.rx !== undefined;
  const width = ellipseRadii ? 2 * scale.length(mask.rx!) : mask.width === undefined ? box.width : scale.length(mask.width);
  const height = ellipseRadii ? 2 * scale.length(mask.ry ?? mask.rx!) : mask.height === undefined ? box.height : scale.length(mask.height);
  const cx = mask.center_x === undefined ? box.width / 2 : scale.length(mask.center_x);
  const cy = mask.center_y === undefined ? box.height / 2 : scale.length(mask.center_y);
  const radius =
    mask.shape === 'ellipse'
      ? '50%'
      : mask.radius !== undefined
        ? radiusCss(mask.radius, scale)
        : mask.rx !== undefined
          ? `${scale.length(mask.rx)}px / ${scale.length(mask.ry ?? mask.rx)}px`
          : '0px';
  return {
    shape: mask.shape,
    box: { x: box.x + cx - width / 2, y: box.y + cy - height / 2, width, height },
    radius,
    rotation: mask.rotation ?? 0,
  };
}

function collectFonts(nodes: readonly PlanNode[], out = new Map<string, PlanFont>()): PlanFont[] {
  for (const n of nodes) {
    if (n.kind === 'text' || n.kind === 'button') out.set(fontKey(n.font), n.font);
    if (n.kind === 'group') collectFonts(n.children, out);
  }
  return [...out.values()];
}
