import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKey, createWorkspace } from '@pressroom/control-plane/services/workspaces';
import { createHarness, type Harness } from '@pressroom/control-plane/test/harness';
import { parseExampleDocument } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedExample } from '../../render-worker/tasks/testing/farm-processes.js';
import { headers } from '../design-worker.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests read JSON bodies field by field
type Json = Record<string, any>;

const EXAMPLES = fileURLToPath(new URL('../../../examples/designs/', import.meta.url));

describe('dynamic images: the POST, the design reads and the public route refusals (no render)', () => {
  let h: Harness;
  let app: FastifyInstance;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  const post = (designId: string, payload: unknown = {}, key = seed.key) =>
    app.inject({ method: 'POST', url: `/designs/${designId}/dynamic-image-url`, payload: payload as object, headers: headers(key) });

  /** Another design of the seeded workspace and project, of any type and status. */
  async function addDesign(file: string, status: 'CREATED' | 'IMPORTING' | 'DELETED' = 'CREATED'): Promise<string> {
    const parsed = parseExampleDocument(JSON.parse(await readFile(join(EXAMPLES, file), 'utf8')));
    if (!parsed.ok) throw new Error(`${file} does not parse`);
    const { rows } = await h.db.pool.query<{ id: string }>(
      `INSERT INTO designs (workspace_id, project_id, type, name, document, status, deleted_at)
       SELECT workspace_id, project_id, $2, $3, $4, $5, CASE WHEN $5 = 'DELETED' THEN now() END FROM designs WHERE id = $1
       RETURNING id`,
      [seed.designId, parsed.design.type, parsed.design.name, JSON.stringify(parsed.design), status],
    );
    return rows[0]!.id;
  }

  beforeAll(async () => {
    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
      RATE_LIMIT_READ_PER_MINUTE: '100000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000',
    });
    app = await h.build({ DYNAMIC_IMAGE_BASE_URL: 'https://img.example.test' });
    seed = await seedExample(h.db.pool, 'static-summer-sale.json');
  });

  afterAll(async () => {
    await h?.close();
  });

  it('creates the dynamic image (201), then answers the same one (200) and updates only the flags sent', async () => {
    const first = await post(seed.designId);
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json() as Json;
    expect(body).toMatchObject({ design_id: seed.designId, version: expect.stringMatching(/^v\d{4}-\d{2}-\d{2}$/) });
    expect(body.settings).toEqual({ enable_rate_limit: false, enable_production_mode: false, require_signed_urls: false });
    expect(body.formats.map((f: Json) => [f.id, f.width, f.height, f.unit])).toEqual([
      ['square', 1080, 1080, 'px'],
      ['landscape', 1200, 628, 'px'],
      ['story', 1080, 1920, 'px'],
    ]);
    for (const f of body.formats) expect(f.dynamic_image_url).toBe(`https://img.example.test/i/${f.uid}`);
    // The uid is the design's own format uid.
    const { rows } = await h.db.pool.query('SELECT uid FROM design_formats WHERE design_id = $1 ORDER BY position', [seed.designId]);
    expect(body.formats.map((f: Json) => f.uid)).toEqual(rows.map((r) => r.uid));

    const again = await post(seed.designId, { enable_production_mode: true });
    expect(again.statusCode).toBe(200);
    expect((again.json() as Json).id).toBe(body.id);
    expect((again.json() as Json).settings).toEqual({ enable_rate_limit: false, enable_production_mode: true, require_signed_urls: false });
    const third = await post(seed.designId, { enable_rate_limit: true });
    expect(third.statusCode).toBe(200);
    expect((third.json() as Json).settings).toEqual({ enable_rate_limit: true, enable_production_mode: true, require_signed_urls: false });
    const reset = await post(seed.designId, { enable_rate_limit: false, enable_production_mode: false });
    expect((reset.json() as Json).settings.enable_production_mode).toBe(false);
    const { rows: count } = await h.db.pool.query('SELECT count(*)::int AS n FROM dynamic_images WHERE design_id = $1', [seed.designId]);
    expect(count[0].n).toBe(1);
  });

  it('shows dynamic_image_url on every format of the design read and the format detail', async () => {
    const created = (await post(seed.designId)).json() as Json;
    const read = await app.inject({ method: 'GET', url: `/designs/${seed.designId}`, headers: headers(seed.key) });
    expect(read.statusCode).toBe(200);
    const urls = Object.fromEntries((read.json() as Json).formats.map((f: Json) => [f.id, f.dynamic_image_url]));
    expect(urls).toEqual(Object.fromEntries(created.formats.map((f: Json) => [f.id, f.dynamic_image_url])));
    const detail = await app.inject({ method: 'GET', url: `/designs/${seed.designId}/formats/landscape`, headers: headers(seed.key) });
    expect((detail.json() as Json).dynamic_image_url).toBe(urls.landscape);
    // A design without one shows none.
    const plain = await addDesign('static-webinar.json');
    const other = await app.inject({ method: 'GET', url: `/designs/${plain}`, headers: headers(seed.key) });
    expect((other.json() as Json).formats.every((f: Json) => !('dynamic_image_url' in f))).toBe(true);
  });

  it('refuses designs that cannot have one, with the contract ids', async () => {
    const animated = await addDesign('animated-product-launch.json');
    const importing = await addDesign('static-webinar.json', 'IMPORTING');
    const deleted = await addDesign('static-webinar.json', 'DELETED');
    expect([(await post(animated)).statusCode, (await post(animated)).json().id]).toEqual([400, 'template_not_static']);
    expect([(await post(importing)).statusCode, (await post(importing)).json().id]).toEqual([400, 'template_not_active']);
    expect([(await post(deleted)).statusCode, (await post(deleted)).json().id]).toEqual([404, 'template_not_found']);
    const unknown = await post('00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json().id]).toEqual([404, 'template_not_found']);
    const ws = await createWorkspace(h.db.pool, { name: 'Other', plan: 'pro', credits: 1, aiCredits: 0 });
    const stranger = await post(seed.designId, {}, await createKey(h.db.pool, ws.id));
    expect([stranger.statusCode, stranger.json().id]).toEqual([404, 'template_not_found']);
    const bad = await post(seed.designId, { enable_rate_limit: 'yes' });
    expect([bad.statusCode, bad.json().errors?.[0]?.path]).toEqual([400, 'enable_rate_limit']);
  });

  it('is in the write tier: X-RateLimit headers, then 429 request_rate_limited with Retry-After', async () => {
    const ws = await createWorkspace(h.db.pool, { name: 'Tier', plan: 'pro', credits: 1, aiCredits: 0 });
    const key = await createKey(h.db.pool, ws.id);
    const tight = await h.build({ RATE_LIMIT_WRITE_PER_MINUTE: '12' });
    const tightPost = () =>
      tight.inject({ method: 'POST', url: `/designs/${seed.designId}/dynamic-image-url`, payload: {}, headers: headers(key) });
    const res = await tightPost();
    expect(res.headers['x-ratelimit-limit']).toBe('12');
    // Minute windows are aligned to the clock: 25 requests exhaust 12 even across one boundary.
    let last = res;
    let sent = 1;
    while (last.statusCode !== 429 && sent < 25) {
      last = await tightPost();
      sent++;
    }
    expect([last.statusCode, last.json().id]).toEqual([429, 'request_rate_limited']);
    expect(sent).toBeGreaterThan(12);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('the public route, before any render', () => {
    let uid: string;
    let imageId: string;
    beforeAll(async () => {
      const created = (await post(seed.designId, { enable_production_mode: true })).json() as Json;
      uid = created.formats[0].uid;
      imageId = created.id;
    });
    const get = (url: string, extra: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { accept: 'image/*', ...extra } });

    it('needs no API key and answers 404 template_not_found for a format without a dynamic image', async () => {
      const res = await get('/i/00000000-0000-4000-8000-000000000000');
      expect([res.statusCode, res.json().id]).toEqual([404, 'template_not_found']);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const notUuid = await get('/i/not-a-uuid');
      expect([notUuid.statusCode, notUuid.json().id]).toEqual([404, 'endpoint_not_found']);
    });

    it('validates overrides with the sync rules: a bad value answers 400 with its path', async () => {
      const res = await get(`/i/${uid}?headline.font_size=-3`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'elements.headline.font_size', code: 'out_of_range' });
      const color = await get(`/i/${uid}?headline.color=not-a-color`);
      expect([color.statusCode, color.json().errors?.[0]?.path]).toEqual([400, 'elements.headline.color']);
      const fileType = await get(`/i/${uid}?format=gif`);
      expect([fileType.statusCode, fileType.json().id]).toEqual([400, 'invalid_filetype']);
      const unknownType = await get(`/i/${uid}?headline.hidden=maybe`);
      expect(unknownType.statusCode).toBe(400);
    });

    it('refuses an oversized query and too many parameters with a clear message', async () => {
      const long = await get(`/i/${uid}?headline.payload=${'x'.repeat(9000)}`);
      expect([long.statusCode, long.json().id]).toEqual([400, 'invalid_query_param']);
      expect(long.json().message).toContain('8192 bytes');
      const many = await get(`/i/${uid}?${Array.from({ length: 201 }, (_, i) => `l${i}.hidden=true`).join('&')}`);
      expect([many.statusCode, many.json().message]).toEqual([400, expect.stringContaining('200 parameters')]);
    });

    it('refuses an unsigned or tampered URL once signatures are required', async () => {
      await post(seed.designId, { require_signed_urls: true });
      const unsigned = await get(`/i/${uid}?headline.payload=Hi`);
      expect([unsigned.statusCode, unsigned.json().id]).toEqual([403, 'invalid_signature']);
      const forged = await get(`/i/${uid}?headline.payload=Hi&s=${'0'.repeat(64)}`);
      expect(forged.statusCode).toBe(403);
      await post(seed.designId, { require_signed_urls: false });
    });

    it('test mode throttles one image at 10 requests per window; production mode does not', async () => {
      // An hour's window instead of a second's: 40 requests fall in at most two windows of 10,
      // whatever the machine's load, so both bursts decide the same way every time.
      const hourly = await h.build({ DYNAMIC_IMAGE_TEST_MODE_WINDOW_SECONDS: '3600' });
      // Invalid requests are the cheapest that still count: the throttle comes before validation.
      const burst = async () =>
        Promise.all(Array.from({ length: 40 }, () => hourly.inject({ method: 'GET', url: `/i/${uid}?headline.font_size=-1` }))).then((r) =>
          r.map((x) => x.statusCode),
        );
      const production = await burst();
      expect(production.filter((s) => s === 429)).toEqual([]);
      await post(seed.designId, { enable_production_mode: false });
      const test = await burst();
      const refused = test.filter((s) => s === 429).length;
      // Exactly the requests over 10 in each window the server counted were refused.
      const { rows } = await h.db.pool.query<{ count: number }>(
        `SELECT count FROM dynamic_image_counters WHERE dynamic_image_id = $1 AND bucket = 'image'`,
        [imageId],
      );
      expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(40);
      expect(refused).toBe(rows.reduce((sum, r) => sum + Math.max(0, r.count - 10), 0));
      expect(refused).toBeGreaterThanOrEqual(20);
      expect(test.filter((s) => s === 400).length).toBe(40 - refused);
    });

    it('the OpenAPI document lists both routes, the public one without the key', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as Json;
      expect(doc.paths['/designs/{id}/dynamic-image-url'].post.operationId).toBe('createDynamicImageUrl');
      const pub = doc.paths['/i/{uid}'].get;
      expect(pub.security).toEqual([]);
      expect(Object.keys(pub.responses['200'].content)).toEqual(['image/*']);
    });
  });
});
