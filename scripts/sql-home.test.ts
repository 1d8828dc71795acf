import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// SQL lives in shared/platform/src/sql/ (docs/architecture.md, "Where SQL lives"). This check keeps
// the production code of every workspace free of it elsewhere: no string or template literal may
// hold a statement. Tests and test helpers (scripts/dev-files.cjs), comments and identifiers are
// not looked at.

const ROOT = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const WORKSPACES = (require('../package.json') as { workspaces: string[] }).workspaces;
const DEV_FILE = new RegExp((require('./dev-files.cjs') as { DEV_FILE: string }).DEV_FILE);
/**
 * Where statements may stand: the SQL home, and the migration runner (its own bookkeeping table and
 * lock; the migrations themselves are .sql files in db/migrations/).
 */
const SQL_HOMES = [/^shared\/platform\/src\/sql\//, /^shared\/platform\/src\/db\/migrate\.ts$/];

/** A DML keyword as it starts or shapes a statement; upper case, as every statement here is written. */
const STATEMENT = /\b(SELECT\s|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b)/;

/** The string and template literals of a TypeScript source that read as SQL statements. */
function sqlLiterals(source: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
  const found: string[] = [];
  let braces = 0;
  const templateDepths: number[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    // Template literals with substitutions: the scanner needs to be told where a `}` resumes one.
    if (token === ts.SyntaxKind.OpenBraceToken) braces++;
    if (token === ts.SyntaxKind.CloseBraceToken) {
      if (templateDepths.at(-1) === braces) {
        token = scanner.reScanTemplateToken(false);
        if (token === ts.SyntaxKind.TemplateTail) templateDepths.pop();
      } else braces--;
    }
    if (token === ts.SyntaxKind.TemplateHead) templateDepths.push(braces);
    if (token === ts.SyntaxKind.SlashToken || token === ts.SyntaxKind.SlashEqualsToken) {
      // A regular expression literal; rescanning keeps `/'/` from opening a string.
      const re = scanner.reScanSlashToken();
      if (re === ts.SyntaxKind.RegularExpressionLiteral) continue;
    }
    const isText =
      token === ts.SyntaxKind.StringLiteral ||
      token === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
      token === ts.SyntaxKind.TemplateHead ||
      token === ts.SyntaxKind.TemplateMiddle ||
      token === ts.SyntaxKind.TemplateTail;
    if (isText && STATEMENT.test(scanner.getTokenValue())) found.push(scanner.getTokenValue());
  }
  return found;
}

/** The production source files below `dir`, relative to the repository root; builds and installs left out. */
function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'coverage'].includes(entry.name) && !entry.name.startsWith('.')) out.push(...productionFiles(path));
    } else if (/\.(ts|mts|js|mjs|cjs)$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name) && !DEV_FILE.test(path)) out.push(path);
  }
  return out;
}

/** A substitution as it appears in a template literal, `${name}`, built so no string here holds one. */
const sub = (name: string) => ['$', '{', name, '}'].join('');

describe('SQL lives in shared/platform/src/sql', () => {
  it('finds a statement in string and template literals, not in comments or names', () => {
    expect(sqlLiterals("db.query('SELECT 1');")).toHaveLength(1);
    expect(sqlLiterals(`db.query(\`UPDATE designs SET name = $2 WHERE id = ${sub('id')}\`);`)).toHaveLength(1);
    expect(sqlLiterals('const q = `\n  INSERT INTO workspaces (name) VALUES ($1)`;')).toHaveLength(1);
    expect(sqlLiterals(`const t = \`a ${sub('x')} b ${sub('y')} DELETE FROM t\`;`)).toHaveLength(1);
    expect(sqlLiterals('// SELECT 1 FROM designs\n/* DELETE FROM t */ const selectDesign = 1;')).toEqual([]);
    expect(sqlLiterals("const msg = 'Select a design'; const re = /'/;")).toEqual([]);
  });

  it('sees every workspace, the SQL home among them', () => {
    const files = WORKSPACES.flatMap(productionFiles);
    for (const workspace of WORKSPACES.filter((w) => w !== 'e2e')) expect(files.some((f) => f.startsWith(`${workspace}/`))).toBe(true);
    expect(
      files
        .filter((f) => SQL_HOMES.some((home) => home.test(f)))
        .filter((f) => sqlLiterals(readFileSync(join(ROOT, f), 'utf8')).length > 0),
    ).not.toEqual([]);
  });

  it('no workspace holds one outside it (production code)', () => {
    const offending = WORKSPACES.flatMap(productionFiles)
      .filter((path) => !SQL_HOMES.some((home) => home.test(path)))
      .filter((path) => sqlLiterals(readFileSync(join(ROOT, path), 'utf8')).length > 0);
    expect(offending).toEqual([]);
  });
});
