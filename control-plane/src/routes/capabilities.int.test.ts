import { advertiseCapabilities } from '@pressroom/model';
import { beat } from '@pressroom/platform';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

/** ISO Coated v2 (ECI), a built-in print colour profile. */
const ECI = 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01';

describe('GET /capabilities', () => {
  let h: Harness;
  let app: FastifyInstance;
  let key: string;
  const get = async () => {
    const res = await app.inject({ method: 'GET', url: '/capabilities', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    // The control plane accepts remove_bg and text_to_image; the path is only a setting here.
    app = await h.build({ AI_REMOVE_BG_MODEL: '/models/rmbg.onnx', AI_TEXT_TO_IMAGE_PROVIDER: 'http' });
    key = (await h.workspace()).key;
  });
  afterAll(() => h.close());

  it('with no render worker alive, nothing is available, and each says why', async () => {
    const body = await get();
    expect(body.render_workers).toBe(0);
    expect(typeof body.version).toBe('string');
    for (const op of ['remove_bg', 'auto_focus', 'text_to_image']) {
      expect(body.ai[op], op).toMatchObject({ available: false, reason: 'no render worker is running' });
    }
    expect(body.print.color_profiles).toHaveLength(5);
    for (const profile of body.print.color_profiles)
      expect(profile).toMatchObject({ available: false, reason: 'no render worker is running' });
    // What the control plane itself refuses says what to set.
    expect(body.ai.expand.reason).toMatch(/^expand is not configured: set AI_EXPAND_PROVIDER=http on the control plane/);
  });

  it('reads what the live render workers advertise with their heartbeat, against what the control plane accepts', async () => {
    await beat(
      h.db.pool,
      ['pool-a', 'pool-b'],
      'render-worker',
      advertiseCapabilities({ operations: new Set(['remove_bg', 'upscale']), focusDetector: false }, [ECI]),
    );
    // A media worker advertises nothing and does not count.
    await beat(h.db.pool, ['media-1'], 'media-worker');
    const body = await get();
    expect(body.render_workers).toBe(1);
    expect(body.ai.remove_bg).toEqual({ available: true, design_types: ['static'], sync: true, reason: null });
    expect(body.ai.auto_focus.available).toBe(true);
    // The worker could upscale, but the control plane would refuse it.
    expect(body.ai.upscale.available).toBe(false);
    expect(body.ai.upscale.reason).toMatch(/AI_UPSCALE_MODEL/);
    // The control plane takes text_to_image, but no worker has a provider.
    expect(body.ai.text_to_image).toMatchObject({ available: false, sync: false });
    expect(body.ai.text_to_image.reason).toMatch(/0 of 1 render workers/);
    // The print colour profiles the worker's ICC files carry, and how many workers hold each.
    const profiles = body.print.color_profiles as { id: string; available: boolean; held_by: number; reason: string | null }[];
    expect(profiles.filter((p) => p.available).map((p) => p.id)).toEqual([ECI]);
    expect(profiles.find((p) => p.id === ECI)?.held_by).toBe(1);
    expect(profiles.find((p) => p.id === 'e0c86a8a-050c-41f1-885a-0f74b9baac50')).toEqual({
      id: 'e0c86a8a-050c-41f1-885a-0f74b9baac50',
      name: 'CMYK — ISO Uncoated',
      available: false,
      held_by: 0,
      reason: expect.stringMatching(
        /^CMYK — ISO Uncoated is held by 0 of 1 render workers: add an ICC file described "ISO Uncoated" to PRINT_CMYK_PROFILES/,
      ),
    });
  });

  it('a worker that stopped beating no longer counts', async () => {
    await h.db.pool.query(`UPDATE worker_heartbeats SET last_seen = now() - interval '1 hour' WHERE role = 'render-worker'`);
    expect((await get()).render_workers).toBe(0);
  });

  it('takes a key, and is documented in OpenAPI as a Pressroom extension', async () => {
    expect((await app.inject({ method: 'GET', url: '/capabilities' })).statusCode).toBe(401);
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/capabilities'].get;
    expect(op.tags[0]).toMatch(/\(Pressroom extension\)$/);
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties.ai.properties)).toEqual([
      'remove_bg',
      'auto_focus',
      'upscale',
      'expand',
      'text_to_image',
    ]);
    expect(op.responses['200'].content['application/json'].schema.properties.print.properties.color_profiles.type).toBe('array');
  });
});
