import { DUOTONE_NAMES } from '@pressroom/model';

export type DuotoneName = (typeof DUOTONE_NAMES)[number];

/**
 * The duotone palettes (`filter_properties.name`): the colour the image's darkest pixels take,
 * then the colour its lightest take; every luminance in between is mixed linearly (docs/renderer.md).
 * Colours in the colour grammar's hex form.
 */
export const DUOTONE_PALETTES: Record<DuotoneName, readonly [dark: string, light: string]> = {
  blue_green: ['#1E3A8A', '#6EE7B7'],
  blue_orange: ['#1D3557', '#F4A261'],
  deep_green_light_green: ['#064E3B', '#BBF7D0'],
  BrightRed_light_yellow: ['#D00000', '#FFF3B0'],
  brown_pale_green: ['#5C3D2E', '#D8F3DC'],
  brown_beige: ['#4A2C2A', '#F5E6CA'],
  deep_blue_green: ['#03045E', '#52B788'],
  deep_blue_red: ['#0B1D51', '#E63946'],
  deep_purple_orange: ['#3C096C', '#FF9E00'],
  deep_purple_beige: ['#3C096C', '#F1E3D3'],
  deep_purple_pale_green: ['#3C096C', '#CCFFCC'],
  deep_blue_pale_green: ['#03045E', '#D8F3DC'],
};

/** `filter_name: duotone` without a palette name draws with the first palette. */
export const DEFAULT_DUOTONE: DuotoneName = DUOTONE_NAMES[0];

export function duotonePalette(name: unknown): readonly [string, string] {
  return typeof name === 'string' && Object.hasOwn(DUOTONE_PALETTES, name)
    ? DUOTONE_PALETTES[name as DuotoneName]
    : DUOTONE_PALETTES[DEFAULT_DUOTONE];
}
