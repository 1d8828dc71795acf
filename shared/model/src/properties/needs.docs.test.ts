import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PROPERTY_NEEDS } from './needs.js';

// docs/overrides.md, "Properties that need another", states PROPERTY_NEEDS row by row: the same
// (layer type, property, the properties it needs) triples, no more, no fewer.
const doc = readFileSync(new URL('../../../../docs/overrides.md', import.meta.url), 'utf8');
const section = doc.split('## Properties that need another\n')[1]!.split('\n## ')[0]!;

it('docs/overrides.md lists every property that needs another, with what it needs', () => {
  const documented = new Set<string>();
  for (const line of section.split('\n')) {
    const cells = /^\| ([a-z, ]+) \| (.+?) \| (.+) \|$/.exec(line);
    if (!cells || cells[1] === 'Layer types') continue;
    const needs = [...cells[3]!.matchAll(/`([\w.]+)`/g)].map((m) => m[1]).sort();
    for (const type of cells[1]!.split(', '))
      for (const name of cells[2]!.matchAll(/`([\w.]+)`/g)) documented.add(`${type} ${name[1]} ← ${needs.join(', ')}`);
  }
  const stated = new Set<string>();
  for (const [type, table] of Object.entries(PROPERTY_NEEDS))
    for (const [name, needs] of Object.entries(table!))
      stated.add(
        `${type} ${name} ← ${needs
          .map((n) => n.on)
          .sort()
          .join(', ')}`,
      );
  expect([...documented].sort()).toEqual([...stated].sort());
});
