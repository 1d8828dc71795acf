// The properties panel's sections, pure: which section a layer property goes in (position and
// size, text, fill, stroke, effects, animation), and which of a section's properties wait behind
// its "More" disclosure (unset and advanced). The properties themselves come from
// GET /layer-properties; this is only where the panel shows them (editor-sections.test.ts).
import { isMainProp } from './plan.js';

export const SECTIONS = [
  { id: 'position', title: 'Position and size' },
  { id: 'text', title: 'Text' },
  { id: 'fill', title: 'Fill and content' },
  { id: 'stroke', title: 'Stroke' },
  { id: 'effects', title: 'Effects' },
  { id: 'animation', title: 'Animation' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

/** The first rule a property's name meets names its section; the text rules hold on layers with a font. */
const RULES: readonly { section: SectionId; test: RegExp; textual?: true }[] = [
  { section: 'position', test: /^rotation$/ },
  { section: 'stroke', test: /^(stroke_|side_border)/ },
  { section: 'effects', test: /^(opacity|shadow_|text_shadow_|skew_y|mask|filter_|overlay_)/ },
  {
    section: 'text',
    test: /^(payload|font|font_\w+|color|line_height|letter_spacing|text_\w+|auto_resize|min_font_size|max_lines|alignment|icon_\w+)$/,
    textual: true,
  },
];

/** The section of a property (`textual`: the layer type has a font, so its payload and colour are text). */
export function sectionOf(prop: string, textual: boolean): SectionId {
  return RULES.find((r) => (textual || !r.textual) && r.test.test(prop))?.section ?? 'fill';
}

/** A property as the panel sorts it: its name, and whether the layer sets it in this frame. */
export interface Shelved<P> {
  name: string;
  set: boolean;
  item: P;
}

/** A property held where it was while it has the focus: behind "More" (`more`) or not. */
export interface Held {
  name: string;
  more: boolean;
}

/**
 * Each section's properties: those shown at once (the layer sets them, or they are the ones a
 * person changes most) and those behind "More" (unset and advanced), in the order given. The
 * property being typed into (`held`) stays where it was, set or not, so the field keeps the focus
 * (a value typed behind More, or a field emptied on the way to another number); it moves once left.
 */
export function shelve<P>(
  layerType: string,
  textual: boolean,
  props: readonly Shelved<P>[],
  held: Held | null = null,
): Record<SectionId, { shown: P[]; more: P[] }> {
  const out = Object.fromEntries(SECTIONS.map((s) => [s.id, { shown: [] as P[], more: [] as P[] }])) as Record<
    SectionId,
    { shown: P[]; more: P[] }
  >;
  for (const p of props) {
    const shelf = out[sectionOf(p.name, textual)];
    const more = held?.name === p.name ? held.more : !(p.set || isMainProp(layerType, p.name));
    (more ? shelf.more : shelf.shown).push(p.item);
  }
  return out;
}
