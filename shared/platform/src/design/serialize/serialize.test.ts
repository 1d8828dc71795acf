import { randomUUID } from 'node:crypto';
import type { Design, DesignRecord, MultipageDesign } from '@pressroom/model';
import {
  isDuplicationExpired,
  serializeCategory,
  serializeDesignListItem,
  serializeDesignNameResult,
  serializeDesignRead,
  serializeDuplicationAccepted,
  serializeDuplicationStatus,
  serializeFormatDetail,
  serializeMultipageRead,
  serializeWorkspaceTemplate,
  summaryOf,
} from '@pressroom/model';
import * as SDK from '@pressroom/model/testing';
import { design as arbitraryDesign } from '@pressroom/model/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadExampleDocuments, parseExampleDocument } from '../examples.js';

const examples = Object.fromEntries(
  loadExampleDocuments().map(({ file, json }) => {
    const r = parseExampleDocument(json);
    if (!r.ok) throw new Error(file);
    return [file.replace('.json', ''), r.design];
  }),
) as Record<string, Design>;

function record(design: Design, over: Partial<DesignRecord> = {}): DesignRecord {
  const frames = design.type === 'printer_multipage' ? design.pages.map((p) => p.id) : design.formats.map((f) => f.name);
  return {
    id: randomUUID(),
    design,
    created_at: 1_760_000_000,
    updated_at: 1_760_000_100,
    project_id: randomUUID(),
    project_name: 'Fall campaigns',
    format_uids: Object.fromEntries(frames.map((f) => [f, randomUUID()])),
    preview_urls: Object.fromEntries(frames.map((f) => [f, `https://cdn.example.com/previews/${f}.png`])),
    ...over,
  };
}
const resolveSource = (src: string) => (src.startsWith('asset:') ? `https://cdn.example.com/assets/${src.slice(6)}` : src);

function check<T>(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: T): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(JSON.stringify(r.error, null, 1));
  return value;
}

/** The design read of a format design (not multipage): its elements are a list. */
function formatRead(r: DesignRecord, opts?: Parameters<typeof serializeDesignRead>[1]) {
  const read = serializeDesignRead(r, opts);
  if (!('elements' in read)) throw new Error(`${r.design.type} reads without elements`);
  return read;
}

describe('design read (SDK DesignDetail)', () => {
  it.each(Object.keys(examples))('%s matches the SDK model in both views', (name) => {
    const d = examples[name] as Design;
    const r = record(d);
    const schema = d.type === 'printer_multipage' ? SDK.MultipageDetail : SDK.DesignDetail;
    check(schema, serializeDesignRead(r, { resolveSource }));
    check(schema, serializeDesignRead(r, { advanced: true, resolveSource }));
  });

  it('matches the SDK model for random designs', () => {
    fc.assert(
      fc.property(arbitraryDesign(), fc.boolean(), (d, advanced) => {
        const schema = d.type === 'printer_multipage' ? SDK.MultipageDetail : SDK.DesignDetail;
        check(schema, serializeDesignRead(record(d), { advanced }));
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('keeps deprecated fields equal to their replacements', () => {
    const r = record(examples['static-summer-sale'] as Design);
    const read = serializeDesignRead(r);
    expect(read.template_id).toBe(r.id);
    expect(read.category_id).toBe(r.project_id);
    expect(read.category_name).toBe('Fall campaigns');
    const orphan = serializeDesignRead(record(r.design, { project_id: null, project_name: null }));
    expect([orphan.project_id, orphan.category_id, orphan.category_name]).toEqual([null, null, null]);
  });

  it('shows group layers only in the advanced view, with per-format computed state and mask', () => {
    const r = record(examples['static-summer-sale'] as Design);
    const names = (read: Record<string, unknown>) => (read.elements as { name: string }[]).map((e) => e.name);
    expect(names(formatRead(r))).not.toContain('hero-frame');
    const advanced = formatRead(r, { advanced: true }).elements as Record<string, unknown>[];
    const group = advanced.find((e) => e.name === 'hero-frame');
    expect(group).toMatchObject({
      type: 'group',
      layer_ids: ['hero-photo'],
      hidden: { square: false, landscape: false, story: false },
      group: { square: { auto_layout: false } },
      mask: { square: { shape: 'ellipse', rx: 230 }, story: { rx: 350 } },
    });
    // Its drawing properties are attributes (a read says everything it draws); its own fields are not.
    const ids = ((group?.attributes ?? []) as { id: string }[]).map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining(['opacity', 'rotation', 'shadow_blur']));
    for (const own of ['hidden', 'locked', 'auto_layout', 'mask']) expect(ids).not.toContain(own);
    expect(names(formatRead(r, { advanced: true }))[0]).toBe('root');
  });

  it('gives attribute values per format, with overrides applied and sources resolved', () => {
    const read = formatRead(record(examples['static-summer-sale'] as Design), { resolveSource });
    const headline = (read.elements as { name: string; attributes: { id: string; values: Record<string, unknown> }[] }[]).find(
      (e) => e.name === 'headline',
    );
    expect(headline?.attributes.find((a) => a.id === 'font_size')?.values).toEqual({ square: 76, landscape: 60, story: 100 });
    const logo = (read.elements as { name: string; attributes: { id: string; values: Record<string, unknown> }[] }[]).find(
      (e) => e.name === 'logo',
    );
    expect(logo?.attributes.find((a) => a.id === 'image_url')?.values.square).toBe('https://cdn.example.com/assets/logo-northwind.svg');
    const qr = (read.elements as { name: string; layout: Record<string, unknown> }[]).find((e) => e.name === 'qr');
    expect(Object.keys(qr?.layout ?? {})).toEqual(['square', 'story']);
  });

  it('reports print formats with dpi and zones, and the animation block on animated designs', () => {
    const flyer = formatRead(record(examples['printer-cafe-flyer'] as Design)) as { formats: Record<string, unknown>[] };
    expect(flyer.formats).toEqual([
      expect.objectContaining({ id: 'a5', unit: 'mm', width: 148, dpi: 300, bleed_size: 3, safe_size: 5 }),
      expect.objectContaining({ id: 'a6', dpi: 300, bleed_size: 3, safe_size: 4 }),
    ]);
    const teaser = formatRead(record(examples['animated-product-launch'] as Design), { advanced: true });
    expect(teaser.animation).toEqual({ duration: 6, screenshot_at_s: 4 });
    const offer = (teaser.elements as Record<string, unknown>[]).find((e) => e.name === 'offer');
    expect(offer?.animation).toEqual({ start_at_s: 2.4, end_at_s: null });
    expect(offer).not.toHaveProperty('group');
  });
});

describe('multipage read', () => {
  const d = examples['printer-multipage-catalogue'] as MultipageDesign;

  it('has pages, flat elements per page with object attributes, and document-level print values', () => {
    const read = check(SDK.MultipageDetail, serializeMultipageRead(record(d) as DesignRecord & { design: MultipageDesign }));
    expect(read).not.toHaveProperty('formats');
    expect(read.pages.map((p) => p.id)).toEqual(['page_1', 'page_2', 'page_3']);
    expect(read.pages[0]).toEqual({
      id: 'page_1',
      width: 210,
      height: 297,
      unit: 'mm',
      preview_url: 'https://cdn.example.com/previews/page_1.png',
    });
    expect([read.dpi, read.bleed_size, read.safe_size]).toEqual([300, 3, 8]);
    const title = read.elements_per_page.page_1?.find((e) => e.name === 'title');
    expect(title?.attributes.payload).toEqual({ id: 'payload', help: expect.any(String), value: 'The Brew Catalogue' });
    expect(read.elements_per_page.page_2?.some((e) => e.type === 'group')).toBe(false);
  });

  it('has no addressable formats', () => {
    expect(serializeFormatDetail(record(d), 'page_1')).toBeNull();
  });
});

describe('format detail (SDK DesignFormatDetail)', () => {
  it('flattens one format, found by name or uid, always advanced', () => {
    const r = record(examples['static-summer-sale'] as Design);
    const uid = r.format_uids.landscape as string;
    const byUid = check(SDK.DesignFormatDetail, serializeFormatDetail(r, uid.toUpperCase()));
    expect(byUid).toEqual(serializeFormatDetail(r, 'landscape'));
    expect(byUid?.id).toBe('landscape');
    expect(byUid?.design).toEqual({
      type: 'static',
      category_name: 'Fall campaigns',
      id: r.id,
      name: r.design.name,
      created_at: r.created_at,
      updated_at: r.updated_at,
    });
    const elements = byUid?.elements as { name: string; attributes: { id: string; value: unknown }[] }[];
    expect(elements.map((e) => e.name)).toContain('hero-frame');
    expect(elements.map((e) => e.name)).not.toContain('qr'); // not laid out in landscape
    expect(elements.find((e) => e.name === 'headline')?.attributes.find((a) => a.id === 'font_size')?.value).toBe(60);
    expect(serializeFormatDetail(r, 'nope')).toBeNull();
  });

  it('matches the SDK model for every format of random designs', () => {
    fc.assert(
      fc.property(arbitraryDesign(), (d) => {
        const r = record(d);
        for (const f of d.type === 'printer_multipage' ? [] : d.formats) check(SDK.DesignFormatDetail, serializeFormatDetail(r, f.name));
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});

describe('listing, workspace templates, categories', () => {
  it('a listing item has the design fields and preview_url, and no template_id', () => {
    const r = record(examples['static-webinar'] as Design);
    const item = check(SDK.DesignListItem, serializeDesignListItem(summaryOf(r)));
    expect(item).not.toHaveProperty('template_id');
    expect(item.preview_url).toBe('https://cdn.example.com/previews/landscape.png');
    expect(item.category_id).toBe(r.project_id);
  });

  it('workspace templates and categories match the SDK models', () => {
    const t = serializeWorkspaceTemplate({
      id: randomUUID(),
      name: 'Brand master',
      type: 'static',
      created_at: 1,
      updated_at: 2,
      category_id: null,
      category_name: null,
      preview_url: 'https://cdn.example.com/t.png',
    });
    expect(check(SDK.WorkspaceTemplate, t).category_id).toBeNull();
    check(
      SDK.WorkspaceTemplateCategory,
      serializeCategory({ id: randomUUID(), name: 'Brand assets', color: '#4F46E5', icon: 'star', created_at: 3 }),
    );
  });
});

describe('duplication requests and name results', () => {
  const base = {
    id: randomUUID(),
    created_at: 1_700_000_000,
    completed_at: null,
    errored_at: null,
    target_project: { id: randomUUID(), name: 'HTML5 Tests', created_at: 1_690_000_000 },
    source: { id: randomUUID() },
    result: null,
  };

  it('lists the new design only once completed', () => {
    expect(check(SDK.DuplicationRequestStatus, serializeDuplicationStatus({ ...base, status: 'IN_PROGRESS' })).designs).toEqual([]);
    const done = check(
      SDK.DuplicationRequestStatus,
      serializeDuplicationStatus({ ...base, status: 'COMPLETED', completed_at: 1_700_000_002, result: { id: randomUUID(), name: 'Copy' } }),
    );
    expect(done.designs).toEqual([
      { original_design_id: base.source.id, target_design_id: expect.any(String), target_design_name: 'Copy' },
    ]);
    expect(done.target_project.created_at_ts).toBe(1_690_000_000);
    check(SDK.DuplicationRequest, serializeDuplicationAccepted(base.id));
    check(SDK.DesignNameResult, serializeDesignNameResult({ id: base.id, name: 'Summer sale' }));
  });

  it('expires after exactly 7 days', () => {
    expect(isDuplicationExpired(0, 7 * 24 * 3600)).toBe(false);
    expect(isDuplicationExpired(0, 7 * 24 * 3600 + 1)).toBe(true);
  });
});
