import { BOX_ALIGNMENTS, JUSTIFIED_ALIGNMENTS } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { boxAlign, objectPosition, textAlign } from './alignment.js';

describe('textAlign', () => {
  const cases: [string, string, string][] = [
    // One axis named: the other is centred (Abyssale exports `top` as `top center`).
    ['top', 'start', 'center'],
    ['middle', 'center', 'center'],
    ['bottom', 'end', 'center'],
    ['left', 'center', 'left'],
    ['center', 'center', 'center'],
    ['right', 'center', 'right'],
    ['top left', 'start', 'left'],
    ['top center', 'start', 'center'],
    ['top right', 'start', 'right'],
    ['middle left', 'center', 'left'],
    ['middle center', 'center', 'center'],
    ['middle right', 'center', 'right'],
    ['bottom left', 'end', 'left'],
    ['bottom right', 'end', 'right'],
    ['bottom center', 'end', 'center'],
    ['top custom', 'start', 'left'],
    ['middle custom', 'center', 'left'],
    ['bottom custom', 'end', 'left'],
    ['custom left', 'start', 'left'],
    ['custom center', 'start', 'center'],
    ['custom right', 'start', 'right'],
    ['custom custom', 'start', 'left'],
    ['middle justify', 'center', 'justify'],
  ];
  it.each(cases)('%s → %s / %s', (value, vertical, horizontal) => {
    const a = textAlign(value);
    expect([a.vertical, a.horizontal]).toEqual([vertical, horizontal]);
  });

  it('covers every box alignment of the design model', () => {
    const covered = new Set(cases.map(([v]) => v));
    expect(BOX_ALIGNMENTS.filter((v) => !covered.has(v))).toEqual([]);
  });

  it.each([
    ['justify', 'center', 'left'],
    ['justify-center', 'center', 'center'],
    ['top justify-right', 'start', 'right'],
    ['middle justify', 'center', 'left'],
    ['middle justify-left', 'center', 'left'],
    ['bottom justify-center', 'end', 'center'],
  ])('%s → justified, %s, last line %s', (value, vertical, lastLine) => {
    expect(textAlign(value)).toEqual({ vertical, horizontal: 'justify', lastLine });
  });

  it('covers every text-only (justified) alignment of the overrides', () => {
    for (const value of JUSTIFIED_ALIGNMENTS) expect(textAlign(value).horizontal).toBe('justify');
  });

  it('justify variants keep the last-line alignment', () => {
    expect(textAlign('justify-right')).toEqual({ vertical: 'center', horizontal: 'justify', lastLine: 'right' });
    expect(textAlign('justify')).toEqual({ vertical: 'center', horizontal: 'justify', lastLine: 'left' });
  });
});

describe('boxAlign / objectPosition', () => {
  it('maps both axes', () => {
    expect(boxAlign('bottom right')).toEqual({ vertical: 'end', horizontal: 'right' });
    expect(objectPosition('middle center')).toBe('50% 50%');
    expect(objectPosition('top right')).toBe('100% 0%');
    expect(objectPosition('bottom left')).toBe('0% 100%');
  });
});
