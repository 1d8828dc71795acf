import { describe, expect, it } from 'vitest';

// A number field typed key by key (number-entry.ts).
import { passes, problemOf, readTyped, settle, shownNumber, stepped } from './number-entry.js';

const NONE = { min: null, max: null };

describe('a number field’s text, key by key', () => {
  it('takes each text that is a number, and nothing on the way to one', () => {
    // "-12", "0.5", "1e3" and "+4" typed key by key.
    expect(['-', '-1', '-12'].map(readTyped)).toEqual([{ kind: 'pending' }, { kind: 'number', value: -1 }, { kind: 'number', value: -12 }]);
    expect(['0', '0.', '0.5'].map(readTyped)).toEqual([
      { kind: 'number', value: 0 },
      { kind: 'number', value: 0 },
      { kind: 'number', value: 0.5 },
    ]);
    expect(['1', '1e', '1e3'].map(readTyped)).toEqual([{ kind: 'number', value: 1 }, { kind: 'pending' }, { kind: 'number', value: 1000 }]);
    expect(['+', '+4', '.', '.5', '-.', '-.5', '1e-', '1e-2'].map((t) => readTyped(t).kind)).toEqual([
      'pending',
      'number',
      'pending',
      'number',
      'pending',
      'number',
      'pending',
      'number',
    ]);
    expect(readTyped(' 12 ')).toEqual({ kind: 'number', value: 12 });
  });

  it('tells an emptied field from a text that is no number', () => {
    expect(readTyped('')).toEqual({ kind: 'empty' });
    expect(readTyped('  ')).toEqual({ kind: 'empty' });
    for (const t of ['abc', '12px', '1,5', '--1', '1..2', 'Infinity', 'NaN', '0x10', '1e999'])
      expect(readTyped(t)).toEqual({ kind: 'pending' });
  });
});

describe('a number field left', () => {
  it('keeps a number, goes back from a text that is none, and unsets an emptied property where it may', () => {
    expect(settle('-12', true, 5)).toBe(-12);
    expect(settle('0.', false, 5)).toBe(0);
    expect(settle('-', true, 5)).toBe(5);
    expect(settle('1e', false, 5)).toBe(5);
    expect(settle('', true, 5)).toBeUndefined();
    // A box's x or a frame's width cannot be unset: an emptied one goes back.
    expect(settle('', false, 5)).toBe(5);
  });

  it('goes back to the value the edit began with, not a number the design took on the way', () => {
    // A box's x of 300, typed "-12" (the design took -1, then -12), backspaced through "-1" to empty.
    const typedOnTheWay = ['-', '-1', '-12', '-1', '-', ''].map(readTyped).filter((t) => t.kind === 'number');
    expect(typedOnTheWay).toEqual([
      { kind: 'number', value: -1 },
      { kind: 'number', value: -12 },
      { kind: 'number', value: -1 },
    ]);
    expect(settle('', false, 300)).toBe(300);
    expect(settle('-', false, 300)).toBe(300);
    // A property unset when the field took the focus is unset again.
    expect(settle('abc', true, undefined)).toBeUndefined();
  });

  it('refuses a number its check refuses: said while typed, never taken, the value before put back', () => {
    const frameWidth = (v: number) => (v >= 1 && Number.isInteger(v) ? null : 'must be 1 or more, whole');
    for (const t of ['0', '-12', '0.4', '100.5']) {
      expect(problemOf(t, frameWidth), t).toBe('must be 1 or more, whole');
      expect(settle(t, false, 1080, frameWidth), t).toBe(1080);
    }
    expect(problemOf('600', frameWidth)).toBeNull();
    expect(settle('600', false, 1080, frameWidth)).toBe(600);
    // A text that is no number yet, or none, has nothing to check; a field without a check takes any number.
    expect(['', '-', '0.', 'abc'].map((t) => problemOf(t, frameWidth))).toEqual([null, null, 'must be 1 or more, whole', null]);
    expect(problemOf('0')).toBeNull();
    expect([passes(0), passes(0, frameWidth), passes(2, frameWidth)]).toEqual([true, false, true]);
  });

  it('shows a value as written, nothing as empty', () => {
    expect([shownNumber(0), shownNumber(-12), shownNumber(0.5), shownNumber(undefined), shownNumber(null)]).toEqual([
      '0',
      '-12',
      '0.5',
      '',
      '',
    ]);
  });
});

describe('an arrow key’s step', () => {
  it('steps by the control’s step, ten times with Shift, 1 where any number goes', () => {
    expect(stepped(5, 1, false, 1, NONE)).toBe(6);
    expect(stepped(5, -1, true, 1, NONE)).toBe(-5);
    expect(stepped(0.5, 1, false, 'any', NONE)).toBe(1.5);
    expect(stepped(0.2, 1, false, 0.1, NONE)).toBe(0.3);
    expect(stepped(undefined, 1, false, 'any', NONE)).toBe(1);
  });

  it('stops at the bound it moves towards, and leaves a value already past it', () => {
    const percent = { min: 0, max: 100 };
    expect(stepped(95, 1, true, 1, percent)).toBe(100);
    expect(stepped(100, 1, false, 1, percent)).toBe(100);
    expect(stepped(3, -1, true, 1, percent)).toBe(0);
    // A value typed past a bound: a step further out leaves it, a step back moves it.
    const stroke = { min: 0, max: 60 };
    expect(stepped(-12, -1, false, 'any', stroke)).toBe(-12);
    expect(stepped(-12, 1, false, 'any', stroke)).toBe(-11);
    expect(stepped(400, 1, false, 'any', stroke)).toBe(400);
  });

  it('comes round where the bounds are one turn (a rotation: 0 and 360 the same), ten at a time too', () => {
    const turn = { min: 0, max: 360, circular: true };
    expect(stepped(0, -1, false, 'any', turn)).toBe(359);
    expect(stepped(359, 1, false, 'any', turn)).toBe(0);
    expect(stepped(360, 1, false, 'any', turn)).toBe(1);
    expect(stepped(358, 1, false, 'any', turn)).toBe(359);
    expect(stepped(5, -1, true, 'any', turn)).toBe(355);
    expect(stepped(355, 1, true, 'any', turn)).toBe(5);
    expect(stepped(350, 1, true, 'any', turn)).toBe(0);
    expect(stepped(undefined, -1, false, 'any', turn)).toBe(359);
    expect(stepped(0.5, -1, false, 'any', turn)).toBe(359.5);
    expect(stepped(0.1, -1, false, 0.1, turn)).toBe(0);
    expect(stepped(0, -1, false, 0.1, turn)).toBe(359.9);
    // A turn typed past the bound (−12, the design's −360 to 360) steps to the same turn within it.
    expect(stepped(-12, 1, false, 'any', turn)).toBe(349);
    expect(stepped(-12, -1, false, 'any', turn)).toBe(347);
    // The same bounds, not a turn, stop.
    expect(stepped(0, -1, false, 'any', { min: 0, max: 360 })).toBe(0);
    expect(stepped(360, 1, false, 'any', { min: 0, max: 360, circular: false })).toBe(360);
  });
});
