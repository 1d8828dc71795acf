import { newBannerEvent } from '@pressroom/model';
import { enqueueEvent, listSubscriptions } from '@pressroom/platform';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadControlPlaneConfig } from '../../config.js';
import { createWorkspace } from '../../services/workspaces.js';
import type { AdminContext } from '../command.js';
import { runAdmin } from '../run.js';
import { adminCommands } from './index.js';

describe('admin: webhook commands, on real Postgres', () => {
  let db: TestDatabase;
  let ctx: AdminContext;
  let workspaceId: string;
  const admin = (argv: string[]) => runAdmin(argv, adminCommands, async () => ctx);

  beforeAll(async () => {
    db = await testDatabase();
    ctx = { db: db.pool, config: loadControlPlaneConfig({ DATABASE_URL: db.url }) };
    workspaceId = (await createWorkspace(db.pool, { name: 'Acme', plan: 'pro', credits: 0, aiCredits: 0 })).id;
  });
  afterAll(() => db.drop());

  it('adds, lists and removes subscriptions; refuses plain HTTP and unknown event types', async () => {
    const added = await admin([
      'webhook',
      'add',
      '--workspace',
      workspaceId,
      '--url',
      'https://hooks.example.com/in',
      '--events',
      'NEW_BANNER,NEW_EXPORT',
    ]);
    expect(added.exitCode).toBe(0);
    const sub = (added.output as { subscription: { id: string; event_types: string[]; active: boolean } }).subscription;
    expect(sub).toMatchObject({ event_types: ['NEW_BANNER', 'NEW_EXPORT'], active: true });

    expect((await admin(['webhook', 'add', '--workspace', workspaceId, '--url', 'http://hooks.example.com/in'])).exitCode).toBe(2);
    // The API's outbound guard: loopback (in any spelling) is refused before anything is stored.
    for (const forbidden of ['https://127.0.0.1/in', 'https://2130706433/in', 'https://localhost/in'])
      expect((await admin(['webhook', 'add', '--workspace', workspaceId, '--url', forbidden])).output).toMatchObject({
        error: { id: 'invalid_payload', message: expect.stringContaining('loopback') },
      });
    expect(
      (await admin(['webhook', 'add', '--workspace', workspaceId, '--url', 'https://x.test', '--events', 'NEW_THING'])).output,
    ).toMatchObject({
      error: { id: 'usage', message: expect.stringContaining('NEW_THING') },
    });
    // An empty list, as the API refuses `event_types: []`: a usage error, exit 2, nothing stored.
    for (const events of [',', '', ' , ']) {
      const empty = await admin(['webhook', 'add', '--workspace', workspaceId, '--url', 'https://empty.test/', '--events', events]);
      expect([empty.exitCode, empty.output]).toEqual([
        2,
        { error: expect.objectContaining({ id: 'usage', message: expect.stringMatching(/^--events lists at least one event type/) }) },
      ]);
    }
    expect((await listSubscriptions(db.pool, workspaceId)).map((s) => s.url)).not.toContain('https://empty.test/');
    expect((await admin(['webhook', 'add', '--workspace', crypto.randomUUID(), '--url', 'https://x.test'])).output).toMatchObject({
      error: { id: 'not_found' },
    });

    const listed = await admin(['webhook', 'list', '--workspace', workspaceId]);
    expect((listed.output as { subscriptions: { id: string }[] }).subscriptions.map((s) => s.id)).toEqual([sub.id]);

    const removed = await admin(['webhook', 'remove', '--id', sub.id]);
    expect(removed.output).toMatchObject({ removed: true, subscription: { active: false, deactivation_reason: 'removed' } });
    expect((await admin(['webhook', 'remove', '--id', crypto.randomUUID()])).exitCode).toBe(1);
  });

  it('the event filter decides which subscriptions an event fans out to', async () => {
    const ws = (await createWorkspace(db.pool, { name: 'Filter', plan: 'pro', credits: 0, aiCredits: 0 })).id;
    await admin(['webhook', 'add', '--workspace', ws, '--url', 'https://a.test/', '--events', 'NEW_EXPORT']);
    await admin(['webhook', 'add', '--workspace', ws, '--url', 'https://b.test/', '--events', 'NEW_BANNER']);
    await admin(['webhook', 'add', '--workspace', ws, '--url', 'https://c.test/']);
    const { deliveries } = await enqueueEvent(db.pool, { workspaceId: ws, eventType: 'NEW_BANNER', payload: newBannerEvent({ id: 'b1' }) });
    expect(deliveries.map((d) => d.url).sort()).toEqual(['https://b.test/', 'https://c.test/']);
  });

  it('lists deliveries with every attempt, and redelivers by the public delivery id', async () => {
    await admin(['webhook', 'add', '--workspace', workspaceId, '--url', 'https://hooks.example.com/all']);
    const { deliveries } = await enqueueEvent(db.pool, { workspaceId, eventType: 'NEW_BANNER', payload: newBannerEvent({ id: 'b2' }) });
    const d = deliveries[0]!;
    // Two attempts as the worker records them, the second final.
    await db.pool.query(
      `INSERT INTO webhook_delivery_attempts (delivery_row_id, attempt, attempted_at, status_code, reason, outcome, duration_ms, signed)
       VALUES ($1, 1, now(), 500, 'http_500', 'retry', 12, false), ($1, 2, now(), NULL, 'timeout', 'drop', 15000, false)`,
      [d.id],
    );
    await db.pool.query(`UPDATE webhook_deliveries SET attempts = 2, status = 'dropped' WHERE id = $1`, [d.id]);

    const listed = await admin(['webhook', 'deliveries', '--workspace', workspaceId]);
    const row = (listed.output as { deliveries: { delivery_id: string; status: string; attempt_log: unknown[] }[] }).deliveries.find(
      (x) => x.delivery_id === d.deliveryId,
    )!;
    expect(row.status).toBe('dropped');
    expect(row.attempt_log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 500, reason: 'http_500', outcome: 'retry' }),
      expect.objectContaining({ attempt: 2, status_code: null, reason: 'timeout', outcome: 'drop' }),
    ]);

    const again = await admin(['webhook', 'redeliver', '--delivery', d.deliveryId]);
    expect(again.output).toEqual({ queued: true, id: d.id, delivery_id: d.deliveryId, attempt: 3 });
    const jobs = await db.pool.query(`SELECT payload FROM graphile_worker._private_jobs WHERE key = $1`, [`webhook:${d.id}:3:manual`]);
    expect(jobs.rows.map((r) => r.payload)).toEqual([{ v: 1, delivery: d.id, attempt: 3, manual: true }]);
    expect((await db.pool.query('SELECT status FROM webhook_deliveries WHERE id = $1', [d.id])).rows[0].status).toBe('pending');
    expect((await admin(['webhook', 'redeliver', '--delivery', 'f'.repeat(64)])).exitCode).toBe(1);
  });
});
