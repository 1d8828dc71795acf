// A number field typed key by key, pure (number-entry.test.ts): what a text typed so far means,
// what leaving the field does with it, and an arrow key's step. The field (controls.ts
// `NumberField`) is a text box that keeps showing what was typed while it has the focus; the
// design takes each text that reads as a number at once (a preview: "-12" backspaced passes
// through "-1"), and nothing else until the field is left. Leaving it with a text that is no
// number, or Escape, puts back the value the field had when the edit began, not a number read on
// the way. A field may also check a number (`Check`: a frame's width of 0): one it refuses is
// said under the field and never taken.

/** What a field's text means: a number, nothing at all, or a text on its way to one ("-", "0.", "1e") or none ("abc"). */
export type Typed = { kind: 'number'; value: number } | { kind: 'empty' } | { kind: 'pending' };

/** A decimal number, signed, with an optional exponent: "1." and ".5" read as numbers, "-", "." and "1e" do not yet. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function readTyped(text: string): Typed {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  if (!NUMBER.test(t)) return { kind: 'pending' };
  const value = Number(t);
  return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'pending' };
}

/** Why the design cannot hold a number a field reads (a frame's width of 0), or null when it can. */
export type Check = (value: number) => string | null;

/** Whether a number passes the field's check (every number does where there is none). */
export const passes = (value: number, check?: Check): boolean => !check || check(value) === null;

/** What the field says under itself while a text is typed: why the design will not take the number it reads, or null. */
export function problemOf(text: string, check?: Check): string | null {
  const typed = readTyped(text);
  return typed.kind === 'number' && check ? check(typed.value) : null;
}

/**
 * What leaving a field (blur, Enter) leaves the property with: the number its text reads, when
 * its check takes it; nothing (unset) for an emptied field where the property may be unset
 * (`clearable`: a layer property, a timing); otherwise `before`, the value the field had when the
 * edit began (the focus, or the last Enter), not a number the design took on the way ("-12"
 * backspaced to empty passes through "-1"). An emptied box's x or frame's width goes back.
 */
export function settle(text: string, clearable: boolean, before: number | undefined, check?: Check): number | undefined {
  const typed = readTyped(text);
  if (typed.kind === 'number' && passes(typed.value, check)) return typed.value;
  return typed.kind === 'empty' && clearable ? undefined : before;
}

export interface Bounds {
  min: number | null;
  max: number | null;
  /** The bounds are one turn, their ends the same value (a rotation's 0 and 360: the descriptor's `import.circular`). */
  circular?: boolean | undefined;
}

/**
 * An arrow key's step from the value shown (`from`; 0 while there is none): `step` up or down
 * (1 where the field takes any number), ten times that with Shift. A step never goes past the
 * bound it moves towards (it stops at it); a value already past it stays. Where the bounds are
 * one turn (`circular`), a step comes round instead, into [min, max): 0 down is 359, 359 up is
 * 0, 360 up is 1, 355 up ×10 is 5. Rounded to 12 significant digits, so 0.1 + 0.2 steps to 0.3.
 */
export function stepped(from: number | undefined, direction: 1 | -1, big: boolean, step: number | 'any', bounds: Bounds): number {
  const base = from ?? 0;
  const by = (step === 'any' ? 1 : step) * (big ? 10 : 1) * direction;
  let next = Number((base + by).toPrecision(12));
  if (bounds.circular && bounds.min !== null && bounds.max !== null && bounds.max > bounds.min) {
    const turn = bounds.max - bounds.min;
    return Number((((((next - bounds.min) % turn) + turn) % turn) + bounds.min).toPrecision(12));
  }
  if (direction > 0 && bounds.max !== null && next > bounds.max) next = Math.max(base, bounds.max);
  if (direction < 0 && bounds.min !== null && next < bounds.min) next = Math.min(base, bounds.min);
  return next;
}

/** A value as its field shows it: a number as written, nothing as empty. */
export const shownNumber = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
