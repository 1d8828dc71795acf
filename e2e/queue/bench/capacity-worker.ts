// One process of `npm run bench:capacity`: WORKERS job runtimes (each its own graphile-worker pool,
// connections, LISTEN and heartbeat, as a worker process of its own would have), each running
// CONCURRENCY jobs at once. MODE=noop: a task that does nothing. MODE=render: the real
// `render_static` task (design load, outcome check, fencing, storage put, outcome transaction,
// events) with a renderer that holds its slot for RENDER_MS and answers a small JPEG made once,
// so the process spends the render's time, not its CPU. Prints `ready` once every runtime runs.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createPool, createStorage, sqlDesignSource, startWorkerRuntime, type WorkerRuntime } from '@pressroom/platform';
import { loadRenderWorkerConfig } from '@pressroom/render-worker/config';
import type { RenderDeps } from '@pressroom/render-worker/deps';
import type { StaticRenderer } from '@pressroom/render-worker/static/pipeline';
import { workspaceFontSource } from '@pressroom/render-worker/static/render-fonts';
import { renderStaticTask } from '@pressroom/render-worker/static/task';
import { createRenderMetrics } from '@pressroom/render-worker/tasks/metrics';
import { noAnimationRenderer } from '@pressroom/render-worker/tasks/testing/stand-in-renderer';
import type { TaskList } from 'graphile-worker';
import { Registry } from 'prom-client';
import sharp from 'sharp';

const env = process.env;
const url = env['DATABASE_URL']!;
const workers = Number(env['WORKERS'] ?? 1);
const concurrency = Number(env['CONCURRENCY'] ?? 2);
const mode = env['MODE'] ?? 'noop';
const renderMs = Number(env['RENDER_MS'] ?? 80);
const storageDir = env['STORAGE_DIR'] ?? (await mkdtemp(join(tmpdir(), 'pressroom-capacity-')));

const logger = createLogger('capacity-worker', 'error');
const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff8800' } })
  .jpeg()
  .toBuffer();
const render: StaticRenderer = (input) =>
  new Promise((resolve) =>
    setTimeout(
      () =>
        resolve({
          bytes: jpeg,
          contentType: 'image/jpeg',
          width: 64,
          height: 64,
          timings: { fetch: 0, layout: 0, update: 0, fit: 0, capture: 0, encode: 0 },
          warm: null,
        }),
      input.signal.aborted ? 0 : renderMs,
    ),
  );

const runtimes: WorkerRuntime[] = [];
for (let i = 0; i < workers; i++) {
  // A pool per runtime, sized as a worker process sizes its own (its jobs, the runner, the beat).
  const db = createPool(url, { max: concurrency + 2, applicationName: 'capacity-worker' });
  const metrics = new Registry();
  let taskList: TaskList;
  if (mode === 'render') {
    const config = loadRenderWorkerConfig({ DATABASE_URL: url, DATA_DIR: storageDir, LOG_LEVEL: 'error' });
    const storage = await createStorage(config, { dataDir: storageDir, publicBaseUrl: 'http://localhost:8080' });
    const deps: RenderDeps = {
      config,
      db,
      storage,
      logger,
      metrics,
      renderMetrics: createRenderMetrics(metrics),
      designs: sqlDesignSource,
      render,
      animation: noAnimationRenderer(),
      fonts: workspaceFontSource({ db, storage, dataDir: storageDir }),
      gate: null,
    };
    taskList = { render_static: renderStaticTask(deps) as TaskList[string] };
  } else {
    taskList = { noop: async () => {} };
  }
  runtimes.push(
    await startWorkerRuntime({
      role: 'render-worker',
      db,
      taskList,
      concurrency,
      logger,
      metrics,
      pollIntervalMs: 200,
    }),
  );
}
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await Promise.all(runtimes.map((r) => r.stop()));
  process.exit(0);
});
