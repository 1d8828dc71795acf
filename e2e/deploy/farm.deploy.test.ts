// Issue #35, part 2: the farm of deploy/docker-compose.yml, each role its own container on one
// user-defined network (its own address, filesystem and clock), driven from the host over
// loopback. Postgres, MinIO, the migration, 2 control planes, 2 render workers, 1 media worker,
// Prometheus, and a peer container standing for the outside world (webhook receiver over HTTPS,
// pictures that hang on request). The image is built once by global-setup.ts.
//
// DEPLOY_TEST_JOB_FENCING=off runs the same file with JOB_FENCING=off on the workers: the
// partition case then expects the duplicate writes that fencing prevents (it must see at least one),
// which shows the test can fail.
import { loadControlPlaneConfig } from '@pressroom/control-plane/config';
import { createStorage } from '@pressroom/platform';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { collectQueries, metricNames, substituteVariables } from '../../grafana/src/queries.js';
import { type Json, seedExample } from '../render-worker/tasks/testing/farm-processes.js';
import { importAndRenderUploadedPicture } from '../render-worker/tasks/testing/uploaded-picture.js';
import { docker, must, ROOT } from './docker.js';
import { type ContainerFarm, controlPlaneUrl, HEARTBEAT_MS, SCRAPE_S, STALE_MS, startContainerFarm, step } from './farm.js';

const FENCING = process.env.DEPLOY_TEST_JOB_FENCING === 'off' ? 'off' : 'on';
/** A job of a dead worker runs again within the stale window plus a heartbeat, plus a poll. */
const RESUME_BOUND_MS = STALE_MS + HEARTBEAT_MS + 5_000;

type Seed = Awaited<ReturnType<typeof seedExample>>;

describe(`a farm of containers from deploy/docker-compose.yml (JOB_FENCING=${FENCING})`, () => {
  let farm: ContainerFarm;
  let statics: Seed;
  let animated: Seed;
  let printer: Seed;

  beforeAll(async () => {
    farm = await startContainerFarm({ project: 'pressroom-deploy-test', jobFencing: FENCING });
    const storage = await createStorage(
      loadControlPlaneConfig({
        DATABASE_URL: `postgres://pressroom:pressroom@127.0.0.1:${farm.pgPort}/pressroom`,
        DATA_DIR: farm.workDir,
        S3_BUCKET: 'pressroom',
        S3_ENDPOINT: `http://127.0.0.1:${farm.minioPort}`,
        S3_ACCESS_KEY_ID: 'pressroom',
        S3_SECRET_ACCESS_KEY: 'pressroom-dev-secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
      { dataDir: farm.workDir, publicBaseUrl: farm.controlPlanes[0]!.baseUrl },
    );
    step('seeding the example designs');
    try {
      statics = await seedExample(farm.db, 'static-summer-sale.json', storage);
      animated = await seedExample(farm.db, 'animated-product-launch.json', storage);
      printer = await seedExample(farm.db, 'printer-cafe-flyer.json', storage);
    } finally {
      await storage.stop();
    }
    step('waiting for the workers to beat');
    await waitLiveWorkers(farm, 'render-worker', 2);
    await waitLiveWorkers(farm, 'media-worker', 1);
    step('farm ready');
  }, 1_800_000);

  afterAll(async () => {
    await farm?.stop();
    if (farm) console.log(`container logs: ${farm.workDir} (in the run's temp folder: kept when a test failed)`);
  }, 600_000);

  const call = async (cp: number, key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${farm.controlPlanes[cp]!.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, Json> };
  };
  const final = async (cp: number, key: string, id: string, timeoutMs = 600_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await call(cp, key, 'GET', `/generation-request/${id}`);
      if (res.status === 200) return res.body;
      // Polling a hundred finished requests in a row meets the workspace's 10 requests a second.
      if (res.status === 429) {
        await sleep(1_000);
        continue;
      }
      if (res.status !== 202) throw new Error(`poll answered ${res.status}: ${JSON.stringify(res.body)}`);
      if (Date.now() > deadline) throw new Error(`generation request ${id} not final within ${timeoutMs} ms`);
      await sleep(500);
    }
  };
  const download = async (url: string) => {
    const res = await farm.fetchPublic(url);
    expect(res.status, url).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  for (const cp of [0, 1]) {
    it(`through control plane ${cp + 1}: sync, async multi-format with a webhook, MP4, print PDF, import with an upload, ZIP export; every file downloads`, {
      timeout: 1_800_000,
    }, async () => {
      const banners: string[] = [];
      // A sync static render.
      const sync = await call(cp, statics.key, 'POST', `/banner-builder/${statics.designId}/generate`, {
        template_format_name: 'square',
        elements: { headline: { payload: `Control plane ${cp + 1}` } },
      });
      expect(sync.status, JSON.stringify(sync.body)).toBe(200);
      expect(await sharp(await download(sync.body.file.url)).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1080 });
      banners.push(sync.body.id);

      // An async request of every format, with a callback to the receiver container over HTTPS.
      const callback = `https://peer:8443/callback-${cp + 1}`;
      const async = await call(cp, statics.key, 'POST', `/async/banner-builder/${statics.designId}/generate`, {
        image_file_type: 'png',
        callback_url: callback,
      });
      expect(async.status, JSON.stringify(async.body)).toBe(200);
      const done = await final(cp, statics.key, async.body.generation_request_id);
      expect(done.errors ?? []).toEqual([]);
      expect(done.banners.map((b: Json) => b.format.id).sort()).toEqual([...statics.formats].sort());
      for (const b of done.banners) {
        const meta = await sharp(await download(b.file.url)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', b.format.width, b.format.height]);
        banners.push(b.id);
      }
      const hooks = await waitPeer(farm, (e) => e.kind === 'webhook' && e.path === `/callback-${cp + 1}`, 1, 180_000);
      expect(JSON.stringify(hooks[0]!.body)).toContain(async.body.generation_request_id);

      // An MP4.
      const video = await call(cp, animated.key, 'POST', `/async/banner-builder/${animated.designId}/generate`, {
        template_format_names: [animated.formats[0]],
        image_file_type: 'mp4',
      });
      expect(video.status, JSON.stringify(video.body)).toBe(200);
      const videoDone = await final(cp, animated.key, video.body.generation_request_id, 900_000);
      expect(videoDone.errors ?? []).toEqual([]);
      const mp4 = await download(videoDone.banners[0].file.url);
      expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');

      // A print PDF.
      const print = await call(cp, printer.key, 'POST', `/async/banner-builder/${printer.designId}/generate`, {});
      expect(print.status, JSON.stringify(print.body)).toBe(200);
      const printDone = await final(cp, printer.key, print.body.generation_request_id);
      expect(printDone.errors ?? []).toEqual([]);
      for (const b of printDone.banners) {
        expect(b.file.type).toBe('pdf');
        expect((await download(b.file.url)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }

      // An import whose picture is uploaded to the bucket by its presigned form.
      await importAndRenderUploadedPicture(farm.controlPlanes[cp]!, statics.key, 'http://minio:9000/pressroom', farm.fetchPublic);

      // A ZIP export of this control plane's banners.
      const exp = await call(cp, statics.key, 'POST', '/async/banners/export', { ids: banners });
      expect(exp.status, JSON.stringify(exp.body)).toBe(200);
      const deadline = Date.now() + 300_000;
      let state: Json;
      do {
        await sleep(500);
        state = (await call(cp, statics.key, 'GET', `/exports/${exp.body.export_id}`)).body;
      } while (state.status === 'pending' && Date.now() < deadline);
      expect(state.status, JSON.stringify(state)).toBe('done');
      expect((await download(state.archive_url)).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    });
  }

  it(`docker kill of a render worker with 100 files queued: none lost, none twice, credits charged once, resumed within ${RESUME_BOUND_MS / 1000} s`, {
    timeout: 1_800_000,
  }, async () => {
    const seed = await seedExample(farm.db, 'static-summer-sale.json');
    const hang = `kill-${Date.now()}.png`;
    // One file held on a worker by a picture that never comes, then 99 more (33 × 3 formats).
    const held = await call(0, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      elements: { 'hero-photo': { image_url: `http://peer:8080/hang/${hang}` } },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const [first] = await waitPeer(farm, (e) => e.kind === 'image' && e.name === hang, 1, 120_000);
    const requests = [held.body.generation_request_id as string];
    for (let i = 0; i < 33; i++) {
      const res = await call(i % 2, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      requests.push(res.body.generation_request_id);
      // Below the workspace's 10 requests a second.
      await sleep(150);
    }
    const victim = await containerAt(farm, 'render-worker', first!.from!);
    const killedAt = Date.now();
    await must('docker', ['kill', victim]);
    step(`killed ${victim.slice(0, 12)} holding ${hang}`);
    try {
      const [, again] = await waitPeer(farm, (e) => e.kind === 'image' && e.name === hang, 2, 120_000);
      const resumedMs = again!.at - killedAt;
      console.log(`kill: the held job ran again ${resumedMs} ms after docker kill (bound ${RESUME_BOUND_MS} ms)`);
      expect(resumedMs).toBeLessThan(RESUME_BOUND_MS);

      for (const id of requests) {
        const f = await final(1, seed.key, id);
        expect(f.errors ?? [], id).toEqual([]);
      }
      const files = await farm.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM banners WHERE generation_request_id = ANY($1::uuid[]) GROUP BY generation_request_id, format_name',
        [requests],
      );
      expect(files.rows).toHaveLength(100);
      expect(files.rows.every((r) => r.n === 1)).toBe(true);
      expect(await consumed(farm, seed.workspaceId)).toBe(100);
    } finally {
      // Docker does not restart a container stopped by `docker kill`: bring the worker back.
      await must('docker', ['start', victim]);
      await waitLiveWorkers(farm, 'render-worker', 2);
    }
  });

  it(`a partition: a render worker cut off while it holds a job, longer than the stale window, then back: ${
    FENCING === 'on' ? 'no second banner, credit or webhook' : 'JOB_FENCING=off shows the second write'
  }`, { timeout: 900_000 }, async () => {
    const seed = await seedExample(farm.db, 'static-summer-sale.json');
    const hang = `partition-${Date.now()}.png`;
    const res = await call(0, seed.key, 'POST', `/async/banner-builder/${seed.designId}/generate`, {
      template_format_names: ['square'],
      elements: { 'hero-photo': { image_url: `http://peer:8080/hang/${hang}` } },
      callback_url: 'https://peer:8443/partition',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.generation_request_id as string;
    const [first] = await waitPeer(farm, (e) => e.kind === 'image' && e.name === hang, 1, 120_000);
    const victim = await containerAt(farm, 'render-worker', first!.from!);
    const network = farm.project.network();
    const aliases = JSON.parse(
      await must('docker', ['inspect', '--format', `{{json (index .NetworkSettings.Networks "${network}").Aliases}}`, victim]),
    ) as string[] | null;

    await must('docker', ['network', 'disconnect', network, victim]);
    const cutAt = Date.now();
    step(`cut ${victim.slice(0, 12)} off ${network} while it holds ${hang}`);
    const address = first!.from!.replace(/^::ffff:/, '');
    const reconnect = () =>
      must('docker', ['network', 'connect', '--ip', address, ...(aliases ?? []).flatMap((a) => ['--alias', a]), network, victim]);
    let connected = false;
    try {
      // Its job runs elsewhere: the picture is asked for again, by another worker, and answered.
      const [, again] = await waitPeer(farm, (e) => e.kind === 'image' && e.name === hang, 2, 120_000);
      expect(again!.from).not.toBe(first!.from);
      const done = await final(1, seed.key, id);
      expect(done.banners).toHaveLength(1);
      await waitPeer(farm, (e) => e.kind === 'webhook' && e.path === '/partition', 1, 120_000);
      // The file as delivered, made by the re-run (with the re-run's cyan picture).
      const delivered = await download(done.banners[0].file.url);
      // Longer than the stale window, then back on the network with its address (its connections
      // resume, as after a real partition), and the picture it waited for arrives (magenta).
      await sleep(Math.max(0, STALE_MS * 2 - (Date.now() - cutAt)));
      await reconnect();
      connected = true;
      step(`${victim.slice(0, 12)} back on ${network} at ${address}`);
      const releasedAt = Date.now();
      expect(await farm.release(hang)).toBe(1);
      // Time for the returning worker to finish its render and try every write it has left.
      await sleep(Math.max(20_000, STALE_MS * 3));
      console.log(`partition: cut for ${releasedAt - cutAt} ms`);

      const banners = await farm.db.query<{ n: number }>('SELECT count(*)::int AS n FROM banners WHERE generation_request_id = $1', [id]);
      const webhooks = (await farm.peerLog()).filter((e) => e.kind === 'webhook' && e.path === '/partition');
      const again2 = await final(0, seed.key, id);
      const now = await download(again2.banners[0].file.url);
      const outcome = {
        banners: banners.rows[0]!.n,
        listed: again2.banners.length,
        credits: await consumed(farm, seed.workspaceId),
        webhooks: webhooks.length,
        fileRewritten: !now.equals(delivered),
      };
      console.log(`partition (JOB_FENCING=${FENCING}): ${JSON.stringify(outcome)}`);
      if (FENCING === 'on') {
        expect(outcome).toEqual({ banners: 1, listed: 1, credits: 1, webhooks: 1, fileRewritten: false });
      } else {
        // Without fencing the returning worker writes again: at least one of these shows it.
        expect(outcome.banners > 1 || outcome.listed > 1 || outcome.credits > 1 || outcome.webhooks > 1 || outcome.fileRewritten).toBe(
          true,
        );
      }
    } finally {
      if (!connected) await reconnect();
    }
    await waitLiveWorkers(farm, 'render-worker', 2);
  });

  it('a control plane killed: the other keeps answering, and no accepted async request is lost', { timeout: 900_000 }, async () => {
    const accepted: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(0, statics.key, 'POST', `/async/banner-builder/${statics.designId}/generate`, {
        template_format_names: ['square'],
      });
      expect(res.status).toBe(200);
      accepted.push(res.body.generation_request_id);
    }
    const victim = farm.controlPlanes[0]!.id;
    await must('docker', ['kill', victim]);
    step(`killed control plane ${victim.slice(0, 12)}`);
    try {
      // The other answers at once: a sync render and the polls of what the dead one accepted.
      const sync = await call(1, statics.key, 'POST', `/banner-builder/${statics.designId}/generate`, { template_format_name: 'square' });
      expect(sync.status, JSON.stringify(sync.body)).toBe(200);
      for (const id of accepted) {
        const f = await final(1, statics.key, id);
        expect(f.banners, id).toHaveLength(1);
      }
    } finally {
      await must('docker', ['start', victim]);
      farm.controlPlanes[0]!.baseUrl = await controlPlaneUrl(farm.project, victim, 300_000);
    }
  });

  it('Postgres restarted: every role recovers without being restarted', { timeout: 900_000 }, async () => {
    const roles = ['control-plane', 'render-worker', 'media-worker'];
    const before = new Map<string, string>();
    for (const role of roles) for (const cid of await farm.project.ids(role)) before.set(cid, await startedAt(cid));
    const [pgId] = await farm.project.ids('postgres');
    await must('docker', ['restart', '-t', '10', pgId!]);
    // The published port can change with the restart: the host's pool follows it.
    const pgPort = await farm.project.port(pgId!, 5432);
    farm.db.options.port = pgPort;
    (farm.db.options as { connectionString?: string }).connectionString = `postgres://pressroom:pressroom@127.0.0.1:${pgPort}/pressroom`;
    for (const cp of farm.controlPlanes) cp.baseUrl = await controlPlaneUrl(farm.project, cp.id, 300_000);
    // Work flows again through every role: a sync render, an async one with its webhook, a ZIP.
    for (const cp of [0, 1]) {
      const sync = await call(cp, statics.key, 'POST', `/banner-builder/${statics.designId}/generate`, { template_format_name: 'square' });
      expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    }
    const async = await call(1, statics.key, 'POST', `/async/banner-builder/${statics.designId}/generate`, {
      template_format_names: ['square'],
      callback_url: 'https://peer:8443/after-restart',
    });
    const done = await final(1, statics.key, async.body.generation_request_id);
    expect(done.banners).toHaveLength(1);
    await waitPeer(farm, (e) => e.kind === 'webhook' && e.path === '/after-restart', 1, 180_000);
    // No role was restarted: the same containers, started when they were.
    for (const [cid, started] of before) {
      if (cid === farm.controlPlanes[0]!.id) continue; // restarted by the test above, on purpose
      expect(await startedAt(cid), cid).toBe(started);
    }
  });

  it('Prometheus scrapes every container; every Grafana panel and every rule evaluates, and the exercised ones have series', {
    timeout: 600_000,
  }, async () => {
    const prom = `http://127.0.0.1:${farm.prometheusPort}`;
    const api = async (path: string) => (await (await fetch(`${prom}${path}`)).json()) as Json;
    // A request no route answers, for the panel that counts them.
    for (const cp of farm.controlPlanes) expect((await fetch(`${cp.baseUrl}/no-such-endpoint`)).status).toBe(404);
    // Two scrapes and a rule evaluation after the work above.
    await sleep(SCRAPE_S * 3_000);
    const targets = (await api('/api/v1/targets')).data.activeTargets as Json[];
    const up = targets.filter((t) => t.health === 'up').map((t) => t.labels.job as string);
    const count = (job: string) => up.filter((j) => j === job).length;
    expect({ cp: count('control-plane'), rw: count('render-worker'), mw: count('media-worker') }).toEqual({ cp: 2, rw: 2, mw: 1 });

    const { readdir, readFile } = await import('node:fs/promises');
    const dir = `${ROOT}grafana/dashboards/`;
    const queries = [];
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      queries.push(...collectQueries(file, JSON.parse(await readFile(`${dir}${file}`, 'utf8'))));
    }
    const rules = (YAML.parse(await readFile(`${ROOT}deploy/prometheus/rules/pressroom.yml`, 'utf8')).groups as Json[]).flatMap(
      (g) => g.rules as Json[],
    );
    const exprs = [
      ...queries.map((q) => ({ where: `${q.dashboard} › ${q.panel}`, expr: substituteVariables(q.expr) })),
      ...rules.map((r) => ({ where: `rule ${r.record ?? r.alert}`, expr: r.expr as string })),
    ];
    const refused: string[] = [];
    const empty: string[] = [];
    const withSeries: string[] = [];
    for (const { where, expr } of exprs) {
      const answer = await api(`/api/v1/query?query=${encodeURIComponent(expr)}`);
      if (answer.status !== 'success') refused.push(`${where}: ${answer.error}`);
      else if ((answer.data.result as unknown[]).length > 0) withSeries.push(where);
      else empty.push(`${where} (${metricNames(expr).join(', ')})`);
    }
    // Every rule group evaluated, without an error.
    const groups = (await api('/api/v1/rules')).data.groups as Json[];
    const ruleHealth = groups.flatMap((g) =>
      (g.rules as Json[]).map((r) => `${r.name}: ${r.health}${r.lastError ? ` ${r.lastError}` : ''}`),
    );
    console.log(
      `prometheus: ${exprs.length} expressions, ${withSeries.length} with series, ${empty.length} empty:\n  ${empty.join('\n  ')}`,
    );
    expect(refused).toEqual([]);
    expect(ruleHealth.filter((r) => !r.endsWith(': ok'))).toEqual([]);
    expect(ruleHealth).toHaveLength(rules.length);
    // What this file exercised (renders, HTTP, the queue, media jobs, webhooks) has series.
    for (const metric of [
      'pressroom_http_request_duration_seconds_count',
      'pressroom_render_stage_seconds_bucket',
      'pressroom_queue_jobs',
      'pressroom_jobs_total',
      'pressroom_dead_workers_unlocked_total',
    ]) {
      const answer = await api(`/api/v1/query?query=${encodeURIComponent(metric)}`);
      expect((answer.data.result as unknown[]).length, metric).toBeGreaterThan(0);
    }
    const exercised = exprs.filter(
      ({ expr }) =>
        /pressroom_http_request_duration_seconds|pressroom_render_stage_seconds|pressroom_queue_jobs/.test(expr) &&
        !/5\.\.|error|fail/.test(expr),
    );
    const exercisedEmpty = exercised.filter((e) => !withSeries.includes(e.where));
    expect(exercisedEmpty.map((e) => e.where)).toEqual([]);
  });

  it('docker compose down: every role drains and exits within its grace period', { timeout: 600_000 }, async () => {
    // Work in flight when the stop comes: it must finish (drain), not be cut.
    const inflight: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(1, statics.key, 'POST', `/async/banner-builder/${statics.designId}/generate`, {});
      inflight.push(res.body.generation_request_id);
    }
    const roles = ['control-plane', 'render-worker', 'media-worker'];
    const ids = (await Promise.all(roles.map((r) => farm.project.ids(r)))).flat();
    const started = Date.now();
    await farm.project.mustCompose(['stop', ...roles], 300_000);
    const stoppedMs = Date.now() - started;
    console.log(`compose stop of every role: ${stoppedMs} ms`);
    for (const cid of ids) {
      const state = JSON.parse(await must('docker', ['inspect', '--format', '{{json .State}}', cid])) as Json;
      // 137 would be Docker's SIGKILL after the grace period; a drained role exits 0.
      expect({ cid: cid.slice(0, 12), exit: state.ExitCode }).toEqual({ cid: cid.slice(0, 12), exit: 0 });
    }
    const rows = await farm.db.query<{ id: string; n: number }>(
      'SELECT r.id, (SELECT count(*)::int FROM banners b WHERE b.generation_request_id = r.id) AS n FROM generation_requests r WHERE r.id = ANY($1::uuid[])',
      [inflight],
    );
    // Every request accepted before the stop is either finished or still queued for the next
    // start: none was lost half-written.
    const jobs = await farm.db.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by IS NOT NULL');
    expect(jobs.rows[0]!.n).toBe(0);
    expect(rows.rows).toHaveLength(inflight.length);
    const logs = (await Promise.all(ids.map((cid) => farm.project.logs(cid)))).join('\n');
    expect(logs).not.toMatch(/shutdown timed out|forcing exit/i);
    await docker(['ps']);
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the peer recorded `n` events matching `match`; answers them in order. */
async function waitPeer(farm: ContainerFarm, match: (e: Json) => boolean, n: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await farm.peerLog()).filter(match);
    if (found.length >= n) return found;
    if (Date.now() > deadline) throw new Error(`the peer saw ${found.length} of ${n} expected events within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** Waits until `n` processes of a role beat within the stale window. */
async function waitLiveWorkers(farm: ContainerFarm, role: string, n: number, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await farm.db
      .query<{ n: number }>(
        `SELECT count(DISTINCT host)::int AS n FROM worker_heartbeats WHERE role = $1 AND last_seen > now() - make_interval(secs => $2)`,
        [role, STALE_MS / 1000],
      )
      .catch(() => ({ rows: [{ n: 0 }] }));
    if (rows[0]!.n >= n) return;
    if (Date.now() > deadline) throw new Error(`${n} live ${role} processes not seen within ${timeoutMs} ms`);
    await sleep(500);
  }
}

/** The container of a service whose address on the farm's network is `ip`. */
async function containerAt(farm: ContainerFarm, service: string, ip: string): Promise<string> {
  const address = ip.replace(/^::ffff:/, '');
  for (const id of await farm.project.ids(service)) {
    const out = await must('docker', ['inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}', id]);
    if (out.trim().split(/\s+/).includes(address)) return id;
  }
  throw new Error(`no ${service} container has the address ${address}`);
}

async function startedAt(id: string): Promise<string> {
  return (await must('docker', ['inspect', '--format', '{{.State.StartedAt}}', id])).trim();
}

async function consumed(farm: ContainerFarm, workspaceId: string): Promise<number> {
  const { rows } = await farm.db.query<{ n: number }>(
    "SELECT consumed::int AS n FROM credit_balances WHERE workspace_id = $1 AND kind = 'generation'",
    [workspaceId],
  );
  return rows[0]?.n ?? 0;
}
