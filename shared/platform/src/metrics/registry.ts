import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * One registry per process, with the process' role as a default label so one Prometheus can
 * scrape every pool and tell them apart.
 */
export function createMetricsRegistry(role: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Budget-aware buckets: dense below one second, then up to the 10-second sync budget and past it. */
export const RENDER_BUCKETS = [0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 7.5, 10, 15, 30, 60];
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * A bare /metrics server for worker processes, which have no HTTP API of their own. `/health` is
 * liveness (the process answers); `/ready` is 200 `{"status":"running"}` only while `state()` says
 * `running`, otherwise 503 with the state (`waiting_for_database`, `starting`, `stopped`).
 */
export async function serveMetrics(
  registry: Registry,
  port: number,
  host = '0.0.0.0',
  state: () => string = () => 'running',
): Promise<{ port: number; stop(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = req.url?.split('?')[0];
    if (path === '/metrics') {
      res.setHeader('content-type', registry.contentType);
      res.end(await registry.metrics());
    } else if (path === '/health') {
      res.end('ok');
    } else if (path === '/ready') {
      const status = state();
      res.statusCode = status === 'running' ? 200 : 503;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
