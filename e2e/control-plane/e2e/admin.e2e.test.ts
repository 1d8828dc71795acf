import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../admin.js';
import { freePort, type RunningFarm, startFarm } from '../farm.js';

describe('the admin CLI against the database npm start uses, whatever EMBEDDED_PG_PORT the farm was given', () => {
  let farm: RunningFarm;
  let env: Record<string, string>;
  beforeAll(async () => {
    farm = await startFarm({ pgPort: await freePort() });
    // DATA_DIR alone finds the farm's database: its EMBEDDED_PG_PORT is another one (the server's
    // postmaster.pid under DATA_DIR says where it listens).
    env = { DATA_DIR: farm.dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
  });
  afterAll(async () => {
    if (farm.process.exitCode === null) await farm.interrupt();
  });

  const auth = (key: string) => fetch(`${farm.baseUrl}/auth`, { method: 'POST', headers: { 'x-api-key': key } });

  it('creates a workspace whose key works at once, while the farm runs', async () => {
    const created = await admin(['workspace', 'create', '--name', 'Acme', '--plan', 'basic'], env);
    expect(created.code).toBe(0);
    expect(created.stdout.trim().split('\n')).toHaveLength(1);
    expect(created.json).toMatchObject({ workspace_id: expect.any(String), name: 'Acme', plan: 'basic', api_key: expect.any(String) });
    const res = await auth(created.json['api_key'] as string);
    expect(res.status).toBe(200);
    expect((await res.json()).company).toBe('Acme');
  });

  it('creates and revokes keys, sets credits and plans', async () => {
    const ws = (await admin(['workspace', 'create', '--name', 'Beta'], env)).json;
    const id = ws['workspace_id'] as string;
    const second = await admin(['key', 'create', '--workspace', id], env);
    expect(second.json).toMatchObject({ workspace_id: id, api_key: expect.any(String) });
    const key = second.json['api_key'] as string;

    expect((await admin(['credits', 'set', '--workspace', id, '--amount', '42'], env)).json).toMatchObject({ amount: 42 });
    const credits = await (await fetch(`${farm.baseUrl}/credits`, { headers: { 'x-api-key': key } })).json();
    expect(credits.generation_credits).toMatchObject({ available: 42, limit: 42, consumed: 0 });

    expect((await admin(['plan', 'set', '--workspace', id, '--plan', 'no-api'], env)).code).toBe(0);
    expect((await (await auth(key)).json()).id).toBe('api_access_denied');
    await admin(['plan', 'set', '--workspace', id, '--plan', 'pro'], env);
    expect((await auth(key)).status).toBe(200);

    expect((await admin(['key', 'revoke', '--key', key], env)).json).toEqual({ revoked: true });
    const revoked = await auth(key);
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).id).toBe('unauthorized');
  });

  it('answers usage errors as JSON with a non-zero exit', async () => {
    const res = await admin(['plan', 'set', '--workspace', 'not-a-uuid', '--plan', 'gold'], env);
    expect(res.code).not.toBe(0);
    expect(res.json).toMatchObject({ error: { id: 'usage' } });
  });

  it('works when the farm is not running', async () => {
    expect(await farm.interrupt()).toBe(0);
    const created = await admin(['workspace', 'create', '--name', 'Offline'], env);
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ name: 'Offline', plan: 'pro' });
  });

  it('prints the real reason when it cannot start the database', async () => {
    // Another program holds the port: Postgres's own words say so, not "see the lines above".
    const holder = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-admin-'));
      const res = await admin(['workspace', 'create', '--name', 'Nope'], { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
      expect(res.code).not.toBe(0);
      const message = (res.json['error'] as { message: string }).message;
      expect(message).toContain('during start-up');
      expect(message).toMatch(/could not bind|Address already in use/);
      expect(message).not.toContain('see the lines above');
    } finally {
      holder.close();
    }
  });
});
