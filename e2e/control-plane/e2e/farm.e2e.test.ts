import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { descendantsOf } from '../../render-worker/tasks/testing/farm-processes.js';
import { type RunningFarm, startFarm } from '../farm.js';
import { runSdkCheck } from '../sdk.js';

describe('npm start on a fresh data dir', () => {
  let farm: RunningFarm | undefined;
  afterAll(async () => {
    if (farm && farm.process.exitCode === null) await farm.interrupt();
  });

  // How fast a fresh farm starts is a benchmark's question (it depends on the machine's load);
  // this test asks whether it starts, with startFarm's hang guard.
  it('answers /ready and prints a key that POST /auth accepts', async () => {
    farm = await startFarm();
    const ready = await fetch(`${farm.baseUrl}/ready`);
    expect(ready.status).toBe(200);
    const auth = await fetch(`${farm.baseUrl}/auth`, { method: 'POST', headers: { 'x-api-key': farm.apiKey } });
    expect(auth.status).toBe(200);
    expect((await auth.json()).company).toBe('Demo workspace');
  });

  it('runs its render worker with MALLOC_ARENA_MAX=2 (docs/operations.md, Render worker memory)', async () => {
    const proc = (pid: number, file: string) => {
      try {
        return readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
      } catch {
        return [];
      }
    };
    let worker: number | undefined;
    for (let i = 0; i < 600 && worker === undefined; i++) {
      worker = descendantsOf(farm!.process.pid!).find((pid) => proc(pid, 'cmdline').some((arg) => arg.endsWith('render-worker.js')));
      if (worker === undefined) await new Promise((r) => setTimeout(r, 100));
    }
    expect(worker).toBeDefined();
    expect(proc(worker!, 'environ')).toContain('MALLOC_ARENA_MAX=2');
  });

  it('the abyssale Python SDK raises no validation error on the platform calls', async () => {
    const report = await runSdkCheck('platform_check.py', farm!.baseUrl, farm!.apiKey);
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(7);
  });

  it('stops cleanly on Ctrl-C and keeps its data across a restart', async () => {
    const { dataDir, apiKey } = farm!;
    await fetch(`${farm!.baseUrl}/projects`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survives restarts' }),
    });
    expect(await farm!.interrupt()).toBe(0);

    farm = await startFarm({ dataDir });
    expect(farm.apiKey).toBe(apiKey);
    const projects = await (await fetch(`${farm.baseUrl}/projects?name=Survives%20restarts`, { headers: { 'x-api-key': apiKey } })).json();
    expect(projects).toHaveLength(1);
    expect(await farm.interrupt()).toBe(0);
  });
});
