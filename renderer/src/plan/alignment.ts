import type { HorizontalAlign, TextAlign, VerticalAlign } from './types.js';

const VERTICAL: Record<string, VerticalAlign> = { top: 'start', middle: 'center', bottom: 'end', custom: 'start' };
const HORIZONTAL: Record<string, 'left' | 'center' | 'right'> = { left: 'left', center: 'center', right: 'right', custom: 'left' };

/**
 * Every alignment value of the spec (and the design's justify family) as two axes. A value that
 * names one axis keeps the default of the other (top, left). `custom` on an axis means "where the
 * design put the text": the text box already encodes it, so it anchors at the start.
 */
export function textAlign(value: string): TextAlign {
  const v = value.trim().toLowerCase();
  if (v.startsWith('justify')) {
    const last = v.split('-')[1] as 'left' | 'center' | 'right' | undefined;
    return { vertical: 'start', horizontal: 'justify', lastLine: last ?? 'left' };
  }
  const words = v.split(/\s+/);
  let vertical: VerticalAlign = 'start';
  let horizontal: HorizontalAlign = 'left';
  if (words.length === 2) {
    vertical = VERTICAL[words[0]!] ?? 'start';
    horizontal = words[1] === 'justify' ? 'justify' : (HORIZONTAL[words[1]!] ?? 'left');
  } else if (words[0]! in VERTICAL && words[0] !== 'custom') {
    vertical = VERTICAL[words[0]!]!;
  } else {
    horizontal = HORIZONTAL[words[0]!] ?? 'left';
  }
  return { vertical, horizontal, lastLine: horizontal === 'justify' ? 'left' : (horizontal as 'left' | 'center' | 'right') };
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
