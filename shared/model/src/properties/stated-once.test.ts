/**
 * The catalogue states each layer property once: the stored document's property types, the
 * override types and the renderer input are inferred from it (types.ts, input.ts). This test
 * fails when a hand-written list of property names reappears anywhere else in the model: an
 * interface or object type naming three or more of the catalogue's properties.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Color } from '../color/types.js';
import type { LayerOverride } from '../overrides/types.js';
import type { LAYER_PROPERTIES } from './catalogue.js';
import { ALL_PROPERTY_NAMES } from './design-tables.js';
import { OVERRIDABLE_NAMES } from './overridable.js';
import type { LayerOverrideValues, StoredProperties } from './types.js';

const MODEL = join(import.meta.dirname, '..');
/** More than this many catalogue names in one type is a restated list. */
const MOST = 2;
/**
 * The SDK's read shapes (`DesignDetail` elements): `hidden`, `locked` and `mask` there are
 * per-format wire fields beside the attributes, not the catalogue's properties.
 */
const WIRE_SHAPES = new Set(['ElementRead', 'PageElementRead']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === import.meta.dirname ? [] : sources(path);
    return entry.name.endsWith('.ts') && !/\.(test|fixture)\.ts$/.test(entry.name) && entry.name !== 'arbitraries.ts' ? [path] : [];
  });
}

/** Each interface or object type of a file, with the catalogue property names its members declare. */
function restatements(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isInterfaceDeclaration(node) && !WIRE_SHAPES.has(node.name.text)) || ts.isTypeLiteralNode(node)) {
      const names = node.members.flatMap((m) => (m.name !== undefined && ts.isIdentifier(m.name) ? [m.name.text] : []));
      const stated = names.filter((n) => ALL_PROPERTY_NAMES.has(n));
      if (stated.length > MOST) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${relative(MODEL, path)}:${line + 1}: ${stated.join(', ')}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the catalogue is stated once', () => {
  it('no interface or object type outside the catalogue restates its property names', () => {
    expect(sources(MODEL).flatMap(restatements)).toEqual([]);
  });

  it('finds a restated list (the check can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stated-once-'));
    const probe = join(dir, 'probe.ts');
    writeFileSync(probe, 'export interface TextProperties { payload: string; font_size: number; color?: string }\n');
    expect(restatements(probe)).toHaveLength(1);
    rmSync(dir, { recursive: true });
  });

  it('infers the stored document and the override types from the catalogue', () => {
    expectTypeOf<keyof StoredProperties<'text'>>().toEqualTypeOf<keyof (typeof LAYER_PROPERTIES)['text']>();
    expectTypeOf<StoredProperties<'text'>['color']>().toEqualTypeOf<string>();
    expectTypeOf<StoredProperties<'text'>['stroke_color']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<LayerOverrideValues['color']>().toEqualTypeOf<Color | undefined>();
    expectTypeOf<LayerOverride['video_muted']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<LayerOverride['font_weight']>().toEqualTypeOf<100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900 | undefined>();
    // Not overridable: a request cannot send them.
    expectTypeOf<LayerOverrideValues>().not.toHaveProperty('rotation');
    expectTypeOf<LayerOverrideValues>().not.toHaveProperty('html');
  });

  it('types an override property for each name a request may send, no more', () => {
    const typed: Record<keyof LayerOverrideValues, true> = Object.fromEntries(OVERRIDABLE_NAMES.map((n) => [n, true])) as Record<
      keyof LayerOverrideValues,
      true
    >;
    expect(Object.keys(typed).sort()).toEqual([...OVERRIDABLE_NAMES].sort());
  });
});
