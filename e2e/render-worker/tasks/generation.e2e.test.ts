// The farm as it runs: a control plane and render workers as separate processes, real Chromium,
// real Postgres, local storage. Answers: does a request become a stored file, synchronously and
// asynchronously; does the farm survive a killed worker and a killed Chromium; does the guarded
// fetch keep image_url away from internal addresses.
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { type TestDatabase, testDatabase } from '@pressroom/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSdkCheck } from '../../control-plane/sdk.js';
import {
  api,
  descendantsOf,
  dumpOutputs,
  type Farm,
  farmWarnings,
  freePort,
  hangingImageServer,
  type Json,
  jobHolderPid,
  killTree,
  seedExample,
  startFarm,
  waitFinal,
  waitForWorkers,
} from './testing/farm-processes.js';

const PNG = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
  .png()
  .toBuffer();

describe('a running farm (control plane + 2 render workers)', () => {
  let db: TestDatabase;
  let farm: Farm;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  let images: Awaited<ReturnType<typeof hangingImageServer>>;
  let imagesPort = 0;

  beforeAll(async () => {
    db = await testDatabase();
    // An image server whose FIRST request per /hang/ path hangs (a render stuck mid-job).
    images = await hangingImageServer(PNG);
    imagesPort = images.port;
    farm = await startFarm({ databaseUrl: db.url, workers: 2, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', LOG_LEVEL: 'info' } });
    seed = await seedExample(db.pool, 'static-summer-sale.json');
    await waitForWorkers(db.pool, farm, 2);
  });

  afterAll(async () => {
    if (farm) await dumpOutputs(farm, `${tmpdir()}/pressroom-generation-e2e-farm.log`);
    await farm?.stop();
    images?.close();
    await db?.drop();
  });

  it('sync generation answers a Banner whose file is the requested JPEG', async () => {
    const res = await api(farm, seed.key, 'POST', `/banner-builder/${seed.designId}/generate`, {
      template_format_name: 'square',
      elements: { headline: { payload: 'Hello from the farm' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: 1, file: { type: 'jpeg' }, format: { id: 'square', width: 1080, height: 1080 } });
    const file = await fetch(res.body.file.url);
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
  });

  it('the abyssale SDK generates, polls and reads files with no validation error', async () => {
    // runSdkCheck resolves scripts from e2e/control-plane/sdk/; ours sits next to this test.
    const report = await runSdkCheck('../../../render-worker/src/tasks/testing/sdk_generation.py', farm.baseUrl, seed.key, {
      PRESSROOM_DESIGN_ID: seed.designId,
      PRESSROOM_FORMAT: 'square',
    });
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(4);
  });

  it('async generation renders every format of the example design', async () => {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, { image_file_type: 'png' });
    expect(res.status).toBe(200);
    const final = await waitFinal(farm, seed.key, res.body.generation_request_id, 60_000);
    expect(final.errors).toEqual([]);
    expect(final.banners.map((b: Json) => b.format.id).sort()).toEqual([...seed.formats].sort());
    for (const b of final.banners) {
      const meta = await sharp(Buffer.from(await (await fetch(b.file.url)).arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', b.format.width, b.format.height]);
    }
  });

  it('a render worker killed with SIGKILL mid-job: the job completes on the other within 60 s, with exactly one Banner', async () => {
    const url = `http://127.0.0.1:${imagesPort}/hang/${Date.now()}.png`;
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      elements: { 'hero-photo': { image_url: url } },
    });
    const id = res.body.generation_request_id as string;
    // Wait until a worker holds the job (its fetch is hanging), then kill that process.
    const holder = await waitFor(async () => (images.requests.has(new URL(url).pathname) ? jobHolderPid(db.pool, id) : undefined), 30_000);
    const victim = farm.workers.find((w) => w.child.pid === holder)!;
    expect(victim).toBeDefined();
    const killedAt = Date.now();
    killTree(victim);

    const final = await waitFinal(farm, seed.key, id, 60_000);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(final.banners).toHaveLength(1);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM banners WHERE generation_request_id = $1', [id]);
    expect(rows[0].n).toBe(1);
    farm.addWorker(); // back to two for the next test
    await waitForWorkers(db.pool, farm, 2);
  });

  it('Chromium killed with SIGKILL during renders: every file still succeeds', async () => {
    const res = await api(farm, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {});
    const id = res.body.generation_request_id as string;
    await waitFor(async () => {
      const { rows } = await db.pool.query(
        `SELECT 1 FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL AND payload->>'generation_request_id' = $1`,
        [id],
      );
      return rows.length > 0 ? true : undefined;
    }, 30_000);
    let killed = 0;
    for (const w of farm.workers) {
      if (w.child.exitCode !== null || w.child.signalCode !== null || !w.child.pid) continue;
      for (const pid of descendantsOf(w.child.pid)) killed += safeKill(pid) ? 1 : 0;
    }
    // Five attempts with graphile-worker's backoff span about 90 s of retries.
    const final = await waitFinal(farm, seed.key, id, 120_000);
    expect(final.errors, farmWarnings(farm)).toEqual([]);
    expect(final.banners).toHaveLength(seed.formats.length);
    expect(killed).toBeGreaterThan(0);
  });
});

describe('the guarded fetch in a running farm (private networks not allowed)', () => {
  let db: TestDatabase;
  let farm: Farm;
  let seed: Awaited<ReturnType<typeof seedExample>>;
  let canary: net.Server;
  let redirector: Server;
  let canaryPort = 0;
  let redirectorPort = 0;
  let canaryConnections = 0;

  beforeAll(async () => {
    db = await testDatabase();
    canary = net.createServer((socket) => {
      canaryConnections++;
      socket.destroy();
    });
    canaryPort = await freePort();
    await new Promise<void>((r) => canary.listen(canaryPort, '0.0.0.0', r));
    redirector = createServer((_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', `http://127.0.0.1:${canaryPort}/`);
      res.end();
    });
    redirectorPort = await freePort();
    await new Promise<void>((r) => redirector.listen(redirectorPort, '127.0.0.1', r));
    farm = await startFarm({ databaseUrl: db.url, workers: 1, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'false' } });
    seed = await seedExample(db.pool, 'static-summer-sale.json');
    await waitForWorkers(db.pool, farm, 1);
  });

  afterAll(async () => {
    await farm?.stop();
    canary?.close();
    redirector?.close();
    await db?.drop();
  });

  it.each([
    ['loopback', () => `http://127.0.0.1:${canaryPort}/x.png`],
    ['link-local metadata', () => 'http://169.254.169.254/latest/meta-data'],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${canaryPort}/`],
    ['hex loopback', () => `http://0x7f000001:${canaryPort}/`],
    ['a redirect to loopback', () => `http://127.0.0.1:${redirectorPort}/to-canary`],
  ])('refuses %s as image_url with 400 image_fetching_error', async (_name, url) => {
    const res = await api(farm, seed.key, 'POST', `/banner-builder/${seed.designId}/generate`, {
      elements: { 'hero-photo': { image_url: url() } },
    });
    expect([res.status, res.body.id], JSON.stringify(res.body)).toEqual([400, 'image_fetching_error']);
    expect(canaryConnections).toBe(0);
  });
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function safeKill(pid: number): boolean {
  try {
    process.kill(pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}
