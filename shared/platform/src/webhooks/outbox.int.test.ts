import { newBannerBatchEvent, newExportEvent } from '@pressroom/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../db/pool.js';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { enqueueEvent } from './outbox.js';
import { addSubscription } from './subscriptions.js';

describe('enqueueEvent (the outbox), on real Postgres', () => {
  let db: TestDatabase;
  let ws: string;
  const jobsFor = async (rowIds: string[]) =>
    (
      await db.pool.query<{ payload: { delivery: string; attempt: number }; task_identifier: string }>(
        `SELECT j.payload, t.identifier AS task_identifier FROM graphile_worker._private_jobs j
           JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.payload->>'delivery' = ANY($1::text[])`,
        [rowIds],
      )
    ).rows;

  beforeAll(async () => {
    db = await testDatabase();
    ws = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Acme') RETURNING id`)).rows[0]!.id;
    await addSubscription(db.pool, { workspaceId: ws, url: 'https://a.test/hook', eventTypes: null });
    await addSubscription(db.pool, { workspaceId: ws, url: 'https://b.test/hook', eventTypes: ['NEW_BANNER_BATCH'] });
    await addSubscription(db.pool, { workspaceId: ws, url: 'https://c.test/hook', eventTypes: ['NEW_EXPORT'] });
  });
  afterAll(() => db.drop());

  it('commits the event, one delivery per matching subscription plus the callback, and one job each', async () => {
    const payload = newBannerBatchEvent({ generationRequestId: crypto.randomUUID(), banners: [] });
    const result = await withTransaction(db.pool, (tx) =>
      enqueueEvent(tx, { workspaceId: ws, eventType: 'NEW_BANNER_BATCH', payload, callbackUrl: 'https://cb.test/x' }),
    );
    expect(result.deliveries.map((d) => [d.targetKind, d.url])).toEqual([
      ['subscription', 'https://a.test/hook'],
      ['subscription', 'https://b.test/hook'],
      ['callback', 'https://cb.test/x'],
    ]);
    expect(new Set(result.deliveries.map((d) => d.deliveryId)).size).toBe(3);
    const jobs = await jobsFor(result.deliveries.map((d) => d.id));
    expect(jobs).toHaveLength(3);
    expect(jobs.every((j) => j.task_identifier === 'deliver_webhook' && j.payload.attempt === 1)).toBe(true);
    const stored = await db.pool.query('SELECT payload FROM webhook_events WHERE id = $1', [result.eventId]);
    expect(stored.rows[0].payload).toEqual(payload);
  });

  it('a rolled-back transaction leaves no event, no delivery and no job', async () => {
    let rowIds: string[] = [];
    const payload = newBannerBatchEvent({ generationRequestId: crypto.randomUUID(), banners: [] });
    await expect(
      withTransaction(db.pool, async (tx) => {
        rowIds = (await enqueueEvent(tx, { workspaceId: ws, eventType: 'NEW_BANNER_BATCH', payload })).deliveries.map((d) => d.id);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(rowIds).toHaveLength(2);
    expect(await jobsFor(rowIds)).toEqual([]);
    expect((await db.pool.query('SELECT 1 FROM webhook_deliveries WHERE id = ANY($1::uuid[])', [rowIds])).rows).toEqual([]);
  });

  it('a NEW_EXPORT callback uses the export schedule; subscriptions keep the standard one', async () => {
    const payload = newExportEvent({ exportId: crypto.randomUUID(), archiveUrl: 'https://cdn.test/a.zip', bannerIds: [] });
    const { deliveries } = await enqueueEvent(db.pool, {
      workspaceId: ws,
      eventType: 'NEW_EXPORT',
      payload,
      callbackUrl: 'https://cb.test/e',
    });
    const { rows } = await db.pool.query<{ url: string; schedule: string }>(
      'SELECT url, schedule FROM webhook_deliveries WHERE id = ANY($1::uuid[]) ORDER BY url',
      [deliveries.map((d) => d.id)],
    );
    expect(rows).toEqual([
      { url: 'https://a.test/hook', schedule: 'standard' },
      { url: 'https://c.test/hook', schedule: 'standard' },
      { url: 'https://cb.test/e', schedule: 'export' },
    ]);
  });

  it('refuses an event type that does not match the payload', async () => {
    const payload = newBannerBatchEvent({ generationRequestId: 'x', banners: [] });
    await expect(enqueueEvent(db.pool, { workspaceId: ws, eventType: 'NEW_BANNER', payload })).rejects.toThrow(/does not match/);
  });
});
