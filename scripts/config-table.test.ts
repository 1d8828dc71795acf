import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTable } from './config-table.js';

describe('README configuration table', () => {
  it('is exactly what the processes declare (regenerate with `npm run --silent config:table`)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const between = /<!-- config:start -->\n([\s\S]*?)\n<!-- config:end -->/.exec(readme);
    expect(between?.[1]).toBe(configTable());
  });
});
