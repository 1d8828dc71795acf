import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findServedFormat } from '@pressroom/control-plane/services/dynamic-images/resource';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import type { WorkerRuntime } from '@pressroom/platform';
import { EXAMPLE_ASSETS_DIR } from '@pressroom/platform';
import { until } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, importExamples, importViaApi, solidPreview, startDesignWorker, unsign } from '../design-worker.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests read JSON bodies field by field
type Json = Record<string, any>;

/**
 * A design read without what a change does not decide: signatures, `updated_at`, and previews
 * (dropped by a change, drawn again by the render worker whenever its job runs).
 */
function comparable({ updated_at: _u, formats, ...read }: Json): unknown {
  return unsign({ ...read, formats: formats.map(({ preview_url: _p, ...f }: Json) => f) });
}

/** The import payload with one layer's box (every format's) moved right by `dx`. */
function moved(payload: Json, layer: string, dx: number): Json {
  const copy = structuredClone(payload);
  const l = (copy.layers as Json[]).find((x) => x.name === layer)!;
  const boxes = 'x' in l.layout ? [l.layout] : Object.values(l.layout as Record<string, Json>);
  for (const box of boxes) box.x += dx;
  return copy;
}

describe('PUT /designs/<id>/document and versions, on real Postgres and real storage', () => {
  let h: Harness;
  let app: FastifyInstance;
  let worker: WorkerRuntime;
  let ws: { id: string; key: string };
  let other: { id: string; key: string };
  let projectId: string;
  let byFile: Map<string, string>;
  const get = (url: string, key = ws.key) => app.inject({ method: 'GET', url, headers: headers(key) });
  const put = (id: string, payload: unknown, key = ws.key) =>
    app.inject({ method: 'PUT', url: `/designs/${id}/document`, payload: payload as Json, headers: headers(key) });
  const exported = async (id: string): Promise<Json> => (await get(`/designs/${id}/as-import`)).json().payload;

  beforeAll(async () => {
    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
      RATE_LIMIT_READ_PER_MINUTE: '100000',
      RATE_LIMIT_READ_PER_HOUR: '100000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000',
      RATE_LIMIT_WRITE_PER_HOUR: '10000',
      RATE_LIMIT_VALIDATION_PER_MINUTE: '1000',
      RATE_LIMIT_POLLING_PER_MINUTE: '100000',
    });
    app = await h.build();
    ws = await h.workspace();
    other = await h.workspace('pro', 'Other');
    projectId = (await app.inject({ method: 'POST', url: '/projects', payload: { name: 'Examples' }, headers: headers(ws.key) })).json().id;
    worker = await startDesignWorker(h.db.pool, h.storage, solidPreview);
    byFile = await importExamples(app, h.db.pool, h.storage, ws, projectId);
  });
  afterAll(async () => {
    await worker.stop();
    await h.close();
  });

  it('takes the design’s own as-import payload with a layer moved 40 px: 200, the read shows the move, ids stay', async () => {
    const id = byFile.get('static-webinar.json')!;
    const before = (await get(`/designs/${id}`)).json();
    const payload = await exported(id);
    const res = await put(id, moved(payload, 'speaker-name', 40));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.warnings).toEqual([]);
    const { warnings: _w, ...read } = body;
    expect(comparable(read)).toEqual(comparable((await get(`/designs/${id}`)).json()));
    expect(read.id).toBe(id);
    expect(read.project_id).toBe(before.project_id);
    // Format uids (and with them the dynamic image URLs) stay.
    expect(read.formats.map((f: Json) => [f.id, f.uid])).toEqual(before.formats.map((f: Json) => [f.id, f.uid]));
    const layout = (r: Json) => (r.elements as Json[]).find((e) => e.name === 'speaker-name')!.layout as Record<string, Json>;
    for (const format of before.formats as Json[]) {
      expect(layout(read)[format.id]!.x, format.id).toBe(layout(before)[format.id]!.x + 40);
      expect(layout(read)[format.id]!.y, format.id).toBe(layout(before)[format.id]!.y);
    }
    const after = await exported(id);
    expect(unsign(after)).toEqual(unsign(moved(payload, 'speaker-name', 40)));
    // The speaker photo stayed the design's stored file: its hosting URL was taken back, not fetched.
    const { rows } = await h.db.pool.query<{ document: Json; version: number }>('SELECT document, version FROM designs WHERE id = $1', [
      id,
    ]);
    expect(rows[0]!.document.assets['speaker-portrait.png'].src).toMatch(/^storage:/);
    expect(rows[0]!.version).toBe(2);
  });

  it('lists versions newest first, reads one as an import payload, and restores it as a new version', async () => {
    const id = byFile.get('static-summer-sale.json')!;
    const original = await exported(id);
    const originalRead = (await get(`/designs/${id}`)).json();
    expect((await put(id, moved(original, original.layers[0].name, 40))).statusCode).toBe(200);
    expect((await put(id, moved(original, original.layers[0].name, 80))).statusCode).toBe(200);
    const list = await get(`/designs/${id}/versions`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((v: Json) => [v.number, v.made_by, v.restored_from, v.current])).toEqual([
      [3, 'put', null, true],
      [2, 'put', null, false],
      [1, 'import', null, false],
    ]);
    expect(list.json()[0].created_at).toEqual(expect.any(Number));
    // A rename changes the name, not the version: the current version reads with the new name.
    const renamed = await app.inject({
      method: 'PUT',
      url: `/designs/${id}/name`,
      payload: { name: 'Renamed sale' },
      headers: headers(ws.key),
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(`/designs/${id}/versions`)).json()[0].number).toBe(3);
    expect((await get(`/designs/${id}/versions/3`)).json().payload.name).toBe('Renamed sale');
    expect((await get(`/designs/${id}/versions/2`)).json().payload.name).toBe(original.name);
    const first = (await get(`/designs/${id}/versions/1`)).json();
    expect(first).toMatchObject({ number: 1, made_by: 'import', current: false, warnings: expect.any(Array) });
    expect(unsign(first.payload)).toEqual(unsign(original));

    // Restore by PUT of the old payload, and by the restore operation.
    expect((await put(id, first.payload)).statusCode).toBe(200);
    expect(unsign(await exported(id))).toEqual(unsign(original));
    const restored = await app.inject({ method: 'POST', url: `/designs/${id}/versions/2/restore`, headers: headers(ws.key) });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().id).toBe(id);
    expect(unsign(await exported(id))).toEqual(unsign(moved(original, original.layers[0].name, 40)));
    const top = (await get(`/designs/${id}/versions`)).json().slice(0, 2);
    expect(top.map((v: Json) => [v.number, v.made_by, v.restored_from, v.current])).toEqual([
      [5, 'restore', 2, true],
      [4, 'put', null, false],
    ]);
    const back = await app.inject({ method: 'POST', url: `/designs/${id}/versions/1/restore`, headers: headers(ws.key) });
    expect(comparable(back.json())).toEqual(comparable(originalRead));
  });

  it('validates exactly like an import: the same ids, paths and warnings', async () => {
    const id = byFile.get('static-webinar.json')!;
    const payload = await exported(id);
    const bad = structuredClone(payload);
    bad.formats[0].width = 6000;
    bad.layers[1].layout = 'wide';
    const asImport = await app.inject({
      method: 'POST',
      url: '/designs/import/json?validate_only=true',
      payload: { ...bad, target: { kind: 'design', project_uuid: projectId } },
      headers: headers(ws.key),
    });
    const res = await put(id, bad);
    expect(res.statusCode).toBe(asImport.statusCode);
    expect(res.json()).toEqual(asImport.json());
    expect(res.json().errors.map((e: Json) => e.path)).toEqual(expect.arrayContaining(['formats[0].width', 'layers[1].layout']));

    // Parse warnings (a colour converted, a flag dropped) and the build phase's font_weight_adjusted
    // read as on the record of the same payload imported to DONE.
    const warned = structuredClone(payload);
    warned.layers[0].locked = true;
    if (warned.layers[0].type === 'shape') warned.layers[0].properties.background_color = 'cmyk(0,100,100,0)';
    const text = (warned.layers as Json[]).findIndex((l) => l.type === 'text');
    const bag = warned.layers[text].properties;
    Object.assign(bag.default ?? bag, { font: 'Lobster', font_weight: 900 });
    // The design's stored photo, by hosting URL, is an upload for an import: send it as such.
    const photo = (warned.layers as Json[]).findIndex((l) => l.name === 'speaker-photo');
    const forImport = structuredClone(warned);
    forImport.layers[photo].properties.src = 'speaker-portrait.png';
    const png = await readFile(join(EXAMPLE_ASSETS_DIR, 'speaker-portrait.png'));
    const done = await importViaApi(
      app,
      ws.key,
      { ...forImport, target: { kind: 'design', project_uuid: projectId } },
      {
        'speaker-portrait.png': png,
      },
    );
    expect(done.status).toBe('DONE');
    const ok = await put(id, warned);
    expect(ok.statusCode, ok.body).toBe(200);
    const codes = (done.warnings as Json[]).map((w) => w.code);
    expect(codes).toEqual(expect.arrayContaining(['property_dropped_for_type', 'font_weight_adjusted']));
    expect(ok.json().warnings).toEqual(done.warnings);
  });

  it('refuses a target, a change of type, an upload it cannot take and an unknown font, at their paths', async () => {
    const id = byFile.get('static-webinar.json')!;
    const payload = await exported(id);
    const version = async () => (await h.db.pool.query('SELECT version FROM designs WHERE id = $1', [id])).rows[0].version;
    const was = await version();

    const targeted = await put(id, { ...payload, target: { kind: 'design', project_uuid: projectId } });
    expect(targeted.statusCode).toBe(400);
    expect(targeted.json().errors).toEqual([expect.objectContaining({ path: 'target', code: 'unknown_field' })]);

    const retyped = await put(id, { ...payload, type: 'animated', animation: { duration: 5 } });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().errors).toEqual([
      expect.objectContaining({ path: 'type', code: 'invalid_design_type', expected: ['static'], received: 'animated' }),
    ]);

    const photo = (payload.layers as Json[]).findIndex((l) => l.name === 'speaker-photo');
    const upload = structuredClone(payload);
    upload.layers[photo].properties.src = 'new-photo.png';
    const refused = await put(id, upload);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      id: 'missing_assets',
      errors: [{ path: `layers[${photo}].properties.src`, code: 'missing_assets', received: 'new-photo.png' }],
    });

    // A bare name of a file the design stores is that file.
    const named = structuredClone(payload);
    named.layers[photo].properties.src = 'speaker-portrait.png';
    expect((await put(id, named)).statusCode).toBe(200);
    const { rows } = await h.db.pool.query('SELECT document FROM designs WHERE id = $1', [id]);
    expect(rows[0].document.elements[photo].properties.image_url).toBe('asset:speaker-portrait.png');
    expect(rows[0].document.assets['speaker-portrait.png'].src).toMatch(/^storage:/);

    const text = (payload.layers as Json[]).findIndex((l) => l.type === 'text');
    const font = structuredClone(payload);
    const bag = font.layers[text].properties;
    (bag.default ?? bag).font = 'No Such Font';
    const unknown = await put(id, font);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0], unknown.body).toMatchObject({
      code: 'unknown_font',
      path: expect.stringMatching(new RegExp(`^layers\\[${text}\\]`)),
    });

    expect(await version()).toBe(was + 1);
  });

  it('keeps format rows by name: a kept format keeps its uid, a new one gets one, a removed one is gone', async () => {
    const id = byFile.get('static-summer-sale.json')!;
    const before = (await get(`/designs/${id}`)).json();
    const payload = await exported(id);
    const [keep, drop, ...rest] = payload.formats as Json[];
    const next = structuredClone(payload);
    next.formats = [keep, { ...keep, name: 'banner', width: 1500, height: 500 }];
    for (const l of next.layers as Json[]) {
      if (!('x' in l.layout)) l.layout = { [keep!.name]: l.layout[keep!.name], banner: l.layout[keep!.name] };
      for (const f of [drop, ...rest]) if (l.properties && f!.name in l.properties) delete l.properties[f!.name];
    }
    const res = await put(id, next);
    expect(res.statusCode, res.body).toBe(200);
    const uids = Object.fromEntries(res.json().formats.map((f: Json) => [f.id, f.uid]));
    expect(uids[keep!.name]).toBe(before.formats.find((f: Json) => f.id === keep!.name).uid);
    expect(uids.banner).toEqual(expect.any(String));
    expect((await get(`/designs/${id}/formats/${drop!.name}`)).json().id).toBe('format_not_found');
  });

  it('draws the new version’s previews in the render worker, as the import draws them', async () => {
    const id = byFile.get('static-webinar.json')!;
    const payload = await exported(id);
    payload.formats[0].background_color = '#123456';
    const res = await put(id, payload);
    expect(res.statusCode).toBe(200);
    const formats = await until(
      "every format's preview of the new version",
      async () => {
        const read: Json[] = (await get(`/designs/${id}`)).json().formats;
        return read.every((f) => f.preview_url) && read;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const url = new URL(formats[0]!.preview_url);
    // The new version's own preview (the old ones showed another document and were dropped).
    const { rows } = await h.db.pool.query<{ version: number }>('SELECT version FROM designs WHERE id = $1', [id]);
    expect(url.pathname).toMatch(new RegExp(`-v${rows[0]!.version}\\.png$`));
    const png = await h.storage.get(decodeURIComponent(url.pathname.replace(/^\/files\//, '')));
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x12, 0x34, 0x56]);
  });

  it('bumps the version dynamic-image variants are keyed on', async () => {
    const id = byFile.get('static-webinar.json')!;
    const created = await app.inject({ method: 'POST', url: `/designs/${id}/dynamic-image-url`, payload: {}, headers: headers(ws.key) });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const uid = (await get(`/designs/${id}`)).json().formats[0].uid;
    const before = (await findServedFormat(h.db.pool, uid))!.design_version;
    expect((await put(id, moved(await exported(id), 'speaker-name', 40))).statusCode).toBe(200);
    const after = (await findServedFormat(h.db.pool, uid))!.design_version;
    expect(after).not.toBe(before);
    expect(Number(after)).toBe(Number(before) + 1);
  });

  it('serialises concurrent PUTs into consecutive versions, and bumps the version on deletion', async () => {
    const id = byFile.get('printer-cafe-flyer.json')!;
    const payload = await exported(id);
    const version = async () => (await h.db.pool.query('SELECT version FROM designs WHERE id = $1', [id])).rows[0].version as number;
    const was = await version();
    const [a, b] = await Promise.all([put(id, { ...payload, name: 'Flyer A' }), put(id, { ...payload, name: 'Flyer B' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const list = (await get(`/designs/${id}/versions`)).json();
    expect(list.slice(0, 2).map((v: Json) => [v.number, v.made_by])).toEqual([
      [was + 2, 'put'],
      [was + 1, 'put'],
    ]);
    // The later of the two is the design.
    const names = await Promise.all([was + 1, was + 2].map(async (n) => (await get(`/designs/${id}/versions/${n}`)).json().payload.name));
    expect((await get(`/designs/${id}`)).json().name).toBe(names[1]);
    expect(names.sort()).toEqual(['Flyer A', 'Flyer B']);

    expect((await app.inject({ method: 'DELETE', url: `/designs/${id}`, headers: headers(ws.key) })).statusCode).toBe(200);
    expect(await version()).toBe(was + 3);
    expect((await put(id, payload)).json().id).toBe('template_not_found');
    expect((await get(`/designs/${id}/versions`)).json().id).toBe('template_not_found');
  });

  it('reads a design written without a version row (seeded, older) as its version 1, and keeps it on the first PUT', async () => {
    const source = byFile.get('static-summer-sale.json')!;
    const { rows } = await h.db.pool.query<{ id: string }>(
      `INSERT INTO designs (workspace_id, project_id, type, name, document)
       SELECT workspace_id, project_id, type, name, document FROM designs WHERE id = $1 RETURNING id`,
      [source],
    );
    const id = rows[0]!.id;
    const listed = (await get(`/designs/${id}/versions`)).json();
    expect(listed.map((v: Json) => [v.number, v.made_by, v.current])).toEqual([[1, 'import', true]]);
    const payload = (await get(`/designs/${id}/versions/1`)).json().payload;
    expect(unsign(payload)).toEqual(unsign(await exported(id)));
    expect((await put(id, moved(payload, payload.layers[0].name, 40))).statusCode).toBe(200);
    const after = (await get(`/designs/${id}/versions`)).json();
    expect(after.map((v: Json) => [v.number, v.made_by, v.current])).toEqual([
      [2, 'put', true],
      [1, 'import', false],
    ]);
    expect(unsign((await get(`/designs/${id}/versions/1`)).json().payload)).toEqual(unsign(payload));
  });

  it('refuses to restore a version whose font is gone, at the path its payload gives', async () => {
    const id = byFile.get('animated-product-launch.json')!;
    expect((await put(id, await exported(id))).statusCode).toBe(200);
    const { rows } = await h.db.pool.query<{ document: Json }>('SELECT document FROM design_versions WHERE design_id = $1 AND number = 1', [
      id,
    ]);
    const text = (rows[0]!.document.elements as Json[]).findIndex((e) => e.type === 'text');
    // As if the workspace's font this version names had been deleted since.
    await h.db.pool.query(
      `UPDATE design_versions SET document = jsonb_set(document, ARRAY['elements', $2::text, 'properties', 'font'], '"Gone Font"')
        WHERE design_id = $1 AND number = 1`,
      [id, String(text)],
    );
    const res = await app.inject({ method: 'POST', url: `/designs/${id}/versions/1/restore`, headers: headers(ws.key) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ code: 'unknown_font', path: expect.stringMatching(new RegExp(`^layers\\[${text}\\]\\.properties`)) }),
    ]);
    expect((await get(`/designs/${id}/versions`)).json()[0].number).toBe(2);
  });

  it('answers 404 like every design route, and for a version the design does not have', async () => {
    const id = byFile.get('static-webinar.json')!;
    const payload = await exported(id);
    expect((await put(id, payload, other.key)).json().id).toBe('template_not_found');
    expect((await get(`/designs/${id}/versions`, other.key)).json().id).toBe('template_not_found');
    expect((await get(`/designs/${id}/versions/1`, other.key)).json().id).toBe('template_not_found');
    const missing = await get(`/designs/${id}/versions/999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ id: 'not_found', errors: [{ path: 'number', code: 'not_found', received: 999 }] });
    expect((await get(`/designs/${id}/versions/0`)).json().id).toBe('endpoint_not_found');
    expect((await get(`/designs/${id}/versions/one`)).json().id).toBe('endpoint_not_found');
    const restore = await app.inject({ method: 'POST', url: `/designs/${id}/versions/999/restore`, headers: headers(ws.key) });
    expect(restore.json().id).toBe('not_found');
  });
});
