import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';

describe('BoundedCache', () => {
  it('never holds more than its weight budget; evicts the least recently used first', () => {
    const c = new BoundedCache<string, string>(10, (v) => v.length);
    c.set('a', 'aaaa');
    c.set('b', 'bbbb');
    expect(c.get('a')).toBe('aaaa'); // a is now the most recent
    c.set('c', 'cccc'); // 12 > 10: b (least recent) goes
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe('aaaa');
    expect(c.get('c')).toBe('cccc');
    expect(c.weight).toBe(8);
    for (let i = 0; i < 1000; i++) {
      c.set(`k${i}`, 'x'.repeat(1 + (i % 7)));
      expect(c.weight).toBeLessThanOrEqual(10);
    }
  });

  it('does not keep an entry heavier than the budget, and replacing a key reweighs it', () => {
    const c = new BoundedCache<string, string>(5, (v) => v.length);
    c.set('big', 'xxxxxx');
    expect(c.size).toBe(0);
    c.set('k', 'xx');
    c.set('k', 'xxxx');
    expect(c.weight).toBe(4);
    c.delete('k');
    expect([c.size, c.weight]).toEqual([0, 0]);
  });
});
