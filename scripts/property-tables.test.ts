import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { propertyTables, withTables } from './property-tables.js';

describe('docs/design-format.md property tables', () => {
  it('are exactly what the layer-property catalogue states (regenerate with `npm run --silent docs:properties -- --write`)', () => {
    const doc = readFileSync(new URL('../docs/design-format.md', import.meta.url), 'utf8');
    expect(withTables(doc)).toBe(doc);
  });

  it('give every layer type its section, the import spelling of each property, and the narrower stroke width a request may set on text', () => {
    const tables = propertyTables();
    for (const type of ['text', 'button', 'image', 'logo', 'shape', 'illustration', 'rating', 'qrcode', 'video', 'audio', 'group', 'code'])
      expect(tables).toContain(`\n### ${type}\n`);
    const text = tables.split('\n### text\n')[1]!.split('\n### ')[0]!;
    expect(text).toMatch(/\| `stroke_width` +\| `stroke.width` +\| `0` +\| number +\| 0 to 1000 +\| 0 to 40 +\|/);
    expect(text).toMatch(/\| `alignment` +\| `text_align` +\|/);
  });
});
