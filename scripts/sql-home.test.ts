import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// SQL lives in shared/platform/src/sql/ (docs/architecture.md, "Where SQL lives"). This check keeps
// the control plane's production code free of it: no string or template literal there may hold a
// statement. Tests, comments and identifiers are not looked at.

const ROOT = join(import.meta.dirname, '..');
const CONTROL_PLANE = join(ROOT, 'control-plane', 'src');

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

function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...productionFiles(path));
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name)) out.push(path);
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

  it('the control plane holds none (production code)', () => {
    const offending = productionFiles(CONTROL_PLANE)
      .map((path) => relative(ROOT, path))
      .filter((path) => sqlLiterals(readFileSync(join(ROOT, path), 'utf8')).length > 0);
    expect(offending).toEqual([]);
  });
});
