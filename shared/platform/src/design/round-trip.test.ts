import type { Design } from '@pressroom/model';
import { parseDesignDocument, toImportPayload } from '@pressroom/model';
import { design, designDocument } from '@pressroom/model/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadExampleDocuments } from './examples.js';

function parsed(json: unknown): Design {
  const r = parseDesignDocument(json);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.design;
}

/** Through JSON too: the payload travels as text and the design is stored as jsonb. */
function viaExport(d: Design) {
  const { payload } = toImportPayload(d);
  return parseDesignDocument(JSON.parse(JSON.stringify(payload)));
}

describe('as-import round trip', () => {
  it.each(loadExampleDocuments())('$file re-imports to the same design without warnings', ({ json }) => {
    const d = parsed(json);
    const again = viaExport(d);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.design).toEqual(d);
    expect(again.warnings).toEqual([]);
  });

  it('holds for random designs of every type', () => {
    fc.assert(
      fc.property(design(), (d) => {
        const again = viaExport(d);
        // The only warning a re-import may carry: a code layer is stored but never drawn.
        const codeLayers = d.type === 'animated' ? d.elements.filter((e) => e.type === 'code').map((e) => e.name) : [];
        expect(again.ok && again.warnings.map((w) => [w.code, w.layer])).toEqual(codeLayers.map((name) => ['layer_not_drawn', name]));
        if (again.ok) expect(again.design).toEqual(d);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('the stored JSON is stable: parsing is idempotent on its own output', () => {
    fc.assert(
      fc.property(designDocument(), (doc) => {
        const once = parsed(doc);
        expect(parsed(JSON.parse(JSON.stringify(once)))).toEqual(once);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
