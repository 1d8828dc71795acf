// The bodies of Pressroom's own operations (docs/api.md, "Pressroom extensions") refuse a field
// they do not have, as POST /webhook-subscriptions does: unknown_field at `body`, nothing done.
// (The upstream contract's operations keep ignoring unknown fields, as its clients expect.)
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appWithExamples } from '../../test/examples.js';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
let app: FastifyInstance;
let ws = { id: '', key: '' };
let sale = '';

beforeAll(async () => {
  h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000' });
  let ids: string[];
  ({ app, ws, ids } = await appWithExamples(h, ['static-summer-sale.json']));
  sale = ids[0]!;
});

afterAll(() => h?.close());

async function counts(): Promise<unknown> {
  const { rows } = await h.db.pool.query(
    `SELECT (SELECT count(*)::int FROM bulk_runs WHERE workspace_id = $1) AS runs,
            (SELECT count(*)::int FROM workspace_fonts WHERE workspace_id = $1) AS fonts`,
    [ws.id],
  );
  return rows[0];
}

it.each([
  [
    'POST /designs/<id>/bulk-runs',
    () => `/designs/${sale}/bulk-runs`,
    { source: { type: 'rows', rows: [{ 'headline.payload': 'Hi' }] }, format: ['square'] },
    'format',
  ],
  ['POST /fonts', () => '/fonts', { file_encoded: 'AAAA', family: 'Mine' }, 'family'],
  ['POST /designs/<id>/review', () => `/designs/${sale}/review`, { status: 'rejected', comment: 'too dark' }, 'comment'],
])('%s: an unknown field is unknown_field, naming it; nothing is done', async (_name, url, payload, field) => {
  const before = await counts();
  const res = await app.inject({ method: 'POST', url: url(), headers: { 'x-api-key': ws.key }, payload });
  expect([res.statusCode, res.json().id, res.json().errors], res.body).toEqual([
    400,
    'unknown_field',
    [expect.objectContaining({ path: 'body', code: 'unknown_field', message: expect.stringContaining(field) })],
  ]);
  expect(await counts()).toEqual(before);
});
