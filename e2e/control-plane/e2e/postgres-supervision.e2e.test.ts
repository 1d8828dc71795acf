// The farm owns its embedded Postgres: `kill -9` of the postmaster is repaired with no one acting
// (the API answers 503 with Retry-After meanwhile, 200 again within 15 s, and every queued job
// completes), and a server left running by a SIGKILLed launcher is adopted by the next start and
// stopped with it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { until } from '@pressroom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, waitFinal } from '../../render-worker/tasks/testing/farm-processes.js';
import { freePort, type RunningFarm, startFarm, waitForDesigns } from '../farm.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const postmasterOf = async (dataDir: string) =>
  Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

// The first restart waits this long: long enough that the outage is seen, short beside 15 s.
const RESTART_DELAY_MS = 2_000;
const QUEUED = 4;

describe('the farm supervises its embedded Postgres', () => {
  let farm: RunningFarm;
  let second: RunningFarm | undefined;
  beforeAll(async () => {
    farm = await startFarm({
      env: { EMBEDDED_PG_RESTART_DELAY_MS: String(RESTART_DELAY_MS), LOG_LEVEL: 'info', RENDER_TIMEOUT_MS: '60000' },
    });
  });
  afterAll(async () => {
    for (const f of [farm, second]) if (f && f.process.exitCode === null && f.process.signalCode === null) await f.interrupt();
  });

  it('kill -9 of the postmaster: 503 with Retry-After meanwhile, 200 again within 15 s, every queued job completes', async () => {
    const [design] = await waitForDesigns(farm);
    const queued: string[] = [];
    for (let i = 0; i < QUEUED; i++) {
      const res = await api(farm, farm.apiKey, 'POST', `/async/banner-builder/${design!.id}/generate`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      queued.push(res.body['generation_request_id'] as string);
    }
    const postmaster = await postmasterOf(farm.dataDir);
    process.kill(postmaster, 'SIGKILL');
    const killedAt = Date.now();

    // A request can still be served for a moment by a pooled connection whose backend has not yet
    // noticed its postmaster's death; the server stays down for RESTART_DELAY_MS after that, so
    // the outage is seen, then the recovery: a 200 once the launcher has restarted the server.
    const outage: { status: number; id: unknown; retryAfter: string | null }[] = [];
    for (;;) {
      const restarted = farm.output().includes('"msg":"embedded postgres restarted"');
      const res = await fetch(`${farm.baseUrl}/auth`, { method: 'POST', headers: { 'x-api-key': farm.apiKey } });
      if (res.status === 200 && restarted) break;
      if (res.status !== 200)
        outage.push({ status: res.status, id: ((await res.json()) as { id?: unknown }).id, retryAfter: res.headers.get('retry-after') });
      expect(Date.now() - killedAt, farm.output().slice(-4000)).toBeLessThan(15_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(outage.length).toBeGreaterThan(0);
    for (const answer of outage) expect(answer).toEqual({ status: 503, id: 'internal_server_error', retryAfter: '5' });
    // The launcher said why, and that it restarted the server.
    expect(farm.output()).toMatch(/"reason":"killed by SIGKILL"[^\n]*"msg":"embedded postgres stopped; restarting"/);
    expect(await postmasterOf(farm.dataDir)).not.toBe(postmaster);

    for (const id of queued) {
      const final = await waitFinal(farm, farm.apiKey, id, 120_000);
      expect(final['errors'], JSON.stringify(final)).toEqual([]);
    }
    // Sync renders wait on the LISTEN connection, which reconnected.
    const sync = await fetch(`${farm.baseUrl}/banner-builder/${design!.id}/generate`, {
      method: 'POST',
      headers: { 'x-api-key': farm.apiKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sync.status, await sync.clone().text()).toBe(200);
  });

  it('a server left running by a SIGKILLed launcher is adopted by the next start (on another port) and stopped at its shutdown', async () => {
    const postmaster = await postmasterOf(farm.dataDir);
    const launcher = farm.process;
    launcher.kill('SIGKILL');
    await new Promise((r) => launcher.once('exit', r));
    expect(alive(postmaster)).toBe(true);

    second = await startFarm({ dataDir: farm.dataDir, pgPort: await freePort(), env: { LOG_LEVEL: 'info' } });
    expect(second.output()).toContain('embedded postgres was already running on the data dir: adopted');
    expect(await postmasterOf(second.dataDir)).toBe(postmaster);
    const auth = await fetch(`${second.baseUrl}/auth`, { method: 'POST', headers: { 'x-api-key': second.apiKey } });
    expect(auth.status).toBe(200);

    expect(await second.interrupt()).toBe(0);
    await until('the adopted postmaster to stop', () => !alive(postmaster), { intervalMs: 100 });
  });
});
