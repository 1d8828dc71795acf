import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordOutcome } from '../generation/record-outcome.js';
import type { NewBanner } from '../sql/banners.js';
import { createGenerationRequest } from '../sql/generation-requests.js';
import { LocalObjectStorage } from '../storage/local.js';
import { type TestDatabase, testDatabase } from '../testing/database.js';
import { addSubscription } from '../webhooks/subscriptions.js';

/**
 * NEW_BANNER is enqueued with the file's row, once per file however often a job re-runs, to the
 * subscriptions listening for it and never to the request's callback_url.
 */
describe('recording a generated file announces NEW_BANNER', () => {
  let db: TestDatabase;
  let storage: LocalObjectStorage;
  let ws: string;

  beforeAll(async () => {
    db = await testDatabase();
    const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-record-'));
    storage = new LocalObjectStorage({
      dataDir,
      publicBaseUrl: 'http://localhost:8080',
      urlSigningSecret: 's',
      downloadUrlTtlSeconds: 3600,
    });
    ws = (await db.pool.query<{ id: string }>(`INSERT INTO workspaces (name) VALUES ('Acme') RETURNING id`)).rows[0]!.id;
    await addSubscription(db.pool, { workspaceId: ws, url: 'https://banners.test/hook', eventTypes: ['NEW_BANNER'] });
    await addSubscription(db.pool, { workspaceId: ws, url: 'https://batches.test/hook', eventTypes: ['NEW_BANNER_BATCH'] });
  });
  afterAll(() => db.drop());

  it('one event per file, in the transaction that records it, to NEW_BANNER subscriptions only', async () => {
    const designId = crypto.randomUUID();
    const requestId = await createGenerationRequest(db.pool, {
      workspaceId: ws,
      designId,
      kind: 'async',
      callbackUrl: 'https://callback.test/x',
      fileType: 'png',
      expectedFiles: 2,
      creditPerFile: 1,
    });
    const file = (format: string): NewBanner => {
      const id = crypto.randomUUID();
      return {
        id,
        workspace_id: ws,
        design_id: designId,
        generation_request_id: requestId,
        format_name: format,
        format_uid: null,
        unit: 'px',
        width: 100,
        height: 100,
        file_type: 'png',
        storage_key: `workspaces/${ws}/banners/${id}/card.png`,
        filename: 'card.png',
        template: { id: designId, name: 'Card', created_at: 1, updated_at: 1 },
        project_id: null,
        original_banner_id: null,
      };
    };
    const post = file('post');
    expect(await recordOutcome(db.pool, requestId, { kind: 'banner', banner: post }, storage)).toMatchObject({ recorded: true });
    // A re-run of the same job: nothing recorded, nothing announced.
    expect(
      await recordOutcome(db.pool, requestId, { kind: 'banner', banner: { ...post, id: crypto.randomUUID() } }, storage),
    ).toMatchObject({
      recorded: false,
    });
    await recordOutcome(db.pool, requestId, { kind: 'banner', banner: file('story') }, storage);

    const { rows } = await db.pool.query<{ event_type: string; payload: Record<string, unknown>; targets: string[] }>(
      `SELECT e.event_type, e.payload, array_agg(d.url ORDER BY d.url) AS targets
         FROM webhook_events e JOIN webhook_deliveries d ON d.event_id = e.id
        WHERE e.workspace_id = $1 GROUP BY e.id ORDER BY e.created_at, e.event_type`,
      [ws],
    );
    expect(rows.map((r) => [r.event_type, r.targets])).toEqual([
      ['NEW_BANNER', ['https://banners.test/hook']],
      ['NEW_BANNER', ['https://banners.test/hook']],
      ['NEW_BANNER_BATCH', ['https://batches.test/hook', 'https://callback.test/x']],
    ]);
    expect(rows[0]!.payload).toMatchObject({
      event_type: 'NEW_BANNER',
      banner_id: post.id,
      banner: { id: post.id, version: 1, file: { type: 'png', filename: 'card.png' } },
    });
  });
});
