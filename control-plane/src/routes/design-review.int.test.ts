import { randomUUID } from 'node:crypto';
import { seedBanner } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

describe('design approval: POST /designs/<id>/review, TEMPLATE_STATUS, visual_status, reset on move', () => {
  let h: Harness;
  let app: FastifyInstance;
  let ws: { id: string; key: string };
  let designId: string;
  let projects: string[];
  const review = (id: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/designs/${id}/review`, payload: payload as object, headers: { 'x-api-key': ws.key } });
  const banner = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/banners/${id}`, headers: { 'x-api-key': ws.key } })).json();
  const events = async () =>
    (
      await h.db.pool.query<{ payload: Record<string, unknown> }>(
        `SELECT payload FROM webhook_events WHERE workspace_id = $1 AND event_type = 'TEMPLATE_STATUS' ORDER BY created_at, id`,
        [ws.id],
      )
    ).rows.map((r) => r.payload);

  beforeAll(async () => {
    h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
    app = await h.build();
    ws = await h.workspace();
    projects = [];
    for (const name of ['First', 'Second']) {
      projects.push(
        (await h.db.pool.query<{ id: string }>('INSERT INTO projects (workspace_id, name) VALUES ($1, $2) RETURNING id', [ws.id, name]))
          .rows[0]!.id,
      );
    }
    designId = (
      await h.db.pool.query<{ id: string }>(
        `INSERT INTO designs (workspace_id, project_id, type, name, document) VALUES ($1, $2, 'static', 'Card', '{}') RETURNING id`,
        [ws.id, projects[0]],
      )
    ).rows[0]!.id;
  });
  afterAll(() => h.close());

  it('approves and rejects with a reason, each change enqueuing TEMPLATE_STATUS; Banners carry visual_status', async () => {
    const file = await seedBanner(h.db.pool, h.storage, { workspaceId: ws.id, filename: 'card.png', body: Buffer.from('x'), designId });
    expect((await banner(file.id)).visual_status).toBeUndefined();

    const approved = await review(designId, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({
      template_id: designId,
      status: 'approved',
      reason: null,
      status_updated_at_ts: expect.any(Number),
      version: expect.any(String),
    });
    expect(approved.headers['x-ratelimit-limit']).toBe(String(h.config.rateLimitWritePerMinute));
    const rejected = await review(designId, { status: 'rejected', reason: 'logo too small' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'logo too small' });

    expect(await events()).toEqual([
      { event_type: 'TEMPLATE_STATUS', template_id: designId, status: 'approved', reason: null, status_updated_at_ts: expect.any(Number) },
      {
        event_type: 'TEMPLATE_STATUS',
        template_id: designId,
        status: 'rejected',
        reason: 'logo too small',
        status_updated_at_ts: rejected.json().status_updated_at_ts,
      },
    ]);
    expect((await banner(file.id)).visual_status).toEqual({
      status: 'rejected',
      status_updated_at_ts: rejected.json().status_updated_at_ts,
      reason: 'logo too small',
      content_to_replace: null,
      content_to_hide: null,
    });
  });

  it('moving to the current project changes nothing; moving to another project resets the review', async () => {
    const file = await seedBanner(h.db.pool, h.storage, { workspaceId: ws.id, filename: 'b.png', body: Buffer.from('x'), designId });
    await review(designId, { status: 'approved', reason: 'ok' });
    const move = (projectId: string) =>
      app.inject({
        method: 'PUT',
        url: `/designs/${designId}/project`,
        payload: { project_id: projectId },
        headers: { 'x-api-key': ws.key },
      });
    expect((await move(projects[0]!)).statusCode).toBe(200);
    expect((await banner(file.id)).visual_status).toMatchObject({ status: 'approved', reason: 'ok' });
    const before = (await events()).length;
    expect((await move(projects[1]!)).statusCode).toBe(200);
    expect((await banner(file.id)).visual_status).toBeUndefined();
    expect((await events()).length).toBe(before);
  });

  it('refuses what is not a review of a design of the workspace', async () => {
    expect((await review(randomUUID(), { status: 'approved' })).json()).toMatchObject({ id: 'template_not_found' });
    expect((await review('nope', { status: 'approved' })).json()).toMatchObject({ id: 'endpoint_not_found' });
    const bad = await review(designId, { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
    const other = await h.workspace('pro', 'Other');
    const foreign = await app.inject({
      method: 'POST',
      url: `/designs/${designId}/review`,
      payload: { status: 'approved' },
      headers: { 'x-api-key': other.key },
    });
    expect(foreign.json().id).toBe('template_not_found');
  });
});
