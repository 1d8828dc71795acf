import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NUMERIC_PROPERTIES, type NumericPropertyName, type NumericRange, overrideRange } from './numeric.js';

/** The layer type whose override bound each section of docs/overrides.md states. */
const SECTIONS: Record<string, string> = {
  'Every layer': 'text',
  Text: 'text',
  Button: 'button',
  'Image and logo': 'image',
  Shape: 'shape',
  'Rating, illustration, qrcode': 'rating',
  'Video and audio': 'audio',
};

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';

/** Reads "number, min 0", "number, -200 to 200", "number, 0–40", "number, above 0 and at most 400", "number". */
function readRule(rule: string): NumericRange | null {
  const text = rule.replace(/^(number|[^,]*number[^,]*),?\s*/, '').replace(/\s*\(.*$/, '');
  let m = new RegExp(`^min ${NUMBER}`).exec(text);
  if (m) return { min: Number(m[1]) };
  m = new RegExp(`^above ${NUMBER} and at most ${NUMBER}`).exec(text);
  if (m) return { above: Number(m[1]), max: Number(m[2]) };
  m = new RegExp(`^${NUMBER}(?: to |–)${NUMBER}`).exec(text);
  if (m) return { min: Number(m[1]), max: Number(m[2]) };
  if (text === '') return {};
  return null;
}

describe('docs/overrides.md', () => {
  const doc = readFileSync(new URL('../../../../docs/overrides.md', import.meta.url), 'utf8');
  const body = doc.split('## Properties by layer type\n')[1]!.split('\n## ')[0]!;
  const rows: { section: string; name: string; rule: string }[] = [];
  for (const part of body.split('\n### ').slice(1)) {
    const section = part.slice(0, part.indexOf('\n'));
    for (const line of part.split('\n')) {
      const cells = /^\| (.+?) \| (number.*) \|$/.exec(line);
      if (!cells) continue;
      for (const name of cells[1]!.matchAll(/`([\w.]+)`/g)) rows.push({ section, name: name[1]!, rule: cells[2]! });
    }
  }

  it('states the override range of every overridable numeric property as the catalogue does', () => {
    const documented = new Set<string>();
    for (const { section, name, rule } of rows) {
      if (!Object.hasOwn(NUMERIC_PROPERTIES, name)) continue;
      documented.add(name);
      const layerType = SECTIONS[section];
      expect(layerType, `section "${section}"`).toBeDefined();
      expect(readRule(rule), `${section}: ${name}`).toEqual(overrideRange(name as NumericPropertyName, layerType));
    }
    const overridable = Object.entries(NUMERIC_PROPERTIES).filter(([name, p]) => p.override !== null && !name.includes('.'));
    for (const [name] of overridable) expect(documented.has(name), `${name} is documented`).toBe(true);
  });

  it('states the narrower stroke width on text and button', () => {
    expect(body).toContain(`\`stroke_width\` is 0–${overrideRange('stroke_width', 'button')!.max}.`);
  });
});
