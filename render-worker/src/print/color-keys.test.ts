import { describe, expect, it } from 'vitest';
import { ColorKeys, keyColors } from './color-keys.js';

describe('ColorKeys', () => {
  it('gives each distinct CMYK one key and reads it back exactly', () => {
    const keys = new ColorKeys();
    const a = keys.keySolid({ kind: 'cmyk', c: 0, m: 0, y: 0, k: 100, alpha: null });
    const b = keys.keySolid({ kind: 'cmyk', c: 100, m: 100, y: 100, k: 100, alpha: null });
    const again = keys.keySolid({ kind: 'cmyk', c: 0, m: 0, y: 0, k: 100, alpha: 50 });
    expect([a.r, a.g, a.b]).not.toEqual([b.r, b.g, b.b]);
    expect([again.r, again.g, again.b, again.alpha]).toEqual([a.r, a.g, a.b, 0.5]);
    expect(keys.lookup(a.r, a.g, a.b)).toEqual({ c: 0, m: 0, y: 0, k: 100 });
    expect(keys.lookup(b.r, b.g, b.b)).toEqual({ c: 100, m: 100, y: 100, k: 100 });
    expect(keys.lookup(0, 0, 0)).toBeNull();
    expect(keys.size).toBe(2);
  });

  it('converts hex with the import conversion', () => {
    const keys = new ColorKeys();
    const k = keys.keySolid({ kind: 'hex', r: 255, g: 0, b: 0, alpha: 1, digits: 6 });
    expect(keys.lookup(k.r, k.g, k.b)).toEqual({ c: 0, m: 100, y: 100, k: 0 });
  });

  it('never hands out a grey key', () => {
    const keys = new ColorKeys();
    for (let i = 0; i < 3000; i++) {
      const k = keys.keySolid({ kind: 'cmyk', c: i % 101, m: Math.floor(i / 101), y: 0, k: 0, alpha: null });
      expect(k.r === k.g && k.g === k.b).toBe(false);
    }
  });
});

describe('keyColors', () => {
  it('keys colour properties of a design, leaving text and shadows alone', () => {
    const keys = new ColorKeys();
    const doc = {
      formats: [{ name: 'a5', background_color: 'cmyk(0,4,10,2)' }],
      elements: [
        { properties: { payload: '#cafe', color: 'cmyk(0,0,0,100)', shadow_color: 'cmyk(0,0,0,50)' } },
        { properties: { background_color: 'linear-gradient(0% 0% 0% 100%,0% cmyk(20,60,80,45) 1,100% cmyk(25,70,90,60) 1)' } },
        { properties: { illustration_properties: { primary_color: 'cmyka(1,2,3,4,50)' } } },
      ],
    };
    const keyed = keyColors(doc, keys);
    expect(keyed.elements[0]!.properties.payload).toBe('#cafe');
    expect(keyed.elements[0]!.properties.shadow_color).toBe('cmyk(0,0,0,50)');
    expect(keyed.elements[0]!.properties.color).toMatch(/^#07[0-9a-f]{4}$/);
    expect(keyed.formats[0]!.background_color).toMatch(/^#07[0-9a-f]{4}$/);
    expect(keyed.elements[1]!.properties.background_color).toMatch(
      /^linear-gradient\(0% 0% 0% 100%,0% #07[0-9a-f]{4} 1,100% #07[0-9a-f]{4} 1\)$/,
    );
    expect(keyed.elements[2]!.properties.illustration_properties!.primary_color).toMatch(/^#07[0-9a-f]{4}80$/);
    expect(keys.size).toBe(5);
    expect(doc.elements[0]!.properties.color).toBe('cmyk(0,0,0,100)');
  });

  it('keys parsed colours of normalised overrides', () => {
    const keys = new ColorKeys();
    const overrides = { layers: { title: { color: { kind: 'cmyk', c: 10, m: 20, y: 30, k: 40, alpha: null } } }, vars: {} };
    const keyed = keyColors(overrides, keys);
    const c = keyed.layers.title.color as unknown as { kind: string; r: number; g: number; b: number };
    expect(c.kind).toBe('hex');
    expect(keys.lookup(c.r, c.g, c.b)).toEqual({ c: 10, m: 20, y: 30, k: 40 });
  });
});
