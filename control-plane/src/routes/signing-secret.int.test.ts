import { loadSigningSecrets, signatureHeader } from '@pressroom/platform';
import { verifyWithPythonSdk } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { getOrCreateSigningSecret, rotateSigningSecret } from '../services/signing-secrets.js';

describe('signing secret endpoints, on real Postgres', () => {
  let h: Harness;
  let app: FastifyInstance;
  const call = (method: 'GET' | 'POST', url: string, key: string) => app.inject({ method, url, headers: { 'x-api-key': key } });

  beforeAll(async () => {
    h = await createHarness({
      RATE_LIMIT_GLOBAL_PER_SECOND: '1000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000',
      RATE_LIMIT_READ_PER_MINUTE: '1000',
    });
    app = await h.build();
  });
  afterAll(() => h.close());

  it('GET creates the secret once, then returns the same one; the SDK model shape exactly', async () => {
    const { key } = await h.workspace();
    const first = await call('GET', '/signing-secret', key);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
      created_at_ts: expect.any(Number),
      rotated_at_ts: null,
      previous_secret_expires_at_ts: null,
      version: expect.any(String),
    });
    expect(Math.abs(body.created_at_ts - Date.now() / 1000)).toBeLessThan(10);
    expect((await call('GET', '/signing-secret', key)).json()).toEqual(body);
  });

  it('concurrent first GETs agree on one secret', async () => {
    const { key } = await h.workspace();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('GET', '/signing-secret', key)));
    expect(new Set(answers.map((a) => a.json().secret)).size).toBe(1);
  });

  it('one secret per workspace', async () => {
    const a = await h.workspace();
    const b = await h.workspace();
    const sa = (await call('GET', '/signing-secret', a.key)).json().secret;
    const sb = (await call('GET', '/signing-secret', b.key)).json().secret;
    expect(sa).not.toBe(sb);
  });

  it('rotate: new secret, 24 h overlap, 409 inside it without force and nothing changes, force rotates', async () => {
    const { key } = await h.workspace();
    const original = (await call('GET', '/signing-secret', key)).json();
    const rotated = await call('POST', '/signing-secret/rotate', key);
    expect(rotated.statusCode).toBe(200);
    const r = rotated.json();
    expect(r.secret).toMatch(/^whsec_/);
    expect(r.secret).not.toBe(original.secret);
    expect(r.created_at_ts).toBe(original.created_at_ts);
    expect(r.rotated_at_ts).toBeGreaterThanOrEqual(original.created_at_ts);
    expect(r.previous_secret_expires_at_ts - r.rotated_at_ts).toBeGreaterThanOrEqual(86_399);
    expect(r.previous_secret_expires_at_ts - r.rotated_at_ts).toBeLessThanOrEqual(86_401);
    expect(JSON.stringify(r)).not.toContain(original.secret);

    const refused = await call('POST', '/signing-secret/rotate', key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ id: 'previous_secret_still_active' });
    expect((await call('GET', '/signing-secret', key)).json()).toMatchObject({ secret: r.secret });
    expect((await call('POST', '/signing-secret/rotate?force=false', key)).statusCode).toBe(409);

    const forced = await call('POST', '/signing-secret/rotate?force=true', key);
    expect(forced.statusCode).toBe(200);
    expect(forced.json().secret).not.toBe(r.secret);
    expect(forced.json().previous_secret_expires_at_ts).toEqual(expect.any(Number));
  });

  it('rotate with a malformed force answers 400', async () => {
    const { key } = await h.workspace();
    const res = await call('POST', '/signing-secret/rotate?force=maybe', key);
    expect(res.statusCode).toBe(400);
  });

  it('revoke ends the overlap, keeps the current secret, is never refused', async () => {
    const { key } = await h.workspace();
    await call('GET', '/signing-secret', key);
    const r = (await call('POST', '/signing-secret/rotate', key)).json();
    const revoked = await call('POST', '/signing-secret/revoke', key);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ secret: r.secret, rotated_at_ts: r.rotated_at_ts, previous_secret_expires_at_ts: null });
    expect((await call('POST', '/signing-secret/revoke', key)).statusCode).toBe(200);
    // After a revoke there is no overlap, so a plain rotate is allowed again.
    expect((await call('POST', '/signing-secret/rotate', key)).statusCode).toBe(200);
  });

  it('rotate or revoke with no secret yet mints one (signing turns on)', async () => {
    for (const path of ['/signing-secret/rotate', '/signing-secret/revoke']) {
      const ws = await h.workspace();
      expect(await loadSigningSecrets(h.db.pool, ws.id)).toEqual([]);
      const res = await call('POST', path, ws.key);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        secret: expect.stringMatching(/^whsec_/),
        rotated_at_ts: null,
        previous_secret_expires_at_ts: null,
      });
      expect(await loadSigningSecrets(h.db.pool, ws.id)).toEqual([res.json().secret]);
    }
  });

  it('answers 401 without a key', async () => {
    expect((await app.inject({ method: 'GET', url: '/signing-secret' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/signing-secret/rotate' })).statusCode).toBe(401);
  });

  it('the overlap lapses after the (scaled) window: expiry returns to null, rotate is allowed again', async () => {
    const ws = await h.workspace();
    const s0 = await getOrCreateSigningSecret(h.db.pool, ws.id);
    // A window no loaded machine can outlast between two statements; its lapse is then brought
    // forward in the stored row (the database clock decides, never the test's).
    const s1 = await rotateSigningSecret(h.db.pool, ws.id, false, { overlapMs: 60_000 });
    const stored = await h.db.pool.query<{ overlap_ms: number }>(
      `SELECT (extract(epoch FROM previous_expires_at - rotated_at) * 1000)::int AS overlap_ms FROM webhook_signing_secrets WHERE workspace_id = $1`,
      [ws.id],
    );
    expect(stored.rows[0]!.overlap_ms).toBe(60_000);
    expect(s1.previous_secret_expires_at_ts).toBe(s1.rotated_at_ts! + 60);
    expect(await loadSigningSecrets(h.db.pool, ws.id)).toEqual([s1.secret, s0.secret]);
    await expect(rotateSigningSecret(h.db.pool, ws.id, false, { overlapMs: 60_000 })).rejects.toMatchObject({
      id: 'previous_secret_still_active',
    });
    await h.db.pool.query('UPDATE webhook_signing_secrets SET previous_expires_at = now() WHERE workspace_id = $1', [ws.id]);
    expect((await getOrCreateSigningSecret(h.db.pool, ws.id)).previous_secret_expires_at_ts).toBeNull();
    expect(await loadSigningSecrets(h.db.pool, ws.id)).toEqual([s1.secret]);
    expect((await rotateSigningSecret(h.db.pool, ws.id, false, { overlapMs: 60_000 })).secret).not.toBe(s1.secret);
  });

  it('concurrent rotations: exactly one wins, the rest answer 409', async () => {
    const ws = await h.workspace();
    await getOrCreateSigningSecret(h.db.pool, ws.id);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => rotateSigningSecret(h.db.pool, ws.id, false, { overlapMs: 60_000 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.id)).toEqual(
      Array(5).fill('previous_secret_still_active'),
    );
  });

  it('rotation with the Python SDK: both v1 verify during the overlap; after force or revoke only the valid ones do', async () => {
    const ws = await h.workspace();
    const body = JSON.stringify({ event_type: 'NEW_BANNER_BATCH', generation_request_id: 'x' });
    const t = Math.floor(Date.now() / 1000);
    // Signed exactly as the delivery task signs: with every secret valid right now.
    const signNow = async () => signatureHeader(await loadSigningSecrets(h.db.pool, ws.id), t, body);
    const sdk = (header: string, secrets: string[]) => verifyWithPythonSdk(secrets.map((secret) => ({ body, header, secret })));

    const s0 = (await call('GET', '/signing-secret', ws.key)).json().secret as string;
    const s1 = (await call('POST', '/signing-secret/rotate', ws.key)).json().secret as string;
    const overlap = await signNow();
    expect(overlap.match(/v1=/g)).toHaveLength(2);
    expect(sdk(overlap, [s0, s1, 'whsec_wrong'])).toEqual([true, true, false]);

    const s2 = (await call('POST', '/signing-secret/rotate?force=true', ws.key)).json().secret as string;
    expect(sdk(await signNow(), [s0, s1, s2])).toEqual([false, true, true]); // the oldest stops verifying

    await call('POST', '/signing-secret/revoke', ws.key);
    const afterRevoke = await signNow();
    expect(afterRevoke.match(/v1=/g)).toHaveLength(1);
    expect(sdk(afterRevoke, [s0, s1, s2])).toEqual([false, false, true]);
  });
});
