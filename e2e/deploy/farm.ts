// The farm of deploy/docker-compose.yml as the container tests start it: the README's compose
// file, deploy/docker-compose.local.yml where the images are local (no registry), and an override
// of the test's own (short stale windows, loopback ports for the host, the peer container).
import { chmodSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestCertificates } from '@pressroom/media-worker/webhooks/testing/test-ca';
import pg from 'pg';
import { ComposeProject, composeCommand, IMAGE, localBaseEnv, ROOT } from './docker.js';

/** The stale window and heartbeat the test gives every role: short, so recovery is quick. */
export const STALE_MS = 6_000;
export const HEARTBEAT_MS = 1_000;
/** Prometheus scrapes this often in the test (15 s in the README's file). */
export const SCRAPE_S = 2;

export interface PeerEvent {
  at: number;
  kind: 'image' | 'webhook' | 'release';
  name?: string;
  path?: string;
  from?: string;
  held?: boolean;
  deliveryId?: string;
  // biome-ignore lint/suspicious/noExplicitAny: a webhook's JSON body
  body?: any;
}

export interface ContainerFarm {
  project: ComposeProject;
  workDir: string;
  db: pg.Pool;
  pgPort: number;
  minioPort: number;
  prometheusPort: number;
  peerPort: number;
  /** Base URLs of the control planes, one per container, in start order. */
  controlPlanes: { id: string; baseUrl: string }[];
  /** fetch for the files' public URLs (presigned on http://minio:9000, reached via loopback). */
  fetchPublic: typeof fetch;
  peerLog(): Promise<PeerEvent[]>;
  release(name: string): Promise<number>;
  stop(): Promise<void>;
}

export interface FarmOptions {
  project: string;
  jobFencing?: 'on' | 'off';
  renderWorkers?: number;
}

/** Whether the base images come from deploy/base-images.sh (default) or a registry. */
export const useRegistry = () => process.env.DEPLOY_TEST_BASE === 'registry';

export async function startContainerFarm(options: FarmOptions): Promise<ContainerFarm> {
  const workDir = join(tmpdir(), `${options.project}-${Date.now()}`);
  await mkdir(workDir, { recursive: true });
  const certs = createTestCertificates({ dnsNames: ['peer'] });
  // The containers run as uid 1000: the throwaway CA and key must be readable there.
  chmodSync(certs.dir, 0o755);
  for (const f of readdirSync(certs.dir)) chmodSync(join(certs.dir, f), 0o644);

  const prometheusConfig = join(workDir, 'prometheus.yml');
  const original = await readFile(join(ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8');
  await writeFile(prometheusConfig, original.replace(/(scrape_interval|evaluation_interval|refresh_interval): 15s/g, `$1: ${SCRAPE_S}s`));

  const workerEnv = {
    WORKER_STALE_AFTER_MS: String(STALE_MS),
    WORKER_HEARTBEAT_INTERVAL_MS: String(HEARTBEAT_MS),
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    JOB_FENCING: options.jobFencing ?? 'on',
    // Correctness, not speed: a loaded 2-core host may take longer than the 9 s render deadline.
    RENDER_TIMEOUT_MS: '120000',
    ASSET_FETCH_TIMEOUT_MS: '120000',
  };
  const override = {
    // A subnet of its own, so a worker cut off the network can come back with its address.
    networks: {
      default: { ipam: { config: [{ subnet: `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 250)}.0/24` }] } },
    },
    services: {
      postgres: { ports: ['127.0.0.1::5432'] },
      'control-plane': {
        environment: {
          WORKER_STALE_AFTER_MS: String(STALE_MS),
          SYNC_RENDER_TIMEOUT_MS: '90000',
          OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
          QUEUE_METRICS_INTERVAL_MS: '2000',
        },
      },
      'render-worker': { environment: workerEnv },
      'media-worker': {
        environment: { ...workerEnv, NODE_EXTRA_CA_CERTS: '/certs/ca.pem' },
        volumes: [`${certs.dir}:/certs:ro`],
      },
      prometheus: { volumes: [`${prometheusConfig}:/etc/prometheus/prometheus.yml:ro`] },
      peer: {
        image: IMAGE,
        entrypoint: ['node', '/peer/peer.mjs'],
        volumes: [`${join(ROOT, 'e2e/deploy')}:/peer:ro`, `${certs.dir}:/certs:ro`],
        ports: ['127.0.0.1::8080'],
      },
    },
  };
  const overrideFile = join(workDir, 'docker-compose.test.yml');
  // JSON is YAML.
  await writeFile(overrideFile, JSON.stringify(override, null, 2));

  const files = [join(ROOT, 'deploy/docker-compose.yml')];
  if (!useRegistry()) files.push(join(ROOT, 'deploy/docker-compose.local.yml'));
  files.push(overrideFile);
  const env: Record<string, string> = {
    ...(useRegistry() ? {} : await localBaseEnv()),
    // Empty: Docker picks a free loopback port for each (the test asks which).
    // Compose v1 gives up on a busy daemon after 60 s.
    COMPOSE_HTTP_TIMEOUT: '600',
    PRESSROOM_API_PORT: '',
    MINIO_PORT: '',
    MINIO_CONSOLE_PORT: '',
    PROMETHEUS_PORT: '',
    GRAFANA_PORT: '',
  };
  const project = new ComposeProject(await composeCommand(), options.project, files, env);
  await project.compose(['down', '-v', '--remove-orphans', '-t', '5']);
  try {
    await startServices(project, options);
    return await connect(project, workDir);
  } catch (err) {
    // Nothing outlives a start that failed; the logs say why.
    await project.dumpLogs(workDir).catch(() => undefined);
    await project.compose(['down', '-v', '--remove-orphans', '-t', '5']);
    throw new Error(`${(err as Error).message}\ncontainer logs: ${workDir}`);
  }
}

async function startServices(project: ComposeProject, options: FarmOptions): Promise<void> {
  step(`${project.command.join(' ')} -p ${project.project} up`);
  await project.mustCompose(
    [
      'up',
      '-d',
      '--no-build',
      '--scale',
      'control-plane=2',
      '--scale',
      `render-worker=${options.renderWorkers ?? 2}`,
      '--scale',
      'media-worker=1',
    ],
    900_000,
  );
}

/** Progress on the console: a container farm takes minutes to start on a busy machine. */
export function step(message: string): void {
  process.stderr.write(`deploy test ${new Date().toISOString().slice(11, 19)}: ${message}\n`);
}

async function connect(project: ComposeProject, workDir: string): Promise<ContainerFarm> {
  step('containers started; finding their loopback ports');
  const one = async (service: string) => {
    const [id] = await project.ids(service);
    if (!id) throw new Error(`no ${service} container runs`);
    return id;
  };
  const pgPort = await project.port(await one('postgres'), 5432);
  const minioPort = await project.port(await one('minio'), 9000);
  const prometheusPort = await project.port(await one('prometheus'), 9090);
  const peerPort = await project.port(await one('peer'), 8080);
  // A role that lost a race at start (on a loaded host a first connection can time out) exits with
  // its sentence and Docker restarts it, on a new loopback port: ask again until each answers.
  const controlPlanes: { id: string; baseUrl: string }[] = [];
  for (const id of await project.ids('control-plane')) controlPlanes.push({ id, baseUrl: await controlPlaneUrl(project, id, 300_000) });
  const db = new pg.Pool({ connectionString: `postgres://pressroom:pressroom@127.0.0.1:${pgPort}/pressroom`, max: 4 });
  db.on('error', () => undefined);
  step(`control planes ready at ${controlPlanes.map((c) => c.baseUrl).join(', ')}`);

  const peerBase = `http://127.0.0.1:${peerPort}`;
  return {
    project,
    workDir,
    db,
    pgPort,
    minioPort,
    prometheusPort,
    peerPort,
    controlPlanes,
    fetchPublic: viaLoopback({ 'minio:9000': minioPort }),
    async peerLog() {
      return (await (await fetch(`${peerBase}/log`)).json()) as PeerEvent[];
    },
    async release(name: string) {
      return ((await (await fetch(`${peerBase}/release/${name}`, { method: 'POST' })).json()) as { released: number }).released;
    },
    async stop() {
      await db.end().catch(() => undefined);
      await project.dumpLogs(workDir).catch(() => undefined);
      await project.compose(['down', '-v', '--remove-orphans', '-t', '60'], 300_000);
    },
  };
}

/** The base URL of a control plane container once its /ready answers (its port looked up afresh each try). */
export async function controlPlaneUrl(project: ComposeProject, id: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const base = await project.port(id, 8080).then(
      (port) => `http://127.0.0.1:${port}`,
      () => undefined,
    );
    const ok =
      base !== undefined &&
      (await fetch(`${base}/ready`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) return base;
    if (Date.now() > deadline) throw new Error(`control plane ${id.slice(0, 12)} not ready within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/**
 * A fetch that sends requests for the farm's internal hosts (`minio:9000`, as presigned inside
 * the network) to their published loopback ports, keeping the Host header the signature covers.
 */
export function viaLoopback(ports: Record<string, number>): typeof fetch {
  const viaFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const port = ports[url.host];
    if (port === undefined) return fetch(request);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = { host: url.host };
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: request.method, path: `${url.pathname}${url.search}`, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
            const status = res.statusCode ?? 500;
            resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }));
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
  return viaFetch as typeof fetch;
}
