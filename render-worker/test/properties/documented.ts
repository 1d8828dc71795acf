import type { LayerType } from '@pressroom/model';

/**
 * The properties Abyssale's import layer-type pages document for each type
 * (`developers.abyssale.com/rest-api/designs/import/layer-types/<type>`, read through the stored
 * copies of those pages; `docs/design-format.md`, "Layer types"), in the import's spelling:
 * nested objects by their key (`shadow`, `stroke`, `radius`). `hidden` and `locked` are on every
 * layer (the overview page). Each one is importable and drawn by the property walk, or refused
 * with a reason (DOCUMENTED_REFUSALS); `documented.test.ts` holds the three lists together.
 */
export const DOCUMENTED_PROPERTIES: Partial<Record<LayerType, readonly string[]>> = {
  text: [
    'payload',
    'font',
    'font_size',
    'font_weight',
    'min_font_size',
    'text_align',
    'color',
    'line_height',
    'background_color',
    'background_padding',
    'skew_y',
    'text_transform',
    'stroke',
    'shadow',
    'opacity',
    'rotation',
  ],
  shape: ['shape', 'background_color', 'pattern_name', 'pattern_color', 'opacity', 'rotation', 'stroke', 'radius', 'shadow'],
  image: [
    'src',
    'fitting_type',
    'alignment',
    'position_offset_x',
    'position_offset_y',
    'zoom',
    'opacity',
    'rotation',
    'mask_name',
    'mask_properties',
    'filter_name',
  ],
  logo: ['src', 'alignment', 'position_offset_x', 'position_offset_y', 'zoom', 'opacity', 'rotation', 'radius', 'shadow'],
  qrcode: ['payload', 'foreground_color', 'background_color', 'icon_src', 'margin', 'opacity', 'rotation'],
  rating: ['rating_score', 'star_color', 'background_color', 'star_dimension', 'star_margin', 'opacity', 'rotation'],
  illustration: ['illustration_type', 'illustration_file', 'illustration_properties', 'alignment', 'opacity', 'rotation'],
  group: ['layer_ids', 'auto_layout', 'direction', 'alignment', 'gap'],
};

/** On every layer type (the layer-types overview page). */
export const DOCUMENTED_LAYER_FIELDS = ['hidden', 'locked'] as const;

/**
 * Documented properties Pressroom refuses, each with its reason (also in docs/design-format.md).
 * Empty: a logo's `radius`, the last one, is drawn since issue 36.
 */
export const DOCUMENTED_REFUSALS: Partial<Record<LayerType, Record<string, string>>> = {};

/** Documented fields that are structure, not a drawn property: where the walk shows them instead. */
export const DOCUMENTED_STRUCTURE: Record<string, string> = {
  'group.layer_ids': "the group's membership: the walk's group fixture draws its members through it (LAYER_FIXTURES.group)",
};
