import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { design } from '../arbitraries.js';
import { parseImportPayload } from './parse.js';
import { toImportPayload } from './serialize.js';

function parse(payload: unknown) {
  const r = parseImportPayload(payload, { requireTarget: false });
  if (!r.ok) throw new Error(`the export does not re-validate: ${JSON.stringify(r.issues)}`);
  return r.design;
}

describe('the import format round trip', () => {
  it('every export re-validates, and parse → serialize → parse is the identity', () => {
    fc.assert(
      fc.property(design(), (d0) => {
        const d1 = parse(toImportPayload(d0).payload);
        const p1 = toImportPayload(d1).payload;
        const d2 = parse(p1);
        expect(d2).toEqual(d1);
        expect(toImportPayload(d2).payload).toEqual(p1);
      }),
      { numRuns: 150 },
    );
  });

  it('warns, never drops silently, what the format cannot carry', () => {
    fc.assert(
      fc.property(design('animated'), (d) => {
        if (d.type !== 'animated') return;
        const { payload, warnings } = toImportPayload(d);
        const codeLayers = d.elements.filter((e) => e.type === 'code').length;
        expect((payload.layers as unknown[]).length).toBe(d.elements.length - codeLayers);
        expect(warnings.filter((w) => w.code === 'not_round_trippable' && w.layer !== undefined)).toHaveLength(codeLayers);
      }),
      { numRuns: 50 },
    );
  });
});
