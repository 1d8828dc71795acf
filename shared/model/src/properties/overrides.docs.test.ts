import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAYER_TYPES, type LayerType } from './layer-types.js';
import { OVERRIDABLE_NAMES, overrideOn, widestOverride } from './overridable.js';

/** The layer type whose rules each section of docs/overrides.md states (numeric.docs.test.ts has the numbers). */
const SECTIONS: Record<string, LayerType[]> = {
  'Every layer': ['text'],
  Text: ['text'],
  Button: ['button'],
  'Image and logo': ['image', 'logo'],
  Shape: ['shape'],
  'Rating, illustration, qrcode': ['rating', 'illustration', 'qrcode'],
  'Video and audio': ['video', 'audio'],
};

const doc = readFileSync(new URL('../../../../docs/overrides.md', import.meta.url), 'utf8');
const body = doc.split('## Properties by layer type\n')[1]!.split('\n## ')[0]!;
const rows: { type: LayerType; name: string; rule: string }[] = [];
for (const part of body.split('\n### ').slice(1)) {
  const section = part.slice(0, part.indexOf('\n'));
  // The format background is not a layer type; its one rule is the colour rule of the grammar.
  if (!Object.hasOwn(SECTIONS, section)) continue;
  for (const line of part.split('\n')) {
    const cells = /^\| (.+?) \| (.+) \|$/.exec(line);
    if (!cells || cells[1] === 'Property' || cells[1]!.startsWith('-')) continue;
    // "rating `background_color`", "qrcode `payload`": a row about one layer type of the section.
    const named = LAYER_TYPES.find((t) => cells[1]!.startsWith(`${t} `));
    for (const name of cells[1]!.matchAll(/`([\w.]+)`/g)) {
      // The section's first layer type that has the property.
      const top = name[1]!.split('.')[0]!;
      const type = named ?? SECTIONS[section]!.find((t) => overrideOn(t, top) !== null) ?? SECTIONS[section]![0]!;
      rows.push({ type, name: name[1]!, rule: cells[2]! });
    }
  }
}
const rowsOf = (name: string) => rows.filter((r) => r.name === name || r.name.startsWith(`${name}.`));

describe('docs/overrides.md against the catalogue', () => {
  it('documents every property a request may set', () => {
    for (const name of OVERRIDABLE_NAMES) expect(rowsOf(name).length, name).toBeGreaterThan(0);
  });

  it('lists the values of every enumerated property as the catalogue does', () => {
    let checked = 0;
    for (const name of OVERRIDABLE_NAMES.filter((n) => widestOverride(n)!.kind === 'enum')) {
      for (const row of rowsOf(name)) {
        const words = row.rule.split(/\.\s|\s\(/)[0]!;
        const counted = /^the (\d+) values above$/.exec(words);
        // A row lists the values of its section's layer type (alignment: the ones every type shares, justified ones in words).
        const own = overrideOn(row.type, name)?.values ?? widestOverride(name)!.values!;
        const shared = LAYER_TYPES.map((t) => overrideOn(t, name)?.values).filter((v) => v !== undefined);
        const common = shared.reduce((a, b) => a.filter((v) => b.includes(v)));
        if (counted) expect([own.length, common.length], `${row.type}: ${name}`).toContain(Number(counted[1]));
        else expect([own, common], `${row.type}: ${name}`).toContainEqual(words.split(', '));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(9);
  });

  it('states the kind of every boolean and colour property, and which colours refuse a gradient', () => {
    for (const name of OVERRIDABLE_NAMES) {
      const facts = widestOverride(name)!;
      for (const row of rowsOf(name)) {
        if (facts.kind === 'boolean') expect(row.rule, name).toMatch(/^boolean/);
        if (facts.kind !== 'color') continue;
        expect(row.rule, name).toMatch(/^color/);
        const own = overrideOn(row.type, name) ?? facts;
        expect(row.rule.startsWith('color, no gradient'), `${row.type}: ${name}`).toBe(own.color === 'solid');
      }
    }
  });

  it('states the length of every text property on its layer type', () => {
    for (const name of OVERRIDABLE_NAMES.filter((n) => widestOverride(n)!.kind === 'text' && widestOverride(n)!.rule === undefined)) {
      for (const row of rowsOf(name)) {
        const m = /^string, (\d+)–(\d+)/.exec(row.rule);
        expect(m, `${row.type}: ${name}`).not.toBeNull();
        expect({ min: Number(m![1]), max: Number(m![2]) }, `${row.type}: ${name}`).toEqual(overrideOn(row.type, name)!.length);
      }
    }
  });
});
