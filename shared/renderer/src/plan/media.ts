import type { LayerInput, LayerOverride } from '@pressroom/model';
import {
  DEFAULT_TEXT_TO_IMAGE_MODEL,
  DEFAULT_UPSCALE_FACTOR,
  ILLUSTRATION_LIBRARIES,
  type IllustrationType,
  illustrationFile,
  parseRatio,
  RenderRefusedError,
  radiusIsZero,
} from '@pressroom/model';
import { objectPosition } from './alignment.js';
import { type LayerContext, radiusCss } from './context.js';
import { duotonePalette } from './duotone.js';
import { solidPaint } from './paint.js';
import { planShadow } from './shadow.js';
import { encodedSource, sourceOf } from './sources.js';
import type { AssetSource, IllustrationNode, ImageAiOps, ImageNode } from './types.js';

/** Masks as CSS: the round family through border-radius, the polygons through clip-path. */
const MASK_RADIUS: Record<string, string> = {
  circle: '50%',
  squircle: '30%',
  blob: '60% 40% 30% 70% / 60% 30% 70% 40%',
  window: '50% 50% 0 0 / 35% 35% 0 0',
};
const MASK_PATH: Record<string, string> = {
  pentagon: 'polygon(50% 0%, 100% 38%, 81% 100%, 19% 100%, 0% 38%)',
  hexagon: 'polygon(25% 0%, 75% 0%, 100% 50%, 75% 100%, 25% 100%, 0% 50%)',
  parallelogram: 'polygon(20% 0%, 100% 0%, 80% 100%, 0% 100%)',
};
const OVERLAY_DIRECTION: Record<string, string> = { horizontal: 'to right', vertical: 'to bottom', diagonal: 'to bottom right' };

/** What every picture node takes from its layer, whatever its type. */
function picture(ctx: LayerContext<'image' | 'logo' | 'video'>) {
  const p = ctx.props;
  return { name: ctx.name, box: ctx.box, opacity: p.opacity / 100, rotation: p.rotation, shadow: planShadow(p, 'drop') };
}

/** The image-only features, off: a logo's and a video frame box's. */
const NO_IMAGE_FEATURES = { stroke: null, clip: { radius: null, path: null }, filter: null, maskSkewY: 0, overlay: null } as const;

export function planImage(ctx: LayerContext<'image'>): ImageNode {
  const p = ctx.props;
  // text_to_image draws the layer's image: its own source is not fetched.
  const source: AssetSource | null = ctx.override.text_to_image === true ? { kind: 'generated' } : imageSource(ctx.override, p.image_url);
  const strokeColor = solidPaint(p.stroke_color);
  const mask = p.mask_name;
  const c1 = solidPaint(p.overlay_color_1);
  const c2 = solidPaint(p.overlay_color_2) ?? c1;
  return {
    kind: 'image',
    ...picture(ctx),
    ref: source === null ? null : ctx.addAsset('image', source),
    fit: p.fitting_type === 'fill' ? 'contain' : 'cover',
    position: objectPosition(p.alignment),
    offset: { x: ctx.scale.length(p.position_offset_x), y: ctx.scale.length(p.position_offset_y) },
    zoom: p.zoom / 100,
    stroke: p.stroke_width > 0 && strokeColor !== null ? { width: ctx.scale.length(p.stroke_width), color: strokeColor } : null,
    clip: {
      radius:
        mask === null
          ? null
          : mask === 'rounded_corners'
            ? radiusCss(p.mask_properties?.radius ?? 24, ctx.scale)
            : (MASK_RADIUS[mask] ?? null),
      path: mask === null ? null : (MASK_PATH[mask] ?? null),
    },
    filter: planFilter(p),
    maskSkewY: p.mask_properties?.skew_y ?? 0,
    overlay:
      c1 !== null && p.overlay_direction !== null ? `linear-gradient(${OVERLAY_DIRECTION[p.overlay_direction]}, ${c1}, ${c2})` : null,
    ...requestedOps(ctx),
  };
}

/** A logo is always contained (design model); it has no image-only features but a corner radius. */
export function planLogo(ctx: LayerContext<'logo'>): ImageNode {
  const p = ctx.props;
  const source = imageSource(ctx.override, p.image_url);
  return {
    kind: 'logo',
    ...picture(ctx),
    ref: source === null ? null : ctx.addAsset('image', source),
    fit: 'contain',
    position: objectPosition(p.alignment),
    offset: { x: ctx.scale.length(p.position_offset_x), y: ctx.scale.length(p.position_offset_y) },
    zoom: p.zoom / 100,
    ...NO_IMAGE_FEATURES,
    // `radius` rounds the logo's box, which clips the picture (Abyssale's logo page documents it).
    clip: { radius: radiusIsZero(p.border_radius) ? null : radiusCss(p.border_radius, ctx.scale), path: null },
    ai: null,
    focus: null,
  };
}

/**
 * An animated frame's video layer: an empty image box the frame renderer fills with the video's
 * frame of each moment (docs/animation.md). A video has no alignment: the frame sits at the top left.
 */
export function planVideoBox(ctx: LayerContext<'video'>): ImageNode {
  return {
    kind: 'image',
    ...picture(ctx),
    ref: null,
    fit: ctx.props.fitting_type === 'fill' ? 'contain' : 'cover',
    position: objectPosition('top left'),
    offset: { x: 0, y: 0 },
    zoom: 1,
    ...NO_IMAGE_FEATURES,
    ...requestedOps(ctx),
  };
}

function requestedOps(ctx: LayerContext<'image' | 'video'>): Pick<ImageNode, 'ai' | 'focus'> {
  const o = ctx.override;
  return {
    ai: planAiOps(o, ctx.box.width / Math.max(1, ctx.box.height)),
    focus: o.auto_focus === true ? { ...o.auto_focus_properties } : null,
  };
}

function planFilter(p: LayerInput<'image'>): ImageNode['filter'] {
  if (p.filter_name === 'grayscale') return { kind: 'grayscale' };
  if (p.filter_name !== 'duotone') return null;
  const [dark, light] = duotonePalette(p.filter_properties?.name);
  return { kind: 'duotone', dark, light };
}

/**
 * The AI operations the request asks for on this image, with their settings; null when none.
 * `aspect` is the layer box's width / height: the shape text_to_image draws when no ratio is sent,
 * and the shape expand grows the image to.
 */
function planAiOps(override: LayerOverride, aspect: number): ImageAiOps | null {
  const t2i = override.text_to_image_properties;
  const textToImage =
    override.text_to_image === true && t2i !== undefined
      ? {
          prompt: t2i.prompt,
          model: t2i.model ?? DEFAULT_TEXT_TO_IMAGE_MODEL,
          ratio: (t2i.ratio === undefined ? null : parseRatio(t2i.ratio)) ?? aspect,
          quality: t2i.quality ?? null,
          inpaintImages: t2i.inpaint_images ?? [],
        }
      : null;
  const expand = override.expand === true ? { model: override.expand_properties?.model ?? null, aspect } : null;
  const removeBg = override.remove_bg === true ? { crop: override.remove_bg_properties?.remove_bg_crop === true } : null;
  const upscale = override.upscale === true ? { factor: override.upscale_properties?.upscale_factor ?? DEFAULT_UPSCALE_FACTOR } : null;
  return textToImage || expand || removeBg || upscale ? { textToImage, expand, removeBg, upscale } : null;
}

/** `image_url` sent in the request wins over `image_encoded`, which wins over the design's image. */
function imageSource(o: LayerOverride, own: string | null): AssetSource | null {
  if (o.image_url !== undefined) return sourceOf(o.image_url);
  if (o.image_encoded !== undefined) return encodedSource(o.image_encoded);
  return sourceOf(own);
}

export function planIllustration(ctx: LayerContext<'illustration'>): IllustrationNode {
  const p = ctx.props;
  const type = p.illustration_type;
  const source = illustrationSource(type, p.illustration_file);
  if (source === null && p.illustration_file.trim() !== '') {
    // Not drawn empty: a file that names nothing we can draw is refused, naming the layer.
    throw new RenderRefusedError(
      type === 'custom'
        ? `illustration ${ctx.name}: "${p.illustration_file}" is not a source (asset:, http(s) or data: URL); a drawing of a library needs its illustration_type`
        : `illustration ${ctx.name}: "${p.illustration_file}" is not a name of the ${type} library`,
      ctx.name,
    );
  }
  const recolor = solidPaint(p.illustration_properties.primary_color);
  if (recolor !== null && source?.kind === 'library' && !ILLUSTRATION_LIBRARIES[source.library].recolorable) {
    // A request's primary_color reaches here past validation: refused, never ignored.
    throw new RenderRefusedError(
      `illustration ${ctx.name}: ${source.library} drawings are multicoloured; primary_color cannot recolour them`,
      ctx.name,
    );
  }
  return {
    kind: 'illustration',
    name: ctx.name,
    box: ctx.box,
    opacity: p.opacity / 100,
    rotation: p.rotation,
    shadow: planShadow(p, 'drop'),
    ref: source === null ? null : ctx.addAsset('illustration', source),
    recolor,
    position: objectPosition(p.alignment),
  };
}

/**
 * `illustration_file` is a source (asset, URL, data URL) on `custom` illustrations; on a library's
 * `illustration_type` it names one of its drawings, unless it is itself a source.
 */
function illustrationSource(type: IllustrationType, file: string): AssetSource | null {
  const given = sourceOf(file);
  if (given !== null || type === 'custom') return given;
  const name = illustrationFile(type, file);
  // The file's own name is the drawing's canonical name (`arrow-right`, `outlined/home`, `1f389`).
  return name === null ? null : { kind: 'library', library: type, name: name.replace(/\.svg$/, '').replace(/^filled\//, '') };
}
