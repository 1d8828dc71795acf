/**
 * The value sets of the enumerated layer properties: one list each, read by the property
 * catalogue (catalogue.ts), and through it by the design parser, the override validator, the
 * OpenAPI document, `describeLayerProperties` and the docs. Alignments live with the design
 * types (`BOX_ALIGNMENTS`, `JUSTIFIED_ALIGNMENTS`). Pure data.
 */

export const TEXT_TRANSFORMS = ['none', 'uppercase', 'lowercase', 'titlecase', 'capitalize'] as const;
export const SIDE_BORDERS = ['left', 'right', 'top', 'bottom', 'none'] as const;
export const BUTTON_TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export const ICON_POSITIONS = ['left', 'right'] as const;
export const FONT_STYLES = ['normal', 'italic'] as const;
export const FITTING_TYPES = ['cover', 'fill'] as const;
export const MASK_NAMES = ['circle', 'rounded_corners', 'blob', 'squircle', 'pentagon', 'hexagon', 'parallelogram', 'window'] as const;
export const FILTER_NAMES = ['grayscale', 'duotone'] as const;
export const DUOTONE_NAMES = [
  'blue_green',
  'blue_orange',
  'deep_green_light_green',
  'BrightRed_light_yellow',
  'brown_pale_green',
  'brown_beige',
  'deep_blue_green',
  'deep_blue_red',
  'deep_purple_orange',
  'deep_purple_beige',
  'deep_purple_pale_green',
  'deep_blue_pale_green',
] as const;
export const OVERLAY_DIRECTIONS = ['horizontal', 'vertical', 'diagonal'] as const;
export const SHAPE_TYPES = ['rectangle', 'ellipse'] as const;
export const PATTERN_NAMES = [
  'bubbles',
  'cage',
  'cross',
  'doubleCircle',
  'drops',
  'parkay',
  'pills',
  'plus',
  'star',
  'ticTac',
  'ticTacFilled',
  'triangle',
  'wiggle',
] as const;
export const ERROR_CORRECTION_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export const GROUP_DIRECTIONS = ['horizontal', 'vertical'] as const;
export const GROUP_PLACEMENTS = ['start', 'center', 'end', 'space-between'] as const;
/** The shape of a group mask (`mask.shape`). */
export const MASK_SHAPES = ['rectangle', 'ellipse'] as const;
