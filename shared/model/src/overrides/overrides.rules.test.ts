import { describe, expect, it } from 'vitest';
import type { OverrideContext } from './context.js';
import { parseOverrides } from './parse.js';

const STATIC_SYNC: OverrideContext = { designType: 'static', mode: 'sync' };
const STATIC_ASYNC: OverrideContext = { designType: 'static', mode: 'async' };
const ANIMATED_ASYNC: OverrideContext = { designType: 'animated', mode: 'async' };
const PRINT_ASYNC: OverrideContext = { designType: 'printer', mode: 'async' };
const MULTIPAGE_ASYNC: OverrideContext = { designType: 'printer_multipage', mode: 'async' };

const TEXT = Buffer.from('hello world, not an image').toString('base64');
const GRADIENT = 'linear-gradient(0% 0% 100% 0%,0% #1a47ff 1,100% #b65151 1)';
const RADIAL = 'radial-gradient(50% 50% 71%,0% cmyk(0,0,0,0) 1,100% cmyk(0,100,100,0) 1)';
const TRANSLUCENT_GRADIENT = 'linear-gradient(0% 0% 100% 0%,0% #1a47ff 0.5,100% #b65151 1)';

interface Refused {
  rule: string;
  ctx?: OverrideContext;
  /** The layer's properties (placed under elements.L), or a whole elements object with `whole`. */
  props?: Record<string, unknown>;
  whole?: unknown;
  id: string;
  path: string;
  expected?: unknown;
  received?: unknown;
}

const refused: Refused[] = [
  // Element, common to every layer
  { rule: 'hidden is a boolean', props: { hidden: 'yes' }, id: 'invalid_payload', path: 'elements.L.hidden' },
  { rule: 'shadow_color: grammar', props: { shadow_color: 'blue' }, id: 'invalid_payload', path: 'elements.L.shadow_color' },
  { rule: 'shadow_color: no gradient', props: { shadow_color: GRADIENT }, id: 'invalid_payload', path: 'elements.L.shadow_color' },
  {
    rule: 'shadow_blur min 0',
    props: { shadow_blur: -1 },
    id: 'out_of_range',
    path: 'elements.L.shadow_blur',
    expected: { min: 0 },
    received: -1,
  },
  { rule: 'shadow_blur is a number', props: { shadow_blur: '3' }, id: 'invalid_payload', path: 'elements.L.shadow_blur' },
  {
    rule: 'shadow_offset_x max 200',
    props: { shadow_offset_x: 201 },
    id: 'out_of_range',
    path: 'elements.L.shadow_offset_x',
    expected: { min: -200, max: 200 },
    received: 201,
  },
  {
    rule: 'shadow_offset_x min -200',
    props: { shadow_offset_x: -200.5 },
    id: 'out_of_range',
    path: 'elements.L.shadow_offset_x',
    expected: { min: -200, max: 200 },
    received: -200.5,
  },
  {
    rule: 'shadow_offset_y max 200',
    props: { shadow_offset_y: 1000 },
    id: 'out_of_range',
    path: 'elements.L.shadow_offset_y',
    expected: { min: -200, max: 200 },
    received: 1000,
  },
  {
    rule: 'shadow_offset_y min -200',
    props: { shadow_offset_y: -201 },
    id: 'out_of_range',
    path: 'elements.L.shadow_offset_y',
    expected: { min: -200, max: 200 },
    received: -201,
  },
  // Button label shadow
  {
    rule: 'text_shadow_color: no gradient',
    props: { text_shadow_color: GRADIENT },
    id: 'invalid_payload',
    path: 'elements.L.text_shadow_color',
  },
  {
    rule: 'text_shadow_blur min 0',
    props: { text_shadow_blur: -0.1 },
    id: 'out_of_range',
    path: 'elements.L.text_shadow_blur',
    expected: { min: 0 },
    received: -0.1,
  },
  {
    rule: 'text_shadow_offset_x range',
    props: { text_shadow_offset_x: 250 },
    id: 'out_of_range',
    path: 'elements.L.text_shadow_offset_x',
    expected: { min: -200, max: 200 },
    received: 250,
  },
  {
    rule: 'text_shadow_offset_y range',
    props: { text_shadow_offset_y: -250 },
    id: 'out_of_range',
    path: 'elements.L.text_shadow_offset_y',
    expected: { min: -200, max: 200 },
    received: -250,
  },
  // Root
  {
    rule: 'root background_color: grammar',
    whole: { root: { background_color: '#12' } },
    id: 'invalid_payload',
    path: 'elements.root.background_color',
  },
  {
    rule: 'root background gradient refused on printer',
    ctx: PRINT_ASYNC,
    whole: { root: { background_color: GRADIENT } },
    id: 'invalid_payload',
    path: 'elements.root.background_color',
  },
  {
    rule: 'root background gradient refused on printer_multipage',
    ctx: MULTIPAGE_ASYNC,
    whole: { root: { background_color: RADIAL } },
    id: 'invalid_payload',
    path: 'elements.root.background_color',
  },
  // Text
  {
    rule: 'payload min length 1',
    props: { payload: '' },
    id: 'out_of_range',
    path: 'elements.L.payload',
    expected: { min: 1, max: 10000 },
    received: 0,
  },
  {
    rule: 'payload max length 10000',
    props: { payload: 'x'.repeat(10001) },
    id: 'out_of_range',
    path: 'elements.L.payload',
    expected: { min: 1, max: 10000 },
    received: 10001,
  },
  { rule: 'payload is a string', props: { payload: 12 }, id: 'invalid_payload', path: 'elements.L.payload' },
  { rule: 'color: grammar', props: { color: 'cmyk(101,0,0,0)' }, id: 'invalid_payload', path: 'elements.L.color' },
  {
    rule: 'color: gradient refused on printer',
    ctx: PRINT_ASYNC,
    props: { color: GRADIENT },
    id: 'invalid_payload',
    path: 'elements.L.color',
  },
  {
    rule: 'color: gradient refused on printer_multipage',
    ctx: MULTIPAGE_ASYNC,
    props: { color: RADIAL },
    id: 'invalid_payload',
    path: 'elements.L.color',
  },
  {
    rule: 'background_color: grammar',
    props: { background_color: 'linear-gradient(0% 0% 100% 0%, 0% #000 1,100% #fff 1)' },
    id: 'invalid_payload',
    path: 'elements.L.background_color',
  },
  {
    rule: 'background_color: print gradient stops opaque',
    ctx: PRINT_ASYNC,
    props: { background_color: TRANSLUCENT_GRADIENT },
    id: 'invalid_payload',
    path: 'elements.L.background_color',
  },
  {
    rule: 'background_padding: shape',
    props: { background_padding: '10 20 30' },
    id: 'invalid_payload',
    path: 'elements.L.background_padding',
  },
  {
    rule: 'background_padding: not an object',
    props: { background_padding: { v: 1 } },
    id: 'invalid_payload',
    path: 'elements.L.background_padding',
  },
  {
    rule: 'background_padding: not negative',
    props: { background_padding: -4 },
    id: 'out_of_range',
    path: 'elements.L.background_padding',
    expected: { min: 0 },
    received: -4,
  },
  {
    rule: 'font_size min 1',
    props: { font_size: 0.5 },
    id: 'out_of_range',
    path: 'elements.L.font_size',
    expected: { min: 1 },
    received: 0.5,
  },
  { rule: 'font is a uuid', props: { font: 'Roboto' }, id: 'invalid_payload', path: 'elements.L.font' },
  { rule: 'font_weight in nine values', props: { font_weight: 450 }, id: 'invalid_payload', path: 'elements.L.font_weight' },
  { rule: 'font_weight is a number', props: { font_weight: '400' }, id: 'invalid_payload', path: 'elements.L.font_weight' },
  {
    rule: 'line_height min 1',
    props: { line_height: 0 },
    id: 'out_of_range',
    path: 'elements.L.line_height',
    expected: { min: 1 },
    received: 0,
  },
  {
    rule: 'skew_y max 20',
    props: { skew_y: 21 },
    id: 'out_of_range',
    path: 'elements.L.skew_y',
    expected: { min: -20, max: 20 },
    received: 21,
  },
  {
    rule: 'skew_y min -20',
    props: { skew_y: -20.01 },
    id: 'out_of_range',
    path: 'elements.L.skew_y',
    expected: { min: -20, max: 20 },
    received: -20.01,
  },
  { rule: 'alignment enum', props: { alignment: 'centre' }, id: 'invalid_payload', path: 'elements.L.alignment' },
  { rule: 'alignment enum is exact', props: { alignment: 'Top Left' }, id: 'invalid_payload', path: 'elements.L.alignment' },
  {
    rule: 'stroke_width above 60 for any layer',
    props: { stroke_width: 61 },
    id: 'out_of_range',
    path: 'elements.L.stroke_width',
    expected: { min: 0, max: 60 },
    received: 61,
  },
  {
    rule: 'stroke_width min 0',
    props: { stroke_width: -1 },
    id: 'out_of_range',
    path: 'elements.L.stroke_width',
    expected: { min: 0, max: 60 },
    received: -1,
  },
  { rule: 'stroke_color: no gradient', props: { stroke_color: GRADIENT }, id: 'invalid_payload', path: 'elements.L.stroke_color' },
  { rule: 'text_transform enum', props: { text_transform: 'upper' }, id: 'invalid_payload', path: 'elements.L.text_transform' },
  {
    rule: 'auto_resize is a boolean',
    props: { auto_resize: 'true', min_font_size: 4 },
    id: 'invalid_payload',
    path: 'elements.L.auto_resize',
  },
  { rule: 'auto_resize true needs min_font_size', props: { auto_resize: true }, id: 'missing_required', path: 'elements.L.min_font_size' },
  {
    rule: 'min_font_size min 0',
    props: { min_font_size: -1 },
    id: 'out_of_range',
    path: 'elements.L.min_font_size',
    expected: { min: 0 },
    received: -1,
  },
  { rule: 'max_lines min 1', props: { max_lines: 0 }, id: 'out_of_range', path: 'elements.L.max_lines', expected: { min: 1 }, received: 0 },
  { rule: 'text_harmony is a boolean', props: { text_harmony: 1 }, id: 'invalid_payload', path: 'elements.L.text_harmony' },
  { rule: 'text_truncation is a boolean', props: { text_truncation: 'no' }, id: 'invalid_payload', path: 'elements.L.text_truncation' },
  { rule: 'side_border enum', props: { side_border: 'all' }, id: 'invalid_payload', path: 'elements.L.side_border' },
  {
    rule: 'side_border_thickness min 0',
    props: { side_border_thickness: -2 },
    id: 'out_of_range',
    path: 'elements.L.side_border_thickness',
    expected: { min: 0 },
    received: -2,
  },
  {
    rule: 'side_border_color: no gradient',
    props: { side_border_color: RADIAL },
    id: 'invalid_payload',
    path: 'elements.L.side_border_color',
  },
  {
    rule: 'side_border_rounded is a boolean',
    props: { side_border_rounded: 'yes' },
    id: 'invalid_payload',
    path: 'elements.L.side_border_rounded',
  },
  {
    rule: 'side_border_padding min 0',
    props: { side_border_padding: -1 },
    id: 'out_of_range',
    path: 'elements.L.side_border_padding',
    expected: { min: 0 },
    received: -1,
  },
  {
    rule: 'side_border_offset is a number',
    props: { side_border_offset: '2' },
    id: 'invalid_payload',
    path: 'elements.L.side_border_offset',
  },
  {
    rule: 'side_border_spread min 0',
    props: { side_border_spread: -3 },
    id: 'out_of_range',
    path: 'elements.L.side_border_spread',
    expected: { min: 0 },
    received: -3,
  },
  // Button
  { rule: 'text_align enum', props: { text_align: 'justify' }, id: 'invalid_payload', path: 'elements.L.text_align' },
  { rule: 'icon_url http(s)', props: { icon_url: 'ftp://x.y/icon.svg' }, id: 'invalid_payload', path: 'elements.L.icon_url' },
  { rule: 'icon_url is a URL', props: { icon_url: 'not a url' }, id: 'invalid_payload', path: 'elements.L.icon_url' },
  { rule: 'icon_color: no gradient', props: { icon_color: GRADIENT }, id: 'invalid_payload', path: 'elements.L.icon_color' },
  { rule: 'icon_encoded: non-image base64', props: { icon_encoded: TEXT }, id: 'invalid_payload', path: 'elements.L.icon_encoded' },
  { rule: 'icon_encoded: not base64', props: { icon_encoded: 'not base64!' }, id: 'invalid_payload', path: 'elements.L.icon_encoded' },
  {
    rule: 'icon_encoded: data URI of non-image type',
    props: { icon_encoded: `data:text/plain;base64,${TEXT}` },
    id: 'invalid_payload',
    path: 'elements.L.icon_encoded',
  },
  {
    rule: 'icon_encoded: data:image URI with non-image body',
    props: { icon_encoded: `data:image/png;base64,${TEXT}` },
    id: 'invalid_payload',
    path: 'elements.L.icon_encoded',
  },
  // Image
  { rule: 'image_url http(s)', props: { image_url: 'file:///etc/passwd' }, id: 'invalid_payload', path: 'elements.L.image_url' },
  { rule: 'image_encoded base64 image', props: { image_encoded: TEXT }, id: 'invalid_payload', path: 'elements.L.image_encoded' },
  {
    rule: 'opacity 0–100',
    props: { opacity: 101 },
    id: 'out_of_range',
    path: 'elements.L.opacity',
    expected: { min: 0, max: 100 },
    received: 101,
  },
  { rule: 'fitting_type enum', props: { fitting_type: 'contain' }, id: 'invalid_payload', path: 'elements.L.fitting_type' },
  { rule: 'mask_name enum', props: { mask_name: 'star' }, id: 'invalid_payload', path: 'elements.L.mask_name' },
  {
    rule: 'mask_properties.radius min 0',
    props: { mask_properties: { radius: -1 } },
    id: 'out_of_range',
    path: 'elements.L.mask_properties.radius',
    expected: { min: 0 },
    received: -1,
  },
  {
    rule: 'mask_properties.radius corner min 0',
    props: { mask_properties: { radius: { br: -5 } } },
    id: 'out_of_range',
    path: 'elements.L.mask_properties.radius.br',
    expected: { min: 0 },
    received: -5,
  },
  {
    rule: 'mask_properties.skew_y ±22',
    props: { mask_properties: { skew_y: 23 } },
    id: 'out_of_range',
    path: 'elements.L.mask_properties.skew_y',
    expected: { min: -22, max: 22 },
    received: 23,
  },
  { rule: 'mask_properties is an object', props: { mask_properties: 'round' }, id: 'invalid_payload', path: 'elements.L.mask_properties' },
  { rule: 'filter_name enum', props: { filter_name: 'sepia' }, id: 'invalid_payload', path: 'elements.L.filter_name' },
  {
    rule: 'filter_properties.name enum',
    props: { filter_properties: { name: 'pink' } },
    id: 'invalid_payload',
    path: 'elements.L.filter_properties.name',
  },
  { rule: 'overlay_direction enum', props: { overlay_direction: 'radial' }, id: 'invalid_payload', path: 'elements.L.overlay_direction' },
  { rule: 'overlay_color_1: no gradient', props: { overlay_color_1: GRADIENT }, id: 'invalid_payload', path: 'elements.L.overlay_color_1' },
  { rule: 'overlay_color_2: grammar', props: { overlay_color_2: '#1234567' }, id: 'invalid_payload', path: 'elements.L.overlay_color_2' },
  { rule: 'remove_bg is a boolean', props: { remove_bg: 'on' }, id: 'invalid_payload', path: 'elements.L.remove_bg' },
  {
    rule: 'remove_bg_properties.model enum',
    ctx: STATIC_ASYNC,
    props: { remove_bg_properties: { model: 'magic' } },
    id: 'invalid_payload',
    path: 'elements.L.remove_bg_properties.model',
  },
  {
    rule: 'remove_bg_properties.remove_bg_crop boolean',
    props: { remove_bg_properties: { remove_bg_crop: 'y' } },
    id: 'invalid_payload',
    path: 'elements.L.remove_bg_properties.remove_bg_crop',
  },
  { rule: 'auto_focus is a boolean', props: { auto_focus: 1 }, id: 'invalid_payload', path: 'elements.L.auto_focus' },
  { rule: 'auto_focus_model enum', props: { auto_focus_model: 'cars' }, id: 'invalid_payload', path: 'elements.L.auto_focus_model' },
  {
    rule: 'focus_objects array of strings',
    props: { focus_objects: ['Cat', 3] },
    id: 'invalid_payload',
    path: 'elements.L.focus_objects[1]',
  },
  { rule: 'focus_framing enum', props: { focus_framing: 'torso' }, id: 'invalid_payload', path: 'elements.L.focus_framing' },
  { rule: 'focus_zoom enum', props: { focus_zoom: true }, id: 'invalid_payload', path: 'elements.L.focus_zoom' },
  { rule: 'focus_target enum', props: { focus_target: 'first' }, id: 'invalid_payload', path: 'elements.L.focus_target' },
  {
    rule: 'auto_focus_properties.model enum',
    props: { auto_focus_properties: { model: 'x' } },
    id: 'invalid_payload',
    path: 'elements.L.auto_focus_properties.model',
  },
  {
    rule: 'auto_focus_properties.focus_zoom enum',
    props: { auto_focus_properties: { focus_zoom: 'huge' } },
    id: 'invalid_payload',
    path: 'elements.L.auto_focus_properties.focus_zoom',
  },
  // Sync refusals
  { rule: 'sync: text_to_image refused', props: { text_to_image: true }, id: 'invalid_payload', path: 'elements.L.text_to_image' },
  { rule: 'sync: expand refused', props: { expand: true }, id: 'invalid_payload', path: 'elements.L.expand' },
  { rule: 'sync: upscale refused', props: { upscale: true }, id: 'invalid_payload', path: 'elements.L.upscale' },
  { rule: 'sync: bare string element refused', whole: { title: 'Hello' }, id: 'invalid_payload', path: 'elements.title' },
  // Async AI properties
  {
    rule: 'text_to_image boolean or prompt',
    ctx: STATIC_ASYNC,
    props: { text_to_image: 3 },
    id: 'invalid_payload',
    path: 'elements.L.text_to_image',
  },
  {
    rule: 'text_to_image true needs a prompt',
    ctx: STATIC_ASYNC,
    props: { text_to_image: true },
    id: 'missing_required',
    path: 'elements.L.text_to_image_properties.prompt',
  },
  {
    rule: 'text_to_image_properties.prompt required',
    ctx: STATIC_ASYNC,
    props: { text_to_image: true, text_to_image_properties: { model: 'flux-2-pro' } },
    id: 'missing_required',
    path: 'elements.L.text_to_image_properties.prompt',
  },
  {
    rule: 'prompt needs 3 words',
    ctx: STATIC_ASYNC,
    props: { text_to_image_properties: { prompt: 'a cat' } },
    id: 'invalid_payload',
    path: 'elements.L.text_to_image_properties.prompt',
  },
  {
    rule: 'prompt shorthand needs 3 words',
    ctx: STATIC_ASYNC,
    props: { text_to_image: 'cat' },
    id: 'invalid_payload',
    path: 'elements.L.text_to_image_properties.prompt',
  },
  {
    rule: 'text_to_image_properties.model enum',
    ctx: STATIC_ASYNC,
    props: { text_to_image_properties: { prompt: 'a b c', model: 'dall-e' } },
    id: 'invalid_payload',
    path: 'elements.L.text_to_image_properties.model',
  },
  {
    rule: 'inpaint_images max per model (nano-banana: 3)',
    ctx: STATIC_ASYNC,
    props: { text_to_image_properties: { prompt: 'a b c', model: 'nano-banana', inpaint_images: Array(4).fill('https://x.y/a.png') } },
    id: 'out_of_range',
    path: 'elements.L.text_to_image_properties.inpaint_images',
    expected: { min: 0, max: 3 },
    received: 4,
  },
  {
    rule: 'inpaint_images max for the default model (14)',
    ctx: STATIC_ASYNC,
    props: { text_to_image_properties: { prompt: 'a b c', inpaint_images: Array(15).fill('https://x.y/a.png') } },
    id: 'out_of_range',
    path: 'elements.L.text_to_image_properties.inpaint_images',
    expected: { min: 0, max: 14 },
    received: 15,
  },
  {
    rule: 'inpaint_images are http(s) URLs',
    ctx: STATIC_ASYNC,
    props: { text_to_image_properties: { prompt: 'a b c', inpaint_images: ['x'] } },
    id: 'invalid_payload',
    path: 'elements.L.text_to_image_properties.inpaint_images[0]',
  },
  { rule: 'expand is a boolean', ctx: STATIC_ASYNC, props: { expand: 'yes' }, id: 'invalid_payload', path: 'elements.L.expand' },
  {
    rule: 'expand_properties.model enum',
    ctx: STATIC_ASYNC,
    props: { expand_properties: { model: 'big' } },
    id: 'invalid_payload',
    path: 'elements.L.expand_properties.model',
  },
  { rule: 'upscale is a boolean', ctx: STATIC_ASYNC, props: { upscale: 2 }, id: 'invalid_payload', path: 'elements.L.upscale' },
  {
    rule: 'upscale_factor in 1,2,3,4',
    ctx: STATIC_ASYNC,
    props: { upscale_properties: { upscale_factor: 5 } },
    id: 'invalid_payload',
    path: 'elements.L.upscale_properties.upscale_factor',
  },
  {
    rule: 'upscale_factor per model',
    ctx: STATIC_ASYNC,
    props: { upscale_properties: { model: 'bria-increase-resolution', upscale_factor: 3 } },
    id: 'invalid_payload',
    path: 'elements.L.upscale_properties.upscale_factor',
  },
  {
    rule: 'upscale_properties.model enum',
    ctx: STATIC_ASYNC,
    props: { upscale_properties: { model: 'x' } },
    id: 'invalid_payload',
    path: 'elements.L.upscale_properties.model',
  },
  // Shape
  { rule: 'pattern_name enum', props: { pattern_name: 'dots' }, id: 'invalid_payload', path: 'elements.L.pattern_name' },
  { rule: 'pattern_color: no gradient', props: { pattern_color: GRADIENT }, id: 'invalid_payload', path: 'elements.L.pattern_color' },
  // Rating
  {
    rule: 'rating_score 0–100',
    props: { rating_score: 120 },
    id: 'out_of_range',
    path: 'elements.L.rating_score',
    expected: { min: 0, max: 100 },
    received: 120,
  },
  {
    rule: 'star_dimension above 0',
    props: { star_dimension: 0 },
    id: 'out_of_range',
    path: 'elements.L.star_dimension',
    expected: { min: 0, max: 400 },
    received: 0,
  },
  {
    rule: 'star_dimension max 400',
    props: { star_dimension: 401 },
    id: 'out_of_range',
    path: 'elements.L.star_dimension',
    expected: { min: 0, max: 400 },
    received: 401,
  },
  {
    rule: 'star_margin 0–100',
    props: { star_margin: -1 },
    id: 'out_of_range',
    path: 'elements.L.star_margin',
    expected: { min: 0, max: 100 },
    received: -1,
  },
  { rule: 'star_color: no gradient', props: { star_color: GRADIENT }, id: 'invalid_payload', path: 'elements.L.star_color' },
  // Illustration, QR code
  { rule: 'illustration_type is a library', props: { illustration_type: 1 }, id: 'invalid_payload', path: 'elements.L.illustration_type' },
  {
    rule: 'illustration_type: a library the design model takes (undraw is not shipped)',
    props: { illustration_type: 'undraw' },
    id: 'invalid_payload',
    path: 'elements.L.illustration_type',
  },
  {
    rule: 'illustration_properties.primary_color: no gradient',
    props: { illustration_properties: { primary_color: GRADIENT } },
    id: 'invalid_payload',
    path: 'elements.L.illustration_properties.primary_color',
  },
  {
    rule: 'foreground_color: no gradient',
    props: { foreground_color: RADIAL },
    id: 'invalid_payload',
    path: 'elements.L.foreground_color',
  },
  { rule: 'hide_icon is a boolean', props: { hide_icon: 'true' }, id: 'invalid_payload', path: 'elements.L.hide_icon' },
  // Video and audio
  {
    rule: 'video_url http(s)',
    ctx: ANIMATED_ASYNC,
    props: { video_url: 'video.mp4' },
    id: 'invalid_payload',
    path: 'elements.L.video_url',
  },
  {
    rule: 'audio_url http(s)',
    ctx: ANIMATED_ASYNC,
    props: { audio_url: 'ftp://a/b.mp3' },
    id: 'invalid_payload',
    path: 'elements.L.audio_url',
  },
  {
    rule: 'audio_muted is a boolean or a number',
    ctx: ANIMATED_ASYNC,
    props: { audio_muted: 'yes' },
    id: 'invalid_payload',
    path: 'elements.L.audio_muted',
  },
  {
    rule: 'video_muted 0–1',
    ctx: ANIMATED_ASYNC,
    props: { video_muted: 2 },
    id: 'out_of_range',
    path: 'elements.L.video_muted',
    expected: { min: 0, max: 1 },
    received: 2,
  },
  {
    rule: 'max_volume 0–1',
    ctx: ANIMATED_ASYNC,
    props: { max_volume: 1.5 },
    id: 'out_of_range',
    path: 'elements.L.max_volume',
    expected: { min: 0, max: 1 },
    received: 1.5,
  },
  {
    rule: 'speed 0.25–2',
    ctx: ANIMATED_ASYNC,
    props: { speed: 0.1 },
    id: 'out_of_range',
    path: 'elements.L.speed',
    expected: { min: 0.25, max: 2 },
    received: 0.1,
  },
  // vars and the object itself
  { rule: 'vars is an object', whole: { vars: 'x' }, id: 'invalid_payload', path: 'elements.vars' },
  { rule: 'vars values are strings', whole: { vars: { name: 3 } }, id: 'invalid_payload', path: 'elements.vars.name' },
  { rule: 'elements is an object', whole: ['title'], id: 'invalid_payload', path: 'elements' },
  {
    rule: 'an element value is an object (async too)',
    ctx: STATIC_ASYNC,
    whole: { title: 42 },
    id: 'invalid_payload',
    path: 'elements.title',
  },
  { rule: 'an element value is not an array', ctx: STATIC_ASYNC, whole: { title: [] }, id: 'invalid_payload', path: 'elements.title' },
];

describe('element override rules: refusals', () => {
  it.each(refused.map((r) => [r.rule, r] as const))('%s', (_rule, row) => {
    const input = row.whole !== undefined ? row.whole : { L: row.props };
    const result = parseOverrides(input, row.ctx ?? STATIC_SYNC);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.id).toBe(row.id);
    expect(result.issues.map((i) => i.path)).toEqual([row.path]);
    const issue = result.issues[0]!;
    if (row.expected !== undefined) expect(issue.expected).toEqual(row.expected);
    if (row.received !== undefined) expect(issue.received).toEqual(row.received);
  });
});

describe('color grammar refusals reach the envelope as invalid_payload at the field', () => {
  const bad = [
    '#12345',
    'cmyk(0,0,0,101)',
    'cmyka(0,0,0,0,101)',
    'linear-gradient(0% 0% 100% 0%,0% #000 1)',
    `linear-gradient(0% 0% 100% 0%,${Array(9).fill('0% #000 1').join(',')})`,
    'linear-gradient(0% 0% 100% 0%, 0% #000 1,100% #fff 1)',
    'linear-gradient(0% 0% 100% 0%,0% #000 1,101% #fff 1)',
    'linear-gradient(0% 0% 100% 0%,0% #000 1,100% #fff 2)',
    'linear-gradient(0% 0% 100% 0%,0% #000f 1,100% #fff 1)',
    'linear-gradient(0% 0% 100% 0%,0% #000000ff 1,100% #fff 1)',
    'linear-gradient(0% 0% 100% 0%,0% cmyka(0,0,0,0,1) 1,100% cmyk(0,0,0,0) 1)',
    'linear-gradient(0% 0% 100% 0%,0% #000 1,100% cmyk(0,0,0,0) 1)',
    'radial-gradient(50% 50% 0%,0% #000 1,100% #fff 1)',
    'hsl(0,0%,0%)',
  ];
  it.each(bad)('%s', (value) => {
    const result = parseOverrides({ title: { color: value } }, STATIC_SYNC);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues).toMatchObject([{ path: 'elements.title.color', code: 'invalid_payload' }]);
  });
});

describe('several distinct codes answer invalid_payload; one shared code is the id', () => {
  it('mixed codes', () => {
    const result = parseOverrides({ a: { shadow_offset_x: 300 }, b: { hidden: 'x' } }, STATIC_SYNC);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.id).toBe('invalid_payload');
      expect(result.issues.map((i) => [i.path, i.code])).toEqual([
        ['elements.a.shadow_offset_x', 'out_of_range'],
        ['elements.b.hidden', 'invalid_payload'],
      ]);
    }
  });
  it('one code', () => {
    const result = parseOverrides({ a: { shadow_offset_x: 300, skew_y: 30 } }, STATIC_SYNC);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.id).toBe('out_of_range');
  });
});
