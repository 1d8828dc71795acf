import type { AutoFocusSettings } from '@pressroom/model';
import sharp from 'sharp';
import { chooseSubject, wantedLabels } from '../ai/detections.js';
import type { ObjectDetector } from '../ai/detector.js';
import '../encode/encode-image.js'; // turns libvips' operation cache off for this process too

/** A configured detector and the labels it knows (docs/ai.md). */
export interface FocusDetector {
  detect: ObjectDetector;
  labels: readonly string[];
}

/**
 * auto_focus without an object detector: sharp's saliency strategies find the subject, and the
 * settings decide the strategy, the zoom and the horizontal anchor (docs/ai.md).
 */
export interface FocusPlan {
  /** `attention` favours skin tones, saturation and luminance detail; `entropy` the busiest region. */
  strategy: 'attention' | 'entropy';
  /** How much tighter than the widest crop of the box's aspect: 1 keeps it all. */
  zoom: number;
  /** Where the crop sits horizontally: found by the strategy, or pinned. */
  horizontal: 'strategy' | 'left' | 'middle' | 'right';
}

export const FOCUS_ZOOM_FACTORS = { off: 1, low: 1.25, medium: 1.5, max: 2 } as const;
/** Without focus_zoom, the framing sets the zoom: the tighter the framing, the closer the crop. */
export const FRAMING_ZOOM_FACTORS = { face: 2, head: 1.5, shoulders: 1.25, full_body: 1 } as const;

export function planFocus(settings: AutoFocusSettings): FocusPlan {
  const strategy = settings.model === 'generic' ? 'entropy' : 'attention';
  const target = settings.focus_target;
  const zoom =
    target === 'all'
      ? 1
      : settings.focus_zoom !== undefined
        ? FOCUS_ZOOM_FACTORS[settings.focus_zoom]
        : settings.focus_framing !== undefined
          ? FRAMING_ZOOM_FACTORS[settings.focus_framing]
          : 1;
  const horizontal = target === 'left' || target === 'middle' || target === 'right' ? target : 'strategy';
  return { strategy, zoom, horizontal };
}

export interface Size {
  width: number;
  height: number;
}

export interface Window {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The window of the source to show: the widest region of the box's aspect, divided by the zoom. */
export function windowSize(source: Size, box: Size, zoom: number): Size {
  const aspect = box.width / box.height;
  const wide = source.width / source.height > aspect;
  const width = wide ? source.height * aspect : source.width;
  const height = wide ? source.height : source.width / aspect;
  return {
    width: Math.max(1, Math.min(source.width, Math.round(width / zoom))),
    height: Math.max(1, Math.min(source.height, Math.round(height / zoom))),
  };
}

/** A window of `size` centred on `centre` as far as the source allows. */
export function placeWindow(source: Size, size: Size, centre: { x: number; y: number }): Window {
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));
  return {
    left: clamp(centre.x - size.width / 2, source.width - size.width),
    top: clamp(centre.y - size.height / 2, source.height - size.height),
    width: size.width,
    height: size.height,
  };
}

/**
 * The image cropped to the box's aspect around its subject and sized to the box, as PNG. With no
 * zoom and no pinned side this is sharp's own cover crop with the strategy.
 */
export async function focusCrop(
  bytes: Buffer,
  box: Size,
  settings: AutoFocusSettings,
  detector: FocusDetector | null = null,
): Promise<Buffer> {
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  const plan = planFocus(settings);
  const wanted = detector ? wantedLabels(settings, detector.labels) : [];
  if (detector && wanted.length > 0) {
    const detected = await detectedCrop(bytes, { width, height }, settings, plan, detector, wanted);
    if (detected) return detected;
  }
  const position = sharp.strategy[plan.strategy];
  if (plan.zoom === 1 && plan.horizontal === 'strategy') {
    return sharp(bytes).resize(width, height, { fit: 'cover', position }).png().toBuffer();
  }
  const oriented = await sharp(bytes).rotate().png().toBuffer({ resolveWithObject: true });
  const source = { width: oriented.info.width, height: oriented.info.height };
  const size = windowSize(source, { width, height }, plan.zoom);
  // The strategy picks the best column of the window's width, then the best row of its height.
  const column = await strategyOffset(oriented.data, { width: size.width, height: source.height }, position, 'left');
  const row = await strategyOffset(oriented.data, { width: source.width, height: size.height }, position, 'top');
  const x = {
    strategy: column + size.width / 2,
    left: size.width / 2,
    middle: source.width / 2,
    right: source.width - size.width / 2,
  }[plan.horizontal];
  const window = placeWindow(source, size, { x, y: row + size.height / 2 });
  return sharp(oriented.data).extract(window).resize(width, height, { fit: 'fill' }).png().toBuffer();
}

/**
 * With a detector: the window of the zoom's size centred on the subject that focus_target picks
 * among the wanted objects (`all`: the box around them, at no zoom). Null when none was found:
 * the saliency strategy decides, as without a detector.
 */
async function detectedCrop(
  bytes: Buffer,
  box: Size,
  settings: AutoFocusSettings,
  plan: FocusPlan,
  detector: FocusDetector,
  wanted: readonly string[],
): Promise<Buffer | null> {
  const oriented = await sharp(bytes).rotate().png().toBuffer({ resolveWithObject: true });
  const source = { width: oriented.info.width, height: oriented.info.height };
  const subject = chooseSubject(await detector.detect(oriented.data), wanted, settings.focus_target, source.width);
  if (!subject) return null;
  const size = windowSize(source, box, plan.zoom);
  const window = placeWindow(source, size, { x: subject.x + subject.width / 2, y: subject.y + subject.height / 2 });
  return sharp(oriented.data).extract(window).resize(box.width, box.height, { fit: 'fill' }).png().toBuffer();
}

/** Where the strategy places a crop of `strip` (one side equal to the source's): no scaling happens. */
async function strategyOffset(bytes: Buffer, strip: Size, position: number, side: 'left' | 'top'): Promise<number> {
  const { info } = await sharp(bytes).resize(strip.width, strip.height, { fit: 'cover', position }).toBuffer({ resolveWithObject: true });
  const offset = side === 'left' ? info.cropOffsetLeft : info.cropOffsetTop;
  return Math.abs(offset ?? 0);
}
