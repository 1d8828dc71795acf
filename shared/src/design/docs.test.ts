import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PROPERTY_TABLES } from './properties/index.js';

it('docs/design-format.md documents every property of every layer type', () => {
  const doc = readFileSync(new URL('../../../docs/design-format.md', import.meta.url), 'utf8');
  for (const [type, table] of Object.entries(PROPERTY_TABLES)) {
    const section = doc.split(`### ${type}\n`)[1]?.split('\n### ')[0] ?? '';
    const shared = doc.split('### Every layer\n')[1]?.split('\n### ')[0] ?? '';
    for (const name of Object.keys(table))
      expect(section.includes(`\`${name}\``) || shared.includes(`\`${name}\``), `${type}.${name}`).toBe(true);
  }
});
