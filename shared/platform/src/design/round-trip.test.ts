import { type Design, parseImportPayload, toImportPayload } from '@pressroom/model';
import { describe, expect, it } from 'vitest';
import { loadExampleDocuments } from './examples.js';

function parsed(json: unknown): Design {
  const r = parseImportPayload(json, { requireTarget: false });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.design;
}

/** Through JSON too: the payload travels as text and the design is stored as jsonb. */
function viaExport(d: Design) {
  const { payload, warnings } = toImportPayload(d);
  return { warnings, again: parseImportPayload(JSON.parse(JSON.stringify(payload)), { requireTarget: false }) };
}

// Random designs of every type: shared/model/src/design/import-format/round-trip.property.test.ts.
describe('as-import round trip of the examples', () => {
  it.each(loadExampleDocuments())('$file re-imports to the same design, warning only the texts that shrink to fit', ({ json }) => {
    const d = parsed(json);
    const { warnings, again } = viaExport(d);
    // A text that shrinks to fit keeps its starting size and floor, warned (docs/design-format.md, "as-import").
    expect(warnings.filter((w) => !(w.code === 'property_not_representable' && w.path?.endsWith('min_font_size')))).toEqual([]);
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.design).toEqual(d);
    expect(again.warnings).toEqual([]);
  });
});
