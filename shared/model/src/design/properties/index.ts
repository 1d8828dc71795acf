import type { DesignType, LayerType } from '../types.js';
import { GROUP_PROPS } from './group.js';
import { ILLUSTRATION_PROPS, IMAGE_PROPS, LOGO_PROPS } from './images.js';
import { QRCODE_PROPS, RATING_PROPS, SHAPE_PROPS } from './marks.js';
import { AUDIO_PROPS, CODE_PROPS, VIDEO_PROPS } from './media.js';
import type { PropTable } from './spec.js';
import { BUTTON_PROPS, TEXT_PROPS } from './typography.js';

export * from './spec.js';

/** The property table of each layer type: the one source of names, rules, defaults and help. */
export const PROPERTY_TABLES: Record<LayerType, PropTable> = {
  text: TEXT_PROPS,
  button: BUTTON_PROPS,
  image: IMAGE_PROPS,
  logo: LOGO_PROPS,
  shape: SHAPE_PROPS,
  illustration: ILLUSTRATION_PROPS,
  rating: RATING_PROPS,
  qrcode: QRCODE_PROPS,
  video: VIDEO_PROPS,
  audio: AUDIO_PROPS,
  group: GROUP_PROPS,
  code: CODE_PROPS,
};

/**
 * The default of every property that has one, by layer type: what a layer that does not set
 * the property is drawn with. The renderer lays these under a layer's own properties, so it
 * states no default of its own.
 */
export const PROPERTY_DEFAULTS: Readonly<Record<LayerType, Readonly<Record<string, unknown>>>> = Object.fromEntries(
  Object.entries(PROPERTY_TABLES).map(([type, table]) => [
    type,
    Object.freeze(
      Object.fromEntries(Object.entries(table).flatMap(([name, spec]) => (spec.default === undefined ? [] : [[name, spec.default]]))),
    ),
  ]),
) as Record<LayerType, Readonly<Record<string, unknown>>>;

/** Every property name some layer type knows: a name outside it is `unknown_field`. */
export const ALL_PROPERTY_NAMES: ReadonlySet<string> = new Set(Object.values(PROPERTY_TABLES).flatMap((t) => Object.keys(t)));

const PRINT_TYPES: readonly LayerType[] = ['text', 'button', 'image', 'logo', 'shape', 'illustration', 'rating', 'qrcode', 'group'];

/** Video, audio and code layers exist only on animated designs. */
export function layerTypesFor(designType: DesignType): readonly LayerType[] {
  return designType === 'animated' ? [...PRINT_TYPES, 'video', 'audio', 'code'] : PRINT_TYPES;
}

/** Group auto-layout is not stored on animated designs (the read's `group` is empty there). */
export const GROUP_LAYOUT_PROPS: readonly string[] = ['auto_layout', 'direction', 'placement', 'gap'];
