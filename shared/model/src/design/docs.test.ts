import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PROPERTY_TABLES, type PropSpec } from './properties/index.js';

it('docs/design-format.md documents every property of every layer type', () => {
  const doc = readFileSync(new URL('../../../../docs/design-format.md', import.meta.url), 'utf8');
  for (const [type, table] of Object.entries(PROPERTY_TABLES)) {
    const section = doc.split(`### ${type}\n`)[1]?.split('\n### ')[0] ?? '';
    const shared = doc.split('### Every layer\n')[1]?.split('\n### ')[0] ?? '';
    for (const name of Object.keys(table))
      expect(section.includes(`\`${name}\``) || shared.includes(`\`${name}\``), `${type}.${name}`).toBe(true);
  }
});

it('docs/design-format.md states the default of every property as its table does', () => {
  const doc = readFileSync(new URL('../../../../docs/design-format.md', import.meta.url), 'utf8');
  const shown = (spec: PropSpec): string[] => {
    if (spec.required) return ['required'];
    if (spec.default === undefined) return ['optional'];
    const value = spec.default;
    return [`\`${typeof value === 'string' ? value : JSON.stringify(value)}\``, `\`"${String(value)}"\``];
  };
  let checked = 0;
  for (const [type, table] of Object.entries(PROPERTY_TABLES) as [string, Record<string, PropSpec>][]) {
    const sections = [doc.split(`### ${type}\n`)[1]?.split('\n### ')[0] ?? '', doc.split('### Every layer\n')[1]?.split('\n### ')[0] ?? ''];
    for (const [name, spec] of Object.entries(table)) {
      const row = sections.flatMap((s) => s.split('\n')).find((line) => line.startsWith(`| \`${name}\` `));
      const cell = row?.split('|')[2]?.trim();
      if (cell === undefined) continue;
      expect(shown(spec), `${type}.${name}`).toContain(cell);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(100);
});
