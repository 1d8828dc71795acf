import type { AutoFocusSettings, EncodedImage, LayerInput, TextToImageProperties, UpscaleProperties } from '@pressroom/model';
import {
  DEFAULT_TEXT_TO_IMAGE_MODEL,
  DEFAULT_UPSCALE_FACTOR,
  ILLUSTRATION_LIBRARIES,
  type IllustrationType,
  illustrationFile,
  parseRatio,
  RenderRefusedError,
} from '@pressroom/model';
import { objectPosition } from './alignment.js';
import { type LayerContext, num, radiusCss, str } from './context.js';
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

export function planImage(ctx: LayerContext<'image' | 'logo' | 'video'>, kind: 'image' | 'logo'): ImageNode {
  // A logo, and a video's frame box, take the image's properties they have.
  const p: Partial<LayerInput<'image'>> = ctx.props;
  // text_to_image draws the layer's image: its own source is not fetched.
  const source: AssetSource | null = kind === 'image' && ctx.override.text_to_image === true ? { kind: 'generated' } : imageSource(ctx);
  const strokeWidth = num(p.stroke_width);
  const strokeColor = solidPaint(p.stroke_color);
  const mask = str(p.mask_name);
  const maskProps = (p.mask_properties ?? {}) as { radius?: unknown; skew_y?: unknown };
  const c1 = solidPaint(p.overlay_color_1);
  const c2 = solidPaint(p.overlay_color_2) ?? c1;
  const direction = OVERLAY_DIRECTION[str(p.overlay_direction)];
  return {
    kind,
    name: ctx.name,
    box: ctx.box,
    opacity: num(p.opacity) / 100,
    rotation: num(p.rotation),
    shadow: planShadow(p, 'drop'),
    ref: source === null ? null : ctx.addAsset('image', source),
    // A logo is always contained (design model); `fill` means the whole image shows.
    fit: kind === 'logo' || p.fitting_type === 'fill' ? 'contain' : 'cover',
    position: objectPosition(str(p.alignment)),
    offset: { x: ctx.scale.length(num(p.position_offset_x)), y: ctx.scale.length(num(p.position_offset_y)) },
    zoom: num(p.zoom, 100) / 100,
    stroke:
      kind === 'image' && strokeWidth > 0 && strokeColor !== null ? { width: ctx.scale.length(strokeWidth), color: strokeColor } : null,
    clip: {
      radius: mask === 'rounded_corners' ? radiusCss(maskProps.radius ?? 24, ctx.scale) : (MASK_RADIUS[mask] ?? null),
      path: MASK_PATH[mask] ?? null,
    },
    filter: planFilter(p),
    maskSkewY: kind === 'image' ? num(maskProps.skew_y) : 0,
    overlay: c1 !== null && direction !== undefined ? `linear-gradient(${direction}, ${c1}, ${c2})` : null,
    ai: kind === 'image' ? planAiOps(ctx.override, ctx.box.width / Math.max(1, ctx.box.height)) : null,
    focus:
      kind === 'image' && ctx.override.auto_focus === true
        ? { ...(ctx.override.auto_focus_properties as AutoFocusSettings | undefined) }
        : null,
  };
}

function planFilter(p: Record<string, unknown>): ImageNode['filter'] {
  if (p.filter_name === 'grayscale') return { kind: 'grayscale' };
  if (p.filter_name !== 'duotone') return null;
  const [dark, light] = duotonePalette((p.filter_properties as { name?: unknown } | undefined)?.name);
  return { kind: 'duotone', dark, light };
}

/**
 * The AI operations the request asks for on this image, with their settings; null when none.
 * `aspect` is the layer box's width / height: the shape text_to_image draws when no ratio is sent,
 * and the shape expand grows the image to.
 */
function planAiOps(override: Record<string, unknown>, aspect: number): ImageAiOps | null {
  const t2i = override.text_to_image_properties as TextToImageProperties | undefined;
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
  const expand =
    override.expand === true ? { model: (override.expand_properties as { model?: string } | undefined)?.model ?? null, aspect } : null;
  const removeBg =
    override.remove_bg === true
      ? { crop: (override.remove_bg_properties as { remove_bg_crop?: boolean } | undefined)?.remove_bg_crop === true }
      : null;
  const upscale =
    override.upscale === true
      ? { factor: (override.upscale_properties as UpscaleProperties | undefined)?.upscale_factor ?? DEFAULT_UPSCALE_FACTOR }
      : null;
  return textToImage || expand || removeBg || upscale ? { textToImage, expand, removeBg, upscale } : null;
}

/** `image_url` sent in the request wins over `image_encoded`, which wins over the design's image. */
function imageSource(ctx: LayerContext<'image' | 'logo' | 'video'>): AssetSource | null {
  const o = ctx.override;
  if (typeof o.image_url === 'string') return sourceOf(o.image_url);
  if (o.image_encoded && typeof o.image_encoded === 'object') return encodedSource(o.image_encoded as EncodedImage);
  const p: Partial<LayerInput<'image'>> = ctx.props;
  return sourceOf(p.image_url);
}

export function planIllustration(ctx: LayerContext<'illustration'>): IllustrationNode {
  const p = ctx.props;
  const type = (p.illustration_type ?? 'custom') as IllustrationType;
  const source = illustrationSource(type, p.illustration_file);
  if (source === null && typeof p.illustration_file === 'string' && p.illustration_file.trim() !== '') {
    // Not drawn empty: a file that names nothing we can draw is refused, naming the layer.
    throw new RenderRefusedError(
      type === 'custom'
        ? `illustration ${ctx.name}: "${p.illustration_file}" is not a source (asset:, http(s) or data: URL); a drawing of a library needs its illustration_type`
        : `illustration ${ctx.name}: "${p.illustration_file}" is not a name of the ${type} library`,
      ctx.name,
    );
  }
  const props = (p.illustration_properties ?? {}) as { primary_color?: unknown };
  const recolor = solidPaint(props.primary_color);
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
    opacity: num(p.opacity) / 100,
    rotation: num(p.rotation),
    shadow: planShadow(p, 'drop'),
    ref: source === null ? null : ctx.addAsset('illustration', source),
    recolor,
    position: objectPosition(str(p.alignment)),
  };
}

/**
 * `illustration_file` is a source (asset, URL, data URL) on `custom` illustrations; on a library's
 * `illustration_type` it names one of its drawings, unless it is itself a source.
 */
function illustrationSource(type: IllustrationType, file: unknown): AssetSource | null {
  const given = sourceOf(file);
  if (given !== null || type === 'custom' || typeof file !== 'string') return given;
  const name = illustrationFile(type, file);
  // The file's own name is the drawing's canonical name (`arrow-right`, `outlined/home`, `1f389`).
  return name === null ? null : { kind: 'library', library: type, name: name.replace(/\.svg$/, '').replace(/^filled\//, '') };
}
