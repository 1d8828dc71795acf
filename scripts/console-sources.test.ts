import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web console's bar (docs/console.md, "How it is built"): every source is TypeScript, which
// tsc checks with the rest of the repository, and no source passes 400 lines (a longer file is
// split by responsibility). Each failure lists the offending files.

const CONSOLE = fileURLToPath(new URL('../control-plane/console/', import.meta.url));
/** The most lines a console source may have. */
const MAX_LINES = 400;
/** The sources: code, the page and the style sheets. */
const SOURCE = /\.(ts|js|mjs|cjs|jsx|tsx|html|css)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const files = filesUnder(CONSOLE).map((path) => relative(CONSOLE, path).split('\\').join('/'));

describe('the console’s sources', () => {
  it('are TypeScript: no JavaScript file, and no hand-written declaration standing in for one', () => {
    expect(files.filter((f) => /\.(js|mjs|cjs|jsx)$/.test(f) || f.endsWith('.d.ts'))).toEqual([]);
  });

  it(`have at most ${MAX_LINES} lines each`, () => {
    const long = files
      .filter((f) => SOURCE.test(f))
      .map((f) => ({ file: f, lines: readFileSync(join(CONSOLE, f), 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
