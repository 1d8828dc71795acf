import type { TextAlign, VerticalAlign } from './types.js';

const VERTICAL: Record<string, VerticalAlign> = { top: 'start', middle: 'center', bottom: 'end', custom: 'start' };
const HORIZONTAL: Record<string, 'left' | 'center' | 'right'> = { left: 'left', center: 'center', right: 'right', custom: 'left' };

/**
 * Every alignment value of docs/design-format.md (and the design's justify family) as two axes. A value that
 * names one axis is centred on the other, as Abyssale's docs read it: `top` is `top center` (the
 * form its design export writes), `left` is `middle left`, `justify` is `middle justify`. `custom`
 * on an axis means "where the design put the text": the text box already encodes it, so it
 * anchors at the start.
 */
export function textAlign(value: string): TextAlign {
  const words = value.trim().toLowerCase().split(/\s+/);
  const [first = '', second] = words;
  // `justify`, `justify-right`, `middle justify`, `bottom justify-center`…: the suffix aligns the last line.
  const justify = [first, second].find((w) => w?.startsWith('justify'));
  if (justify !== undefined) {
    const last = justify.split('-')[1];
    return {
      vertical: second === undefined ? 'center' : (VERTICAL[first] ?? 'start'),
      horizontal: 'justify',
      lastLine: last === 'center' || last === 'right' ? last : 'left',
    };
  }
  let vertical: VerticalAlign;
  let horizontal: 'left' | 'center' | 'right';
  if (second !== undefined) {
    vertical = VERTICAL[first] ?? 'start';
    horizontal = HORIZONTAL[second] ?? 'left';
  } else if (first in VERTICAL && first !== 'custom') {
    vertical = VERTICAL[first]!;
    horizontal = 'center';
  } else {
    vertical = 'center';
    horizontal = HORIZONTAL[first] ?? 'left';
  }
  return { vertical, horizontal, lastLine: horizontal };
}

/** Box alignments (buttons, images, ratings): same grammar without justify. */
export function boxAlign(value: string): { vertical: VerticalAlign; horizontal: 'left' | 'center' | 'right' } {
  const a = textAlign(value);
  return { vertical: a.vertical, horizontal: a.horizontal === 'justify' ? 'left' : a.horizontal };
}

/** CSS object-position of a box alignment. */
export function objectPosition(value: string): string {
  const a = boxAlign(value);
  const x = { left: '0%', center: '50%', right: '100%' }[a.horizontal];
  const y = { start: '0%', center: '50%', end: '100%' }[a.vertical];
  return `${x} ${y}`;
}
