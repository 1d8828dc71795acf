import { describe, expect, it } from 'vitest';
import { DESIGN_TYPES } from '../properties/layer-types.js';
import { type CreditCosts, creditCostOfFile, OUTPUT_KINDS, outputKindOf } from './cost.js';

const costs: CreditCosts = { image: 1, animation: 5, print: 2 };

describe('creditCostOfFile', () => {
  it('prices each design type by its output kind', () => {
    expect(creditCostOfFile('static', costs)).toBe(1);
    expect(creditCostOfFile('animated', costs)).toBe(5);
    expect(creditCostOfFile('printer', costs)).toBe(2);
    expect(creditCostOfFile('printer_multipage', costs)).toBe(2);
  });

  it('follows the configured prices, not fixed ones', () => {
    const other: CreditCosts = { image: 7, animation: 0, print: 11 };
    expect(DESIGN_TYPES.map((t) => creditCostOfFile(t, other))).toEqual(DESIGN_TYPES.map((t) => other[outputKindOf(t)]));
    expect(creditCostOfFile('animated', other)).toBe(0);
  });

  it('every design type has an output kind, and every kind is reachable', () => {
    const kinds = new Set(DESIGN_TYPES.map(outputKindOf));
    expect([...kinds].sort()).toEqual([...OUTPUT_KINDS].sort());
  });
});
