import { describe, expect, it } from 'vitest';
import { bulkSlotLimit } from './bulk-slots.js';

describe('bulkSlotLimit', () => {
  it('keeps the interactive slots out of a bulk run, and always leaves bulk one slot', () => {
    expect(bulkSlotLimit(4, 1)).toBe(3);
    expect(bulkSlotLimit(4, 0)).toBe(4);
    expect(bulkSlotLimit(2, 2)).toBe(1);
    expect(bulkSlotLimit(1, 1)).toBe(1);
  });
});
