import type { PATTERN_NAMES } from '@pressroom/model';

export type PatternName = (typeof PATTERN_NAMES)[number];

/**
 * The shape patterns (`pattern_name`): one 24×24 SVG tile each, drawn in `pattern_color` and
 * repeated over the shape's fill inside its outline (docs/renderer.md, "Patterns"). `C` stands
 * for the colour; the HTML builder fills it in.
 */
export const PATTERN_TILES: Record<PatternName, string> = {
  bubbles: '<circle cx="6" cy="6" r="4" fill="C"/><circle cx="18" cy="17" r="2.5" fill="C"/>',
  cage: '<path d="M0 12h24M12 0v24" stroke="C" stroke-width="2" fill="none"/>',
  cross: '<path d="M5 5l14 14M19 5L5 19" stroke="C" stroke-width="2.5" fill="none"/>',
  doubleCircle:
    '<circle cx="12" cy="12" r="8" stroke="C" stroke-width="1.5" fill="none"/><circle cx="12" cy="12" r="4" stroke="C" stroke-width="1.5" fill="none"/>',
  drops: '<path d="M12 3c4 6 6 9 6 12a6 6 0 01-12 0c0-3 2-6 6-12z" fill="C"/>',
  parkay: '<path d="M0 0h12v6H0zM12 12h12v6H12zM12 0h6v12h-6zM0 12h6v12H0z" fill="C"/>',
  pills: '<rect x="3" y="8" width="18" height="8" rx="4" fill="C"/>',
  plus: '<path d="M10 4h4v6h6v4h-6v6h-4v-6H4v-4h6z" fill="C"/>',
  star: '<path d="M12 2.5l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 16.9l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" fill="C"/>',
  ticTac:
    '<path d="M4 4l6 6M10 4l-6 6M14 14l6 6M20 14l-6 6" stroke="C" stroke-width="2" fill="none"/><circle cx="17" cy="7" r="3" stroke="C" stroke-width="2" fill="none"/><circle cx="7" cy="17" r="3" stroke="C" stroke-width="2" fill="none"/>',
  ticTacFilled:
    '<path d="M4 4l6 6M10 4l-6 6M14 14l6 6M20 14l-6 6" stroke="C" stroke-width="2" fill="none"/><circle cx="17" cy="7" r="3.5" fill="C"/><circle cx="7" cy="17" r="3.5" fill="C"/>',
  triangle: '<path d="M12 4l8 14H4z" fill="C"/>',
  wiggle: '<path d="M0 12c3-6 9-6 12 0s9 6 12 0" stroke="C" stroke-width="2.5" fill="none"/>',
};

/** `pattern_color` when the layer sets none: black at a quarter opacity, a shade of any fill. */
export const DEFAULT_PATTERN_COLOR = 'rgba(0, 0, 0, 0.25)';
