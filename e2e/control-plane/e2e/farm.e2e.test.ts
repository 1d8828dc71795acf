import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREFLIGHT_EXIT_CODE } from '@pressroom/platform';
import { freePort } from '@pressroom/platform/testing';
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

describe('npm start on a Node that cannot require() an ES module', () => {
  // Node 20.19+ turns the feature off under this flag, as it is off on 20.18 (requireModuleCheck).
  it('stops at its preflight with the sentence and exit 78, before its Postgres starts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-farm-old-node-'));
    const run = spawnSync(process.execPath, ['scripts/run.mjs', 'farm'], {
      cwd: fileURLToPath(new URL('../../../', import.meta.url)),
      env: {
        ...process.env,
        NODE_OPTIONS: '--no-experimental-require-module',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        EMBEDDED_PG_PORT: String(await freePort()),
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(PREFLIGHT_EXIT_CODE);
    expect(run.stdout + run.stderr).toContain('cannot require() an ES module');
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
  });
});
