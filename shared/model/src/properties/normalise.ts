/**
 * The values the catalogue names a rule for (`OBJECT_RULE_NAMES`) read to one shape: the
 * override validator's rule (overrides/object-rules.ts) and the renderer input's resolve step
 * (input.ts) use the same reading, so a design's value and a request's draw alike. Pure.
 */
import type { Padding } from './values.js';

const PADDING_TEXT = /^\s*(-?\d+(?:\.\d+)?)(?:\s+(-?\d+(?:\.\d+)?))?\s*$/;

/** `"V H"` (vertical then horizontal) or one number for both; null when it is neither. */
export function readPadding(value: string | number): Padding | null {
  if (typeof value === 'number') return Number.isFinite(value) ? { vertical: value, horizontal: value } : null;
  const m = PADDING_TEXT.exec(value);
  if (m === null) return null;
  const vertical = Number(m[1]);
  return { vertical, horizontal: m[2] === undefined ? vertical : Number(m[2]) };
}

/** A mute flag as a level: true silences (1), false plays (0). */
export function muteLevel(muted: boolean): number {
  return muted ? 1 : 0;
}
