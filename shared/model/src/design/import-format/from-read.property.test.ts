import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { design } from '../../testing/arbitraries.js';
import { SOURCE_PROPS } from '../parse/document.js';
import { frameIds, resolveFrame } from '../resolve.js';
import { serializeDesignRead } from '../serialize/index.js';
import type { Design } from '../types.js';
import { importFromDesignRead } from './from-read.js';
import { parseImportPayload } from './parse.js';

/** Where a read says a stored asset is: one URL per asset, as a hosting URL would be. */
const hosted = (d: Design) => (src: string) => {
  if (!src.startsWith('asset:')) return src;
  const asset = d.assets[src.slice(6)]?.src ?? '';
  return /^(https?|data):/.test(asset) ? asset : `https://files.test/${src.slice(6)}`;
};

/**
 * What a design draws in each frame, sources as URLs: the resolved frames (merged properties,
 * boxes, computed hidden, timing and tweens), the formats and the timeline. Two designs that agree
 * here render the same pixels (the renderer draws a resolved frame).
 */
function drawn(d: Design) {
  const url = hosted(d);
  return {
    type: d.type,
    animation: d.type === 'animated' ? d.animation : null,
    frames: frameIds(d).map((id) => {
      const f = resolveFrame(d, id)!;
      // Code layers are not importable, nor drawn: left out, as as-import leaves them out.
      const code = new Set(f.layers.filter((l) => l.type === 'code').map((l) => l.name));
      return {
        ...f,
        // An import computes the DPI (at most 300): a lower requested one never travels (as-import warns it).
        print: f.print === null ? null : { bleed: f.print.bleed, safe: f.print.safe },
        layers: f.layers
          .filter((l) => l.type !== 'code')
          .map((l) => ({
            ...l,
            properties: Object.fromEntries(
              Object.entries(l.properties).map(([k, v]) => [
                k,
                (SOURCE_PROPS as readonly string[]).includes(k) && typeof v === 'string' ? url(v) : v,
              ]),
            ),
            locked: l.type === 'group' ? l.locked : false,
            layer_ids: l.layer_ids?.filter((c) => !code.has(c)) ?? null,
          })),
      };
    }),
  };
}

const record = (d: Design) => ({
  id: '00000000-0000-4000-8000-000000000000',
  design: d,
  created_at: 0,
  updated_at: 0,
  project_id: null,
  project_name: null,
  format_uids: {},
  preview_urls: {},
});

describe('a design read sent back as an import', () => {
  it('validates, and draws what the design draws', () => {
    fc.assert(
      fc.property(design(), (d) => {
        const read = serializeDesignRead(record(d), { advanced: true, resolveSource: hosted(d) });
        const parsed = parseImportPayload(importFromDesignRead(read), { requireTarget: false });
        if (!parsed.ok) throw new Error(`the read does not re-import: ${JSON.stringify(parsed.issues)}`);
        expect(drawn(parsed.design)).toEqual(drawn(d));
      }),
      { numRuns: 150 },
    );
  });
});
