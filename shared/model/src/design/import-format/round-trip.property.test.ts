import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { twoTokenAlignment } from '../../properties/values.js';
import { design } from '../../testing/arbitraries.js';
import { SOURCE_PROPS } from '../parse/document.js';
import type { Design, DesignElement, PageElement } from '../types.js';
import { parseImportPayload } from './parse.js';
import { toImportPayload } from './serialize.js';

function parse(payload: unknown) {
  const r = parseImportPayload(payload, { requireTarget: false });
  if (!r.ok) throw new Error(`the export does not re-validate: ${JSON.stringify(r.issues)}`);
  return r.design;
}

/**
 * What a design draws, as the import format must keep it: every layer but code layers (not
 * importable, warned), with each media source resolved to where its bytes are (an upload for a
 * file inside Pressroom), effective print zones, and no requested DPI (computed on import).
 */
function essence(d: Design) {
  const src = (v: unknown) => {
    if (typeof v !== 'string' || !v.startsWith('asset:')) return v;
    const asset = d.assets[v.slice(6)]?.src ?? '';
    return /^(storage|file):/.test(asset) ? 'an upload' : asset;
  };
  // A one-axis alignment is exported in its two-token form, which means the same.
  const value = (k: string, v: unknown) =>
    (SOURCE_PROPS as readonly string[]).includes(k) ? src(v) : k === 'alignment' && typeof v === 'string' ? twoTokenAlignment(v) : v;
  const bag = (b: object) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, value(k, v)]));
  const code = new Set(
    (d.type === 'printer_multipage' ? d.pages.flatMap((p) => p.elements) : d.elements).filter((e) => e.type === 'code').map((e) => e.name),
  );
  const layer = (e: DesignElement | PageElement) => ({
    ...e,
    properties: bag(e.properties),
    ...('overrides' in e ? { overrides: Object.fromEntries(Object.entries(e.overrides).map(([f, o]) => [f, bag(o)])) } : {}),
    ...(e.layer_ids ? { layer_ids: e.layer_ids.filter((id) => !code.has(id)) } : {}),
  });
  const layers = (list: readonly (DesignElement | PageElement)[]) => list.filter((e) => e.type !== 'code').map(layer);
  if (d.type === 'printer_multipage') {
    return {
      name: d.name,
      type: d.type,
      unit: d.print.unit,
      zones: [d.print.bleed, d.print.safe],
      size: d.page_size,
      pages: d.pages.map((p) => ({ ...p, elements: layers(p.elements) })),
    };
  }
  const print = d.type === 'printer' ? d.print : null;
  return {
    name: d.name,
    type: d.type,
    unit: print?.unit,
    animation: d.type === 'animated' ? d.animation : null,
    formats: d.formats.map((f) => ({ ...f, bleed: print ? (f.bleed ?? print.bleed) : null, safe: print ? (f.safe ?? print.safe) : null })),
    layers: layers(d.elements),
  };
}

describe('the import format round trip', () => {
  it('every export re-validates and keeps what the design draws', () => {
    fc.assert(
      fc.property(design(), (d0) => {
        expect(essence(parse(toImportPayload(d0).payload))).toEqual(essence(d0));
      }),
      { numRuns: 150 },
    );
  });

  it('parse → serialize → parse is the identity', () => {
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

  it("writes alignments in the two-token form Abyssale's export writes", () => {
    fc.assert(
      fc.property(design(), (d) => {
        const { payload } = toImportPayload(d);
        type Layer = { type: string; properties: Record<string, unknown> };
        const layers = (payload.pages as { layers: Layer[] }[] | undefined)?.flatMap((p) => p.layers) ?? (payload.layers as Layer[]) ?? [];
        for (const l of layers) {
          // A button's text_align is the label's justification (left, center, right), another property.
          const key = l.type === 'text' ? 'text_align' : 'alignment';
          const bags = 'default' in l.properties ? Object.values(l.properties as Record<string, Record<string, unknown>>) : [l.properties];
          for (const b of bags) if (typeof b[key] === 'string') expect((b[key] as string).split(' '), `${l.type} ${key}`).toHaveLength(2);
        }
      }),
      { numRuns: 100 },
    );
    expect(
      ['top', 'bottom', 'left', 'center', 'right', 'justify', 'justify-right', 'top right', 'custom custom'].map(twoTokenAlignment),
    ).toEqual([
      'top center',
      'bottom center',
      'middle left',
      'middle center',
      'middle right',
      'middle justify',
      'middle justify-right',
      'top right',
      'custom custom',
    ]);
  });

  it("writes a stored rotation in the import's 0-360 (the same turn) and warns at a value past the import's other bounds", () => {
    const box = { x: 0, y: 0, width: 100, height: 100 };
    const stored = parseImportPayload(
      {
        name: 'Before the bounds',
        type: 'static',
        formats: [
          { name: 'square', width: 400, height: 400 },
          { name: 'story', width: 400, height: 800 },
        ],
        layers: [
          {
            name: 'badge',
            type: 'shape',
            layout: box,
            properties: { default: { rotation: -12, opacity: 40.5 }, story: { rotation: -12.5 } },
          },
          { name: 'turned', type: 'shape', layout: box, properties: { rotation: 360, shadow: { color: '#000000', blur: 201 } } },
          { name: 'stars', type: 'rating', layout: box, properties: { star_count: 6, rating_score: 100 } },
        ],
      },
      { requireTarget: false, stored: true },
    );
    if (!stored.ok) throw new Error(JSON.stringify(stored.issues));
    const { payload, warnings } = toImportPayload(stored.design);
    const props = (payload.layers as { properties: Record<string, Record<string, unknown>> }[]).map((l) => l.properties);
    expect(props[0]).toMatchObject({ default: { rotation: 348, opacity: 40.5 }, story: { rotation: 347.5 } });
    expect(props[1]).toMatchObject({ rotation: 360, shadow: { blur: 201 } });
    expect(props[2]).toMatchObject({ star_count: 6 });
    expect(warnings.map((w) => [w.code, w.path, w.layer])).toEqual([
      ['not_round_trippable', 'layers[0].properties.default.opacity', 'badge'],
      ['not_round_trippable', 'layers[1].properties.shadow.blur', 'turned'],
      ['not_round_trippable', 'layers[2].properties.star_count', 'stars'],
    ]);
    expect(warnings[2]!.message).toContain('(5)');
    // What is left is exactly what the import refuses: the rotations pass.
    const again = parseImportPayload(payload, { requireTarget: false });
    expect(again.ok ? [] : again.issues.map((i) => i.path).sort()).toEqual(warnings.map((w) => w.path).sort());
  });

  it('warns property_not_representable on each text that shrinks to fit, naming the layer and min_font_size', () => {
    const payload = {
      name: 'Fit',
      type: 'static',
      formats: [{ name: 'square', width: 400, height: 400 }],
      layers: [
        {
          name: 'fits',
          type: 'text',
          layout: { x: 0, y: 0, width: 100, height: 50 },
          properties: { payload: 'Hi', font_size: 40, min_font_size: 12 },
        },
        { name: 'fixed', type: 'text', layout: { x: 0, y: 0, width: 100, height: 50 }, properties: { payload: 'Hi', font_size: 40 } },
      ],
    };
    const { warnings, payload: exported } = toImportPayload(parse(payload));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'property_not_representable', layer: 'fits', path: 'layers[0].properties.min_font_size' }),
    ]);
    // Kept, so the copy fits as the original does.
    expect((exported.layers as { properties: object }[])[0]!.properties).toMatchObject({
      font_size: 40,
      min_font_size: 12,
      auto_resize: true,
    });
  });
});
