// A number field typed key by key, pure (number-entry.test.ts): what a text typed so far means,
// what leaving the field does with it, and an arrow key's step. The field (controls.ts
// `NumberField`) is a text box that keeps showing what was typed while it has the focus; the
// design takes each text that reads as a number at once, and nothing else until the field is left.

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

/**
 * What leaving a field (blur, Enter) does with its text: a number is the value; a text that is
 * not one goes back to the last value the field took; an emptied field unsets the property when
 * it may be unset (`clearable`: a layer property, a timing), and goes back otherwise (a box's x,
 * a frame's width).
 */
export type Settled = { kind: 'set'; value: number } | { kind: 'clear' } | { kind: 'revert' };

export function settle(text: string, clearable: boolean): Settled {
  const typed = readTyped(text);
  if (typed.kind === 'number') return { kind: 'set', value: typed.value };
  return typed.kind === 'empty' && clearable ? { kind: 'clear' } : { kind: 'revert' };
}

export interface Bounds {
  min: number | null;
  max: number | null;
}

/**
 * An arrow key's step from the value shown (`from`; 0 while there is none): `step` up or down
 * (1 where the field takes any number), ten times that with Shift. A step never goes past the
 * bound it moves towards (it stops at it); a value already past it stays. Rounded to 12
 * significant digits, so 0.1 + 0.2 steps to 0.3.
 */
export function stepped(from: number | undefined, direction: 1 | -1, big: boolean, step: number | 'any', bounds: Bounds): number {
  const base = from ?? 0;
  const by = (step === 'any' ? 1 : step) * (big ? 10 : 1) * direction;
  let next = Number((base + by).toPrecision(12));
  if (direction > 0 && bounds.max !== null && next > bounds.max) next = Math.max(base, bounds.max);
  if (direction < 0 && bounds.min !== null && next < bounds.min) next = Math.min(base, bounds.min);
  return next;
}

/** A value as its field shows it: a number as written, nothing as empty. */
export const shownNumber = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
