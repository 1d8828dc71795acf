import { describe, expect, it } from 'vitest';

// A number field typed key by key (number-entry.ts).
import { readTyped, settle, shownNumber, stepped } from './number-entry.js';

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
    expect(settle('-12', true)).toEqual({ kind: 'set', value: -12 });
    expect(settle('0.', false)).toEqual({ kind: 'set', value: 0 });
    expect(settle('-', true)).toEqual({ kind: 'revert' });
    expect(settle('1e', false)).toEqual({ kind: 'revert' });
    expect(settle('', true)).toEqual({ kind: 'clear' });
    // A box's x or a frame's width cannot be unset: an emptied one goes back.
    expect(settle('', false)).toEqual({ kind: 'revert' });
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
    // A rotation typed −12 where the import takes 0-360: a step down leaves it, a step up moves it.
    const turn = { min: 0, max: 360 };
    expect(stepped(-12, -1, false, 'any', turn)).toBe(-12);
    expect(stepped(-12, 1, false, 'any', turn)).toBe(-11);
    expect(stepped(400, 1, false, 'any', turn)).toBe(400);
  });
});
