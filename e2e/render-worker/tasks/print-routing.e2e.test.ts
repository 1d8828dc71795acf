// Routing print jobs by colour profile on a real farm (docs/print.md, "Routing by profile"): two
// render workers with different PRINT_CMYK_PROFILES, one holding ISO Uncoated, one not. A request
// naming ISO Uncoated is accepted (one holder is enough) and every PDF is printed by the worker
// that holds it, its output intent that profile; a worker without it would fail the file with
// cannot_build_banner. When the holder dies with such a job queued, the job ends failed after
// PRINT_PROFILE_WAIT_MS, saying what to configure, instead of waiting unseen, and the worker that
// swept it counts it in pressroom_print_profile_unheld_failures_total{profile}.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { CMYK_COLOR_PROFILES } from '@pressroom/model';
import { createStorage } from '@pressroom/platform';
import { type TestDatabase, testDatabase, until } from '@pressroom/platform/testing';
import { writeDescribedProfile } from '@pressroom/render-worker/test/described-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  dumpOutputs,
  type Farm,
  type FarmProcess,
  freePort,
  seedExample,
  startFarm,
  waitFinal,
  waitForWorkers,
} from './testing/farm-processes.js';

const UNCOATED = 'e0c86a8a-050c-41f1-885a-0f74b9baac50';
/** Requests at once: with both workers idle and polling, a job not routed would land on either. */
const REQUESTS = 4;

describe('print jobs routed to the render worker that holds their colour profile', () => {
  let db: TestDatabase;
  let farm: Farm;
  let printer: Awaited<ReturnType<typeof seedExample>>;
  let holder: FarmProcess;
  /** METRICS_PORT of the worker without ISO Uncoated, the only one that sweeps. */
  let sweeperMetrics = 0;
  const work = mkdtempSync(join(tmpdir(), 'pressroom-print-routing-'));

  beforeAll(async () => {
    db = await testDatabase();
    farm = await startFarm({ databaseUrl: db.url, workers: 0 });
    const uncoated = writeDescribedProfile(join(work, 'uncoated.icc'), 'ISO Uncoated');
    // The worker without it sweeps for orphaned print jobs quickly; the holder never does (0).
    sweeperMetrics = await freePort();
    farm.addWorker({ env: { PRINT_PROFILE_WAIT_MS: '2000', METRICS_PORT: String(sweeperMetrics) } });
    holder = farm.addWorker({ env: { PRINT_CMYK_PROFILES: uncoated, PRINT_PROFILE_WAIT_MS: '0' } });
    const storage = await createStorage(loadControlPlaneConfig({ DATA_DIR: farm.dataDir, DATABASE_URL: db.url }), {
      dataDir: farm.dataDir,
      publicBaseUrl: farm.baseUrl,
    });
    printer = await seedExample(db.pool, 'printer-cafe-flyer.json', storage);
    await storage.stop();
    await waitForWorkers(db.pool, farm, 2);
  }, 180_000);

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-print-routing-e2e-farm.log`);
    await farm?.stop();
    await db?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('GET /capabilities says one of the two workers holds ISO Uncoated', async () => {
    const res = await api(farm, printer.key, 'GET', '/capabilities');
    expect(res.body.render_workers).toBe(2);
    expect(res.body.print.color_profiles.find((p: { id: string }) => p.id === UNCOATED)).toMatchObject({
      available: true,
      held_by: 1,
      reason: null,
    });
  });

  it('every PDF naming ISO Uncoated is printed with it, by the worker that holds it', { timeout: 300_000 }, async () => {
    const ids = await Promise.all(
      Array.from({ length: REQUESTS }, async () => {
        const res = await api(farm, printer.key, 'POST', `/async/banner-builder/${printer.designId}/generate`, {
          template_format_names: ['a6'],
          print: { color_profile: UNCOATED },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.generation_request_id as string;
      }),
    );
    // A job naming no profile goes to either worker, as before.
    const plain = await api(farm, printer.key, 'POST', `/async/banner-builder/${printer.designId}/generate`, {
      template_format_names: ['a6'],
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    for (const id of [...ids, plain.body.generation_request_id as string]) {
      const done = await waitFinal(farm, printer.key, id, 240_000);
      expect(done.errors, JSON.stringify(done)).toEqual([]);
      const pdf = Buffer.from(await (await fetch(done.banners[0].file.url)).arrayBuffer()).toString('latin1');
      if (ids.includes(id)) expect(pdf).toMatch(/\/OutputCondition \(ISO Uncoated\)/);
      else expect(pdf).not.toMatch(/\/OutputCondition \(ISO Uncoated\)/);
    }
  });

  it('a job whose holder died after submit fails after PRINT_PROFILE_WAIT_MS, naming what to set', { timeout: 120_000 }, async () => {
    // Frozen, the holder still counts as live until its beats go stale, so the request is accepted,
    // and it takes nothing; the other worker forbids the job's flag. It is frozen just after a beat,
    // so the submit has the whole stale window (8 s) however loaded the machine, not what was left of it.
    await untilFreshBeat(db, holder.child.pid!);
    holder.child.kill('SIGSTOP');
    try {
      const res = await api(farm, printer.key, 'POST', `/async/banner-builder/${printer.designId}/generate`, {
        template_format_names: ['a6'],
        print: { color_profile: UNCOATED },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const done = await waitFinal(farm, printer.key, res.body.generation_request_id as string, 90_000);
      expect(done.banners).toEqual([]);
      expect(done.errors).toEqual([
        expect.objectContaining({
          template_format_name: 'a6',
          reason: expect.stringMatching(
            /^CMYK — ISO Uncoated: no live render worker has held this profile for \d+ s \(PRINT_PROFILE_WAIT_MS\).*"ISO Uncoated" to PRINT_CMYK_PROFILES/,
          ),
        }),
      ]);
      // The worker that swept it counts it once, under its profile (just after the outcome the
      // request shows: the job is removed after it); the other profiles stay at 0.
      const counted = async () => {
        const metrics = await (await fetch(`http://127.0.0.1:${sweeperMetrics}/metrics`)).text();
        const series = metrics.matchAll(/^pressroom_print_profile_unheld_failures_total\{[^}]*profile="([^"]+)"[^}]*\} (\d+)$/gm);
        return Object.fromEntries([...series].map(([, profile, n]) => [profile!, Number(n)]));
      };
      await until('the sweeping worker to count the job', async () => (await counted())[UNCOATED] === 1);
      expect(await counted()).toEqual(Object.fromEntries(CMYK_COLOR_PROFILES.map((id) => [id, id === UNCOATED ? 1 : 0])));
    } finally {
      holder.child.kill('SIGKILL');
    }
  });
});

/** Resolves once the process `pid` has beaten within the last half second (it beats every 2 s). */
async function untilFreshBeat(db: TestDatabase, pid: number): Promise<void> {
  await until(
    `render worker ${pid} to beat`,
    async () => {
      const { rows } = await db.pool.query<{ age: number | null }>(
        'SELECT extract(epoch FROM now() - max(last_seen)) * 1000 AS age FROM worker_heartbeats WHERE pid = $1',
        [pid],
      );
      const age = rows[0]?.age;
      return age !== null && age !== undefined && Number(age) < 500;
    },
    { timeoutMs: 30_000 },
  );
}
