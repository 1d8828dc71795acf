import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import { RenderRefusedError } from '@pressroom/model';
import type { WorkerRuntime } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers, importViaApi, startDesignWorker, upload, waitForImport } from '../design-worker.js';

const layout = { x: 0, y: 0, width: 100, height: 100 };
/** An import payload in Abyssale's format (docs/design-format.md). */
const staticDoc = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Card',
  type: 'static',
  formats: [{ name: 'square', width: 400, height: 400, background_color: '#112233' }],
  layers: [{ name: 'title', type: 'text', layout, properties: { payload: 'Hello {name}', font: 'Inter', font_size: 40 } }],
  ...over,
});
const imageDoc = (src: string) => staticDoc({ layers: [{ name: 'photo', type: 'image', layout, properties: { src } }] });

describe('design import (alpha), on real Postgres and real storage', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;
  let other: string;
  let projectId: string;
  let png: Buffer;
  let worker: WorkerRuntime | undefined;
  const post = (body: unknown, url = '/designs/import/json', k = key) =>
    app.inject({ method: 'POST', url, payload: body as object, headers: headers(k) });
  const put = (id: string, k = key) => app.inject({ method: 'PUT', url: `/designs/import/json/${id}`, headers: headers(k) });
  const get = (url: string, k = key) => app.inject({ method: 'GET', url, headers: headers(k) });
  const withImage = () => imageDoc('photo.png');
  type StoredElement = { name: string; properties: Record<string, unknown>; animation: { tweens: { keyframes: { attr: object }[] }[] } };
  /**
   * An import taken before a write rule came: POSTs `doc` (one upload), edits its stored document
   * (what the job parses again) with `edit`, then uploads, queues and builds it. Answers the design id.
   */
  const importStoredBefore = async (doc: unknown, edit: (element: (name: string) => StoredElement) => void) => {
    const created = (await post(doc)).json();
    const { rows } = await h.db.pool.query('SELECT payload FROM design_imports WHERE id = $1', [created.id]);
    const payload = rows[0].payload;
    edit((name) => payload.elements.find((e: { name: string }) => e.name === name));
    await h.db.pool.query('UPDATE design_imports SET payload = $2 WHERE id = $1', [created.id, JSON.stringify(payload)]);
    expect(await upload(app, created.uploads[0], png)).toBe(204);
    expect((await put(created.id)).statusCode).toBe(200);
    worker ??= await startDesignWorker(h.db.pool, h.storage);
    const done = await waitForImport(app, key, created.id);
    expect(done).toMatchObject({ status: 'DONE', error: null });
    return (done.result as { uuid: string }).uuid;
  };

  beforeAll(async () => {
    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
      RATE_LIMIT_POLLING_PER_MINUTE: '100000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000',
      RATE_LIMIT_WRITE_PER_HOUR: '10000',
    });
    app = await h.build();
    key = (await h.workspace()).key;
    other = (await h.workspace('pro', 'Other')).key;
    projectId = (await app.inject({ method: 'POST', url: '/projects', payload: { name: 'Imports' }, headers: headers(key) })).json().id;
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await worker?.stop();
    await h.close();
  });

  it('validate_only answers 204 with no body on the validation tier and creates nothing', async () => {
    const before = (await get('/designs/import/json')).json().length;
    const res = await post(
      { ...staticDoc(), target: { kind: 'design', project_uuid: projectId } },
      '/designs/import/json?validate_only=true',
    );
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['x-ratelimit-limit']).toBe('120');
    expect((await get('/designs/import/json')).json()).toHaveLength(before);
    const write = await post(
      { ...staticDoc(), target: { kind: 'design', project_uuid: projectId } },
      '/designs/import/json?validate_only=false',
    );
    expect(write.statusCode).toBe(200);
    expect(write.headers['x-ratelimit-limit']).toBe('1000');
    expect((await get('/designs/import/json')).json()).toHaveLength(before + 1);
  });

  it('a data: URI that is not an image is invalid_asset at its path, in a dry run and at POST; nothing is created', async () => {
    const before = (await get('/designs/import/json')).json().length;
    const html = { ...imageDoc('data:text/html;base64,PGgxPg=='), target: { kind: 'design', project_uuid: projectId } };
    for (const url of ['/designs/import/json?validate_only=true', '/designs/import/json']) {
      const res = await post(html, url);
      // A field code beyond the envelope's ids (like unreachable_src): the id is invalid_payload.
      expect([res.statusCode, res.json().id, res.json().errors], url).toEqual([
        400,
        'invalid_payload',
        [expect.objectContaining({ path: 'layers[0].properties.src', code: 'invalid_asset' })],
      ]);
    }
    expect((await get('/designs/import/json')).json()).toHaveLength(before);
    const inline = { ...imageDoc(`data:image/png;base64,${png.toString('base64')}`), target: { kind: 'design', project_uuid: projectId } };
    expect((await post(inline, '/designs/import/json?validate_only=true')).statusCode).toBe(204);
  });

  it('answers field issues with payload paths: formats[0].width out_of_range {min:1,max:5000}', async () => {
    const bad = staticDoc({ formats: [{ name: 'square', width: 6000, height: 400 }] });
    const res = await post({ ...bad, target: { kind: 'design', project_uuid: projectId } }, '/designs/import/json?validate_only=true');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      id: 'out_of_range',
      errors: [{ path: 'formats[0].width', code: 'out_of_range', expected: { min: 1, max: 5000 }, received: 6000 }],
    });
  });

  it('refuses a bad target, a missing project, and sources that are no URL or usable file name', async () => {
    expect((await post({ ...staticDoc() })).json()).toMatchObject({ id: 'missing_required', errors: [{ path: 'target.project_uuid' }] });
    const missing = await post({ ...staticDoc(), target: { kind: 'design', project_uuid: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ id: 'project_not_found', errors: [{ path: 'target.project_uuid', code: 'project_not_found' }] });
    const notUuid = await post({ ...staticDoc(), target: { kind: 'design', project_uuid: 'nope' } });
    expect(notUuid.json()).toMatchObject({ errors: [{ path: 'target.project_uuid' }] });
    const target = { kind: 'design', project_uuid: projectId };
    expect((await post({ ...imageDoc('photo'), target })).json()).toMatchObject({
      id: 'invalid_payload',
      errors: [{ path: 'layers[0].properties.src', code: 'unreachable_src' }],
    });
    expect((await post({ ...imageDoc('photo.zip'), target })).json()).toMatchObject({
      id: 'unknown_enum_value',
      errors: [{ path: 'layers[0].properties.src', received: 'photo.zip' }],
    });
    const foreign = imageDoc('storage:workspaces/00000000-0000-4000-8000-000000000000/designs/a/assets/x');
    expect((await post({ ...foreign, target })).json()).toMatchObject({
      errors: [{ path: 'layers[0].properties.src', code: 'unreachable_src' }],
    });
  });

  it('records the parser warnings at POST time', async () => {
    const target = { kind: 'design', project_uuid: projectId };
    const warningsOf = async (body: Record<string, unknown>) => {
      const created = await post({ ...body, target });
      expect(created.statusCode, created.body).toBe(200);
      return (await get(`/designs/import/json/${created.json().id}`)).json().warnings as { code: string; path?: string }[];
    };
    const bleed = staticDoc({ formats: [{ name: 'square', width: 400, height: 400, bleed_size: 3 }] });
    expect(await warningsOf(bleed)).toEqual([expect.objectContaining({ code: 'property_dropped_for_type', path: 'formats[0]' })]);
    const printer = {
      name: 'Flyer',
      type: 'printer',
      unit: 'mm',
      formats: [{ name: 'a5', width: 148, height: 210, background_color: '#FFFFFF' }],
      layers: [],
    };
    expect(await warningsOf(printer)).toEqual([expect.objectContaining({ code: 'color_converted', path: 'formats[0].background_color' })]);
    const animated = { ...staticDoc(), type: 'animated' };
    expect((await post({ ...animated, target }, '/designs/import/json?validate_only=true')).json()).toMatchObject({
      id: 'missing_required',
      errors: [{ path: 'animation', code: 'missing_required' }],
    });
  });

  it('creates the record with presigned form POSTs; PUT is 422 listing the slots until uploaded, then QUEUED and idempotent', async () => {
    const res = await post({ ...withImage(), target: { kind: 'design', project_uuid: projectId } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['id', 'links', 'status', 'uploads', 'version']);
    expect(body).toMatchObject({
      status: 'WAITING_FOR_VALIDATION',
      uploads: [
        {
          target: 'layer',
          name: 'photo.png',
          page: 'page_1',
          url: expect.stringMatching(/\/uploads$/),
          fields: expect.objectContaining({ key: expect.any(String), policy: expect.any(String), 'Content-Type': 'image/png' }),
          max_bytes: 20_000_000,
          expires_at_ts: expect.any(Number),
        },
      ],
      version: expect.stringMatching(/^v\d{4}-\d{2}-\d{2}$/),
    });
    expect(Object.keys(body.links)).toEqual(['validate', 'status']);

    const early = await put(body.id);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      id: 'missing_assets',
      errors: [{ path: 'uploads', code: 'missing_assets', expected: [{ target: 'layer', name: 'photo.png', page: 'page_1' }] }],
    });

    expect(await upload(app, body.uploads[0], png)).toBe(204);
    const ok = await put(body.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: body.id, status: 'QUEUED', next_check_after_ms: 2000 });
    expect(ok.json().links.dashboard).toBeUndefined();
    expect((await put(body.id)).json()).toMatchObject({ status: 'QUEUED' });
    const polled = (await get(`/designs/import/json/${body.id}`)).json();
    expect(polled).toMatchObject({ status: 'QUEUED', validated_at_ts: expect.any(Number), next_check_after_ms: 2000 });

    worker = await startDesignWorker(h.db.pool, h.storage);
    const done = await waitForImport(app, key, body.id);
    expect(done).toMatchObject({
      status: 'DONE',
      next_check_after_ms: null,
      error: null,
      result: { kind: 'design', uuid: expect.any(String), project_uuid: projectId },
      links: { dashboard: expect.stringContaining('/designs/') },
      // No renderer in this worker: the import completes and says why there is no preview.
      warnings: [{ code: 'preview_generation_failed', reason: 'render_failed', path: 'formats[0]', message: expect.any(String) }],
    });
    const designId = (done.result as { uuid: string }).uuid;
    const design = (await get(`/designs/${designId}`)).json();
    const photo = design.elements.find((e: { name: string }) => e.name === 'photo');
    const src = photo.attributes.find((a: { id: string }) => a.id === 'image_url').values.square;
    expect(src).toContain(`/files/workspaces/`);
    const file = await app.inject({ method: 'GET', url: new URL(src).pathname + new URL(src).search });
    expect(file.rawPayload.equals(png)).toBe(true);

    const again = await put(body.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      id: 'template_import_already_processed',
      errors: [{ path: 'status', code: 'template_import_already_processed' }],
    });
  });

  it('fails an import whose bytes are not what they claim, at the asset path', async () => {
    const done = await importViaApi(
      app,
      key,
      { ...withImage(), target: { kind: 'design', project_uuid: projectId } },
      { 'photo.png': Buffer.from('not a png') },
    );
    expect(done).toMatchObject({ status: 'FAILED', result: null, error: { code: 'invalid_asset' } });
  });

  it('fails when the target project is deleted before processing', async () => {
    const p = (await app.inject({ method: 'POST', url: '/projects', payload: { name: 'Doomed' }, headers: headers(key) })).json();
    // With an upload to wait for, the import stays unqueued until PUT, after the project is gone.
    const created = (await post({ ...withImage(), target: { kind: 'design', project_uuid: p.id } })).json();
    await h.db.pool.query('UPDATE projects SET deleted_at = now() WHERE id = $1', [p.id]);
    expect(await upload(app, created.uploads[0], png)).toBe(204);
    expect((await put(created.id)).statusCode).toBe(200);
    expect(await waitForImport(app, key, created.id)).toMatchObject({
      status: 'FAILED',
      error: { path: 'target.project_uuid', code: 'project_not_found' },
    });
  });

  it('warns font_weight_adjusted when the font lacks the weight', async () => {
    const doc = staticDoc({
      layers: [{ name: 'title', type: 'text', layout, properties: { payload: 'Hi', font: 'Lobster', font_size: 40, font_weight: 900 } }],
    });
    const done = await importViaApi(app, key, { ...doc, target: { kind: 'design', project_uuid: projectId } });
    expect(done.status).toBe('DONE');
    expect(done.warnings).toContainEqual(
      expect.objectContaining({ code: 'font_weight_adjusted', layer: 'title', path: 'layers[0].properties.font_weight' }),
    );
  });

  it('keeps ?strict=true with the import for its build phase (where text_fit_failed then fails it)', async () => {
    const target = { kind: 'design', project_uuid: projectId };
    const strict = (await post({ ...withImage(), target }, '/designs/import/json?strict=true')).json();
    const lax = (await post({ ...withImage(), target })).json();
    const { rows } = await h.db.pool.query('SELECT id, strict FROM design_imports WHERE id = ANY($1)', [[strict.id, lax.id]]);
    expect(Object.fromEntries(rows.map((r: { id: string; strict: boolean }) => [r.id, r.strict]))).toEqual({
      [strict.id]: true,
      [lax.id]: false,
    });
    expect((await post({ ...withImage(), target }, '/designs/import/json?strict=maybe')).statusCode).toBe(400);
  });

  it('a text that cannot fit is a text_fit_failed warning, and fails the import under ?strict=true', async () => {
    // This worker's stand-in renderer refuses the title as the Chromium pipeline does when a text
    // cannot fit its box even at min_font_size (RenderRefusedError.textDoesNotFit). It is the only worker
    // while it runs, so no other one takes these imports.
    await worker?.stop();
    const fitWorker = await startDesignWorker(h.db.pool, h.storage, async () => {
      throw RenderRefusedError.textDoesNotFit('title', 'the text does not fit its box even at min_font_size 12px');
    });
    try {
      const target = { kind: 'design', project_uuid: projectId };
      const lax = await importViaApi(app, key, { ...staticDoc(), target });
      expect(lax).toMatchObject({ status: 'DONE', error: null });
      expect(lax.warnings).toContainEqual(
        expect.objectContaining({ code: 'text_fit_failed', layer: 'title', path: 'layers[0].properties.font_size' }),
      );
      const strict = await importViaApi(app, key, { ...staticDoc(), target }, {}, '?strict=true');
      expect(strict).toMatchObject({
        status: 'FAILED',
        result: null,
        error: { code: 'text_fit_failed', path: 'layers[0].properties.font_size', message: expect.stringContaining('strict') },
      });
    } finally {
      await fitWorker.stop();
      worker = await startDesignWorker(h.db.pool, h.storage);
    }
  });

  it('imports a workspace template, with the dashboard link from creation', async () => {
    const res = await post({ ...staticDoc(), target: { kind: 'workspace_template' } });
    expect(res.json().links.dashboard).toContain('/workspace-templates');
    // Nothing to upload: already QUEUED, no PUT needed.
    expect(res.json()).toMatchObject({ status: 'QUEUED', uploads: [] });
    const done = await waitForImport(app, key, res.json().id);
    expect(done).toMatchObject({ status: 'DONE', result: { kind: 'workspace_template', uuid: expect.any(String) } });
    expect((done.result as Record<string, unknown>).project_uuid).toBeUndefined();
    // A template is not a design.
    expect((await get(`/designs/${(done.result as { uuid: string }).uuid}`)).json().id).toBe('template_not_found');
  });

  it('reads an import whose upload window closed as FAILED; PUT answers 422', async () => {
    const created = (await post({ ...withImage(), target: { kind: 'design', project_uuid: projectId } })).json();
    await h.db.pool.query(`UPDATE design_imports SET upload_expires_at = now() - interval '1 second' WHERE id = $1`, [created.id]);
    const read = (await get(`/designs/import/json/${created.id}`)).json();
    expect(read).toMatchObject({ status: 'FAILED', next_check_after_ms: null, error: { path: 'uploads', code: 'missing_assets' } });
    expect(read.links.validate).toBeUndefined();
    const stored = await h.db.pool.query('SELECT status FROM design_imports WHERE id = $1', [created.id]);
    expect(stored.rows[0].status).toBe('WAITING_FOR_VALIDATION');
    const res = await put(created.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ id: 'missing_assets', errors: [{ path: 'uploads' }] });
    const failed = (await get('/designs/import/json?status=FAILED')).json();
    expect(failed.map((r: { id: string }) => r.id)).toContain(created.id);
    expect((await get('/designs/import/json?status=WAITING_FOR_VALIDATION')).json().map((r: { id: string }) => r.id)).not.toContain(
      created.id,
    );
  });

  it("refuses an animated layer's overlapping tweens of one type and keyframes past what is drawn, at payload paths; an import taken before those rules still completes and reads", async () => {
    const target = { kind: 'design', project_uuid: projectId };
    const tween = (type: string, key: string, [from, a]: [number, number], [to, b]: [number, number]) => ({
      type,
      keyframes: [
        { time: from, attr: { [key]: a } },
        { time: to, attr: { [key]: b } },
      ],
    });
    const motion = (tweens: unknown[]) => ({
      name: 'Motion',
      type: 'animated',
      animation: { duration: 4 },
      formats: [{ name: 'square', width: 400, height: 400 }],
      layers: [
        { name: 'photo', type: 'image', layout, properties: { src: 'photo.png' } },
        { name: 'badge', type: 'shape', layout, properties: { background_color: '#FF0000' }, animation: { tweens } },
      ],
      target,
    });
    const refused = await post(
      motion([
        tween('fade', 'opacity', [0, 0], [2, 1]),
        tween('fade', 'opacity', [1, 1], [3, 0]),
        tween('scale', 'scale', [0, -5], [1, 100]),
      ]),
      '/designs/import/json?validate_only=true',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      id: 'invalid_payload',
      errors: [
        {
          path: 'layers[1].animation.tweens[2].keyframes[0].attr.scale',
          code: 'out_of_range',
          expected: { min: 0, max: 1000 },
          received: -5,
        },
        {
          path: 'layers[1].animation.tweens[1].keyframes[0].time',
          code: 'invalid_payload',
          message: expect.stringContaining('tweens[0] (badge-fade-0), a fade tween too, runs from 0 s to 2 s'),
        },
      ],
    });
    // In at the start, out at the end: they take turns.
    const inOut = [tween('fade', 'opacity', [0, 0], [1, 1]), tween('fade', 'opacity', [3, 1], [4, 0])];
    expect((await post(motion(inOut), '/designs/import/json?validate_only=true')).statusCode).toBe(204);

    // An import taken before the rules: its stored document (what the job parses again) has a fade to 1.5.
    const designId = await importStoredBefore(motion(inOut), (element) => {
      Object.assign(element('badge').animation.tweens[0]!.keyframes[1]!.attr, { opacity: 1.5 });
    });
    const read = await get(`/designs/${designId}`);
    expect(read.statusCode).toBe(200);
    const badge = read.json().elements.find((e: { name: string }) => e.name === 'badge');
    expect(badge.animation.tweens[0].keyframes[1]).toMatchObject({ attr: { opacity: 1.5 }, data: { time: 1 } });
    const asImport = await get(`/designs/${designId}/as-import`);
    expect(asImport.statusCode).toBe(200);
    // Written back, it is refused at the keyframe's path.
    const rewrite = await app.inject({
      method: 'PUT',
      url: `/designs/${designId}/document`,
      payload: asImport.json().payload,
      headers: headers(key),
    });
    expect(rewrite.statusCode).toBe(400);
    expect(rewrite.json()).toMatchObject({
      id: 'out_of_range',
      errors: [
        {
          path: 'layers[1].animation.tweens[0].keyframes[1].attr.opacity',
          code: 'out_of_range',
          expected: { min: 0, max: 1 },
          received: 1.5,
        },
      ],
    });
  });

  it("refuses values past the import format's own bounds at POST, validate_only and a document PUT; a design stored with such values still reads", async () => {
    const cardWith = (stars: Record<string, unknown>, badge: Record<string, unknown>) =>
      staticDoc({
        target: { kind: 'design', project_uuid: projectId },
        layers: [
          { name: 'photo', type: 'image', layout, properties: { src: 'photo.png' } },
          { name: 'stars', type: 'rating', layout, properties: { rating_score: 60, ...stars } },
          { name: 'badge', type: 'shape', layout, properties: { shape: 'rectangle', shadow: { color: '#000000', blur: 8 }, ...badge } },
        ],
      });
    const past = cardWith(
      { star_count: 6, rating_score: 50.5 },
      { opacity: 40.5, rotation: -1, shadow: { color: '#000000', blur: 201, offset_x: -201 } },
    );
    const errors = [
      { path: 'layers[1].properties.star_count', code: 'out_of_range', expected: { min: 5, max: 5 }, received: 6 },
      { path: 'layers[1].properties.rating_score', code: 'invalid_payload', received: 50.5 },
      { path: 'layers[2].properties.opacity', code: 'invalid_payload', received: 40.5 },
      { path: 'layers[2].properties.rotation', code: 'out_of_range', expected: { min: 0, max: 360 }, received: -1 },
      { path: 'layers[2].properties.shadow.blur', code: 'out_of_range', expected: { min: 0, max: 200 }, received: 201 },
      { path: 'layers[2].properties.shadow.offset_x', code: 'out_of_range', expected: { min: -200, max: 200 }, received: -201 },
    ];
    const before = (await get('/designs/import/json')).json().length;
    for (const url of ['/designs/import/json?validate_only=true', '/designs/import/json']) {
      const res = await post(past, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toHaveLength(errors.length);
      expect(res.json().errors, url).toEqual(expect.arrayContaining(errors.map((e) => expect.objectContaining(e))));
    }
    expect((await get('/designs/import/json')).json()).toHaveLength(before);
    const edges = cardWith({ star_count: 5, rating_score: 100 }, { opacity: 0, rotation: 360, shadow: { color: '#000000', blur: 200 } });
    expect((await post(edges, '/designs/import/json?validate_only=true')).statusCode).toBe(204);

    // An import taken before the bounds: its stored document holds the values past them.
    const designId = await importStoredBefore(cardWith({}, {}), (element) => {
      Object.assign(element('stars').properties, { star_count: 6, rating_score: 50.5 });
      Object.assign(element('badge').properties, { opacity: 40.5, rotation: -1, shadow_blur: 201 });
    });
    const read = await get(`/designs/${designId}`);
    expect(read.statusCode).toBe(200);
    // The read lists each attribute with its value per format.
    const value = (name: string, id: string) =>
      read
        .json()
        .elements.find((e: { name: string }) => e.name === name)
        .attributes.find((a: { id: string }) => a.id === id).values.square;
    expect([value('stars', 'star_count'), value('stars', 'rating_score')]).toEqual([6, 50.5]);
    expect(['opacity', 'rotation', 'shadow_blur'].map((id) => value('badge', id))).toEqual([40.5, -1, 201]);
    const asImport = await get(`/designs/${designId}/as-import`);
    expect(asImport.statusCode).toBe(200);
    // The as-import writes the rotation as the same turn within 0-360, and warns at each other value past a bound.
    expect(asImport.json().payload.layers[2].properties).toMatchObject({ rotation: 359, opacity: 40.5, shadow: { blur: 201 } });
    const warned = asImport
      .json()
      .warnings.filter((w: { code: string }) => w.code === 'not_round_trippable')
      .map((w: { path: string }) => w.path);
    expect(warned.sort()).toEqual(
      [
        'layers[1].properties.star_count',
        'layers[1].properties.rating_score',
        'layers[2].properties.opacity',
        'layers[2].properties.shadow.blur',
      ].sort(),
    );
    // Written back unchanged, the document PUT refuses it at those paths.
    const document = (body: unknown) =>
      app.inject({ method: 'PUT', url: `/designs/${designId}/document`, payload: body as object, headers: headers(key) });
    const rewrite = await document(asImport.json().payload);
    expect(rewrite.statusCode).toBe(400);
    expect(
      rewrite
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(
      [
        'layers[1].properties.star_count',
        'layers[1].properties.rating_score',
        'layers[2].properties.opacity',
        'layers[2].properties.shadow.blur',
      ].sort(),
    );
  });

  it('404 not_found with an errors entry at path id, also for another workspace', async () => {
    const created = (await post({ ...staticDoc(), target: { kind: 'design', project_uuid: projectId } })).json();
    for (const res of [
      await get('/designs/import/json/00000000-0000-4000-8000-000000000000'),
      await get(`/designs/import/json/${created.id}`, other),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ id: 'not_found', errors: [{ path: 'id', code: 'not_found' }] });
    }
    expect((await put(created.id, other)).json().id).toBe('not_found');
    expect((await get('/designs/import/json/not-a-uuid')).json().id).toBe('endpoint_not_found');
  });

  it('lists summaries newest first with filters; bad values are invalid_query_param or unknown_enum_value', async () => {
    const rows = (await get('/designs/import/json')).json();
    expect(rows.length).toBeGreaterThan(3);
    const times = rows.map((r: { created_at_ts: number }) => r.created_at_ts);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(rows[0]).sort()).toEqual(
      ['created_at_ts', 'id', 'links', 'name', 'result', 'status', 'validated_at_ts', 'warning_count'].sort(),
    );
    expect(rows.some((r: { warning_count: number }) => r.warning_count > 0)).toBe(true);
    expect((await get('/designs/import/json?limit=2')).json()).toHaveLength(2);
    expect((await get('/designs/import/json?status=DONE')).json().every((r: { status: string }) => r.status === 'DONE')).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    expect((await get(`/designs/import/json?created_after=${now + 100}`)).json()).toEqual([]);
    expect((await get(`/designs/import/json?created_before=${now + 100}`)).json().length).toBe(rows.length);
    for (const [q, id] of [
      ['limit=0', 'invalid_query_param'],
      ['limit=201', 'invalid_query_param'],
      ['limit=abc', 'invalid_query_param'],
      ['created_after=yesterday', 'invalid_query_param'],
      ['created_before=1.5', 'invalid_query_param'],
      ['status=DONEISH', 'unknown_enum_value'],
      // Sent twice, each of them is a listing parameter error too, saying so (not "must be a string").
      ['limit=5&limit=6', 'invalid_query_param'],
      ['created_after=1&created_after=2', 'invalid_query_param'],
      ['status=DONE&status=FAILED', 'invalid_query_param'],
    ]) {
      const res = await get(`/designs/import/json?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().id, q).toBe(id);
      if (q?.includes('&')) expect(res.json().errors[0].message, q).toBe('is given 2 times; send it once');
    }
    expect((await get('/designs/import/json', other)).json()).toEqual([]);
  });
});
