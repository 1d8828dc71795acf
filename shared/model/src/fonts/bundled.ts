/**
 * The fontsource packages Pressroom bundles, by slug (`@fontsource/<slug>`). Listed on purpose
 * rather than discovered from node_modules: a family is part of the public catalogue, and its id
 * is derived from this slug, so adding one is a deliberate change (see docs/fonts.md). A unit test
 * keeps this list and shared/package.json in step.
 */
export const BUNDLED_FONT_SLUGS = [
  'abril-fatface',
  'alfa-slab-one',
  'anton',
  'bebas-neue',
  'cairo',
  'caveat',
  'crimson-text',
  'dancing-script',
  'eb-garamond',
  'fira-code',
  'indie-flower',
  'inter',
  'jetbrains-mono',
  'lato',
  'libre-baskerville',
  'lobster',
  'lora',
  'merriweather',
  'montserrat',
  'noto-color-emoji',
  'noto-sans',
  'noto-sans-arabic',
  'noto-sans-jp',
  'noto-sans-kr',
  'noto-sans-sc',
  'noto-serif',
  'nunito',
  'open-sans',
  'oswald',
  'pacifico',
  'playfair-display',
  'poppins',
  'pt-serif',
  'raleway',
  'righteous',
  'roboto',
  'roboto-mono',
  'roboto-slab',
  'satisfy',
  'source-code-pro',
  'source-sans-3',
  'space-mono',
  'work-sans',
] as const;

/** The family used when a text names no font. */
export const DEFAULT_FONT_SLUG = 'inter';
/** The family a text or button layer that names no font is drawn with (its slug is DEFAULT_FONT_SLUG). */
export const DEFAULT_FONT_FAMILY = 'Inter';

/**
 * Families appended to every font stack so that glyphs the chosen font lacks still render.
 * Order matters, because the browser takes the first family that has a glyph:
 * - Noto Sans first: Greek, Cyrillic and Vietnamese for display fonts that ship only Latin.
 * - Arabic next; it shares no codepoints with the CJK families.
 * - JP, KR, SC: Han ideographs shared by the three take Japanese shapes. That is a choice, not
 *   a truth; per-language shaping would need the text's language, which designs do not carry.
 * - Colour emoji last, as in system stacks: a symbol that a text font already draws (e.g. ☀ in
 *   a CJK font) keeps its text presentation; pictographs no text font has come out in colour.
 */
export const FALLBACK_FONT_SLUGS = [
  'noto-sans',
  'noto-sans-arabic',
  'noto-sans-jp',
  'noto-sans-kr',
  'noto-sans-sc',
  'noto-color-emoji',
] as const;
