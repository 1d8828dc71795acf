// `print.color_profile` at submit (docs/print.md, "Output profiles"): a built-in profile that no
// live render worker holds, as their heartbeats advertise, is 400 at `print.color_profile` on
// every endpoint that takes it (and the MCP tools calling them), naming what to configure;
// nothing is queued or charged. One that some hold is queued with its flag, which routes the job
// to them (docs/print.md, "Routing by profile"); one whose holders are all gone after submit ends
// failed once the sweep's wait has passed.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { advertiseCapabilities, CMYK_COLOR_PROFILES, colorProfileFlag, NO_AI_CAPABILITIES } from '@pressroom/model';
import { beat, memoryDesignSource, unheldProfileFailuresCounter, unheldProfileSweeper } from '@pressroom/platform';
import { exampleDesign } from '@pressroom/platform/testing';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { createProject } from '../services/projects.js';

let h: Harness;
let app: FastifyInstance;
const ws = { id: '', key: '' };
const designs = memoryDesignSource([]);
let printer = '';
let multipage = '';

/** ISO Coated v2 (ECI): the one the workers below hold. */
const ECI = 'be2ab219-8fe4-4d85-91ba-65bdc9ddaf01';
/** ISO Uncoated: a built-in none of them holds. */
const UNCOATED = 'e0c86a8a-050c-41f1-885a-0f74b9baac50';

beforeAll(async () => {
  // Workers count as live for 10 min, not the default 8 s: a test's beat must not go stale
  // between its requests on a loaded machine (staleness is capabilities.int's subject).
  h = await createHarness({ RATE_LIMIT_GLOBAL_PER_SECOND: '1000', WORKER_STALE_AFTER_MS: '600000' });
  app = await h.build({}, undefined, designs);
  Object.assign(ws, await h.workspace());
  const project = await createProject(h.db.pool, ws.id, 'Print');
  const flyer = await exampleDesign('printer-cafe-flyer.json', { workspaceId: ws.id, projectId: project!.id });
  const catalogue = await exampleDesign('printer-multipage-catalogue.json', { workspaceId: ws.id, projectId: project!.id });
  designs.add(flyer);
  designs.add(catalogue);
  printer = flyer.id;
  multipage = catalogue.id;
});

afterAll(() => h?.close());

beforeEach(async () => {
  await h.db.pool.query('DELETE FROM worker_heartbeats');
});

/**
 * A render-worker process (a pid of its own: the farm counts processes) beating now, advertising
 * the built-in profiles its ICC files carry.
 */
async function workerHolding(pid: number, ...profiles: string[]): Promise<void> {
  await beat(h.db.pool, [`pool-${pid}`], 'render-worker', advertiseCapabilities(NO_AI_CAPABILITIES, profiles));
  await h.db.pool.query('UPDATE worker_heartbeats SET pid = $2 WHERE worker_id = $1', [`pool-${pid}`, pid]);
}

type Answer = {
  id?: string;
  message?: string;
  errors?: { path: string; code: string; message: string; expected?: unknown; received?: unknown }[];
};
async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': ws.key }, payload: payload as object });
  return { status: res.statusCode, body: res.json() as Answer };
}

async function printJobs(): Promise<{ color_profile?: string; flags: string[] }[]> {
  const { rows } = await h.db.pool.query<{ payload: { options: { color_profile?: string } }; flags: Record<string, true> | null }>(
    `SELECT j.payload, j.flags FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     WHERE t.identifier = 'render_print' AND j.payload->>'workspace_id' = $1 ORDER BY j.id`,
    [ws.id],
  );
  return rows.map((r) => ({ ...r.payload.options, flags: Object.keys(r.flags ?? {}) }));
}

/**
 * A request naming ISO Uncoated accepted while worker 2 held it, then worker 2 gone (its heartbeat
 * deleted: the one left forbids the job's flag), and a sweep with a 60 s wait on a clock of its own.
 */
async function orphanedUncoatedJob() {
  await workerHolding(1, ECI);
  await workerHolding(2, ECI, UNCOATED);
  const res = await post(`/async/banner-builder/${printer}/generate`, {
    template_format_names: ['a6'],
    print: { color_profile: UNCOATED },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await h.db.pool.query(`DELETE FROM worker_heartbeats WHERE worker_id = 'pool-2'`);
  let clock = 0;
  const failures = unheldProfileFailuresCounter(new Registry());
  const sweep = unheldProfileSweeper({
    db: h.db.pool,
    storage: h.storage,
    staleAfterMs: 600_000,
    waitMs: 60_000,
    failures,
    now: () => clock,
  });
  return {
    requestId: (res.body as { generation_request_id?: string }).generation_request_id!,
    sweep,
    /** `pressroom_print_profile_unheld_failures_total` by profile, as a scrape would read it. */
    failed: async (): Promise<Record<string, number>> =>
      Object.fromEntries((await failures.get()).values.map((v) => [v.labels.profile, v.value])),
    at: (ms: number) => {
      clock = ms;
    },
  };
}

const ENDPOINTS = [
  ['async generate on a printer design', () => `/async/banner-builder/${printer}/generate`, { template_format_names: ['a6'] }],
  ['async generate on a multipage design', () => `/async/banner-builder/${multipage}/generate`, {}],
  ['generate-multipage-pdf', () => `/async/banner-builder/${multipage}/generate-multipage-pdf`, { pages: {} }],
] as const;

describe('print.color_profile against the live render workers', () => {
  it.each(ENDPOINTS)('%s: a profile no render worker holds is 400 at print.color_profile, naming what to set', async (_name, url, body) => {
    await workerHolding(1, ECI);
    const before = (await printJobs()).length;
    const res = await post(url(), { ...body, print: { color_profile: UNCOATED } });
    expect([res.status, res.body.id], JSON.stringify(res.body)).toEqual([400, 'invalid_payload']);
    expect(res.body.errors).toEqual([
      {
        path: 'print.color_profile',
        code: 'invalid_payload',
        message: expect.stringMatching(
          /ISO Uncoated is held by 0 of 1 render workers: add an ICC file described "ISO Uncoated" to PRINT_CMYK_PROFILES/,
        ),
        expected: [ECI],
        received: UNCOATED,
      },
    ]);
    expect(res.body.message).toMatch(/PRINT_CMYK_PROFILES/);
    expect((await printJobs()).length).toBe(before);
  });

  it.each(ENDPOINTS)('%s: the profile every render worker holds is queued with it and its flag', async (_name, url, body) => {
    await workerHolding(1, ECI);
    await workerHolding(2, ECI, UNCOATED);
    const before = (await printJobs()).length;
    const res = await post(url(), { ...body, print: { color_profile: ECI } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const jobs = await printJobs();
    expect(jobs.length).toBe(before + 1);
    expect(jobs.at(-1)).toMatchObject({ color_profile: ECI, flags: [colorProfileFlag(ECI)] });
  });

  it.each(ENDPOINTS)('%s: a profile only one of two live render workers holds is queued, flagged for it', async (_name, url, body) => {
    await workerHolding(1, ECI);
    await workerHolding(2, ECI, UNCOATED);
    const res = await post(url(), { ...body, print: { color_profile: UNCOATED } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await printJobs()).at(-1)).toMatchObject({ color_profile: UNCOATED, flags: [colorProfileFlag(UNCOATED)] });
    // Naming none: no flag, any render worker takes it.
    const plain = await post(url(), body);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect((await printJobs()).at(-1)).toEqual({ crop_marks: expect.any(Boolean), safe_zone: expect.any(Boolean), flags: [] });
  });

  it("a job whose profile no live render worker holds any more waits the sweep's wait, then its file fails saying what to set", async () => {
    const { requestId, sweep, at, failed } = await orphanedUncoatedJob();
    const jobs = await printJobs();
    // Every waiting job naming it ends (earlier cases queued some); the others stay.
    const flagged = jobs.filter((j) => j.color_profile === UNCOATED).length;
    expect(await sweep()).toBe(0);
    at(59_999);
    expect(await sweep()).toBe(0);
    const waiting = await app.inject({ method: 'GET', url: `/generation-request/${requestId}`, headers: { 'x-api-key': ws.key } });
    expect(waiting.statusCode).toBe(202);
    expect((await failed())[UNCOATED]).toBe(0);
    at(60_000);
    expect(await sweep()).toBe(flagged);
    expect(await printJobs()).toEqual(jobs.filter((j) => j.color_profile !== UNCOATED));
    // Counted once per job ended, under its profile; every other built-in stays at zero.
    const counted = await failed();
    expect(counted[UNCOATED]).toBe(flagged);
    expect(Object.values(counted).reduce((a, b) => a + b, 0)).toBe(flagged);
    expect(Object.keys(counted).sort()).toEqual([...CMYK_COLOR_PROFILES].sort());
    expect(await sweep()).toBe(0);
    expect((await failed())[UNCOATED]).toBe(flagged);
    const done = await app.inject({ method: 'GET', url: `/generation-request/${requestId}`, headers: { 'x-api-key': ws.key } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      banners: [],
      errors: [
        {
          template_format_name: 'a6',
          reason: expect.stringMatching(
            /^CMYK — ISO Uncoated: no live render worker has held this profile for 60 s \(PRINT_PROFILE_WAIT_MS\).*add an ICC file described "ISO Uncoated" to PRINT_CMYK_PROFILES/,
          ),
        },
      ],
    });
  });

  it('a holder back within the wait keeps the job queued', async () => {
    const { sweep, at, failed } = await orphanedUncoatedJob();
    const jobs = (await printJobs()).length;
    expect(await sweep()).toBe(0);
    at(30_000);
    await workerHolding(3, UNCOATED);
    expect(await sweep()).toBe(0);
    await h.db.pool.query(`DELETE FROM worker_heartbeats WHERE worker_id = 'pool-3'`);
    at(60_000);
    expect(await sweep()).toBe(0);
    expect((await printJobs()).length).toBe(jobs);
    expect((await failed())[UNCOATED]).toBe(0);
  });

  it('a render worker older than the field (no print record) is one that holds no profile', async () => {
    await beat(h.db.pool, ['pool-old'], 'render-worker', { v: 1, ai: { operations: [], focus_detector: false } });
    const res = await post(`/async/banner-builder/${printer}/generate`, { print: { color_profile: ECI } });
    expect(res.status).toBe(400);
    expect(res.body.errors![0]!.message).toMatch(/held by 0 of 1 render workers.*1 advertise no print profiles/);
  });

  it('with no render worker live the request is queued, as any print job waits for a worker', async () => {
    const res = await post(`/async/banner-builder/${printer}/generate`, {
      template_format_names: ['a6'],
      print: { color_profile: UNCOATED },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('the MCP tools that queue print PDFs answer the same refusal as a tool error', async () => {
    await workerHolding(1, ECI);
    const client = new Client({ name: 'pressroom-test', version: '1.0.0' });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'x-api-key': ws.key } } }));
    try {
      for (const [name, args] of [
        ['generate_banners_async', { id: printer, template_format_names: ['a6'] }],
        ['generate_multipage_pdf', { id: multipage, pages: {} }],
      ] as const) {
        const result = (await client.callTool({ name, arguments: { ...args, print: { color_profile: UNCOATED } } })) as CallToolResult;
        expect(result.isError, name).toBe(true);
        expect(result.structuredContent, name).toMatchObject({
          id: 'invalid_payload',
          errors: [{ path: 'print.color_profile', received: UNCOATED }],
        });
      }
    } finally {
      await client.close();
    }
  });

  it('a request naming no profile does not read the heartbeats', async () => {
    await workerHolding(1, ECI);
    // Holds the heartbeats table: a request that read it would wait for the lock.
    const locker = await h.db.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE worker_heartbeats IN ACCESS EXCLUSIVE MODE');
      const res = await post(`/async/banner-builder/${printer}/generate`, { template_format_names: ['a6'] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The same request naming a profile does wait on it, so the lock is what the check reads.
      let answered = false;
      const named = post(`/async/banner-builder/${printer}/generate`, {
        template_format_names: ['a6'],
        print: { color_profile: ECI },
      }).then((r) => {
        answered = true;
        return r;
      });
      // Until it waits on the lock, or (were it not to read the table) answers.
      while (!answered && !(await lockWaiter())) await new Promise((r) => setTimeout(r, 50));
      expect(answered).toBe(false);
      await locker.query('COMMIT');
      expect((await named).status).toBe(200);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      locker.release();
    }
  });
});

/** Whether a session waits for a lock on worker_heartbeats. */
async function lockWaiter(): Promise<boolean> {
  const { rows } = await h.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'worker_heartbeats'::regclass`,
  );
  return rows[0]!.n > 0;
}
