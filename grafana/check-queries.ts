// `npx tsx grafana/check-queries.ts [--prometheus URL] [--fail-on-missing]`
//
// Evaluates every panel expression of grafana/dashboards/*.json against a live Prometheus.
// Fails (exit 1) when Prometheus refuses an expression (a parse or type error). An expression
// that parses but returns nothing is reported, with the metrics it reads that Prometheus has
// never seen; --fail-on-missing turns those into failures too (use it once every role is scraped).
import { readdir, readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { collectQueries, type FoundQuery, metricNames, substituteVariables } from './src/queries.js';

const { values } = parseArgs({
  options: {
    prometheus: { type: 'string', default: process.env.PROMETHEUS_URL ?? 'http://127.0.0.1:9090' },
    'fail-on-missing': { type: 'boolean', default: false },
  },
});
const base = (values.prometheus ?? '').replace(/\/$/, '');

interface ApiAnswer {
  status: 'success' | 'error';
  errorType?: string;
  error?: string;
  data?: { resultType: string; result: unknown[] } | string[];
}

async function api(path: string): Promise<ApiAnswer> {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
  } catch (err) {
    process.stderr.write(`Cannot reach Prometheus at ${base} (${(err as Error).message}). Start it, or pass --prometheus <url>.\n`);
    process.exit(2);
  }
  return (await res.json()) as ApiAnswer;
}

const dir = new URL('./dashboards/', import.meta.url);
const queries: FoundQuery[] = [];
for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
  queries.push(...collectQueries(file, JSON.parse(await readFile(new URL(file, dir), 'utf8'))));
}

const known = new Set(((await api('/api/v1/label/__name__/values')).data as string[] | undefined) ?? []);
let refused = 0;
let missingCount = 0;
let withSeries = 0;
const missingMetrics = new Set<string>();

for (const q of queries) {
  const expr = substituteVariables(q.expr);
  const answer = await api(`/api/v1/query?query=${encodeURIComponent(expr)}`);
  const where = `${q.dashboard} › ${q.panel}`;
  if (answer.status !== 'success') {
    refused += 1;
    process.stdout.write(`FAIL   ${where}\n       ${answer.errorType}: ${answer.error}\n       ${expr}\n`);
    continue;
  }
  const series = Array.isArray((answer.data as { result?: unknown[] })?.result) ? (answer.data as { result: unknown[] }).result.length : 0;
  if (series > 0) {
    withSeries += 1;
    process.stdout.write(`ok     ${where} (${series} series)\n`);
    continue;
  }
  const missing = metricNames(expr).filter((name) => !known.has(name));
  for (const name of missing) missingMetrics.add(name);
  if (missing.length > 0) missingCount += 1;
  const why = missing.length > 0 ? `never scraped: ${missing.join(', ')}` : 'metrics present, no matching samples yet';
  process.stdout.write(`empty  ${where} (${why})\n`);
}

process.stdout.write(
  `\n${queries.length} expressions: ${withSeries} with series, ${queries.length - withSeries - refused} empty, ${refused} refused by Prometheus.\n`,
);
if (missingMetrics.size > 0) process.stdout.write(`Metrics never scraped: ${[...missingMetrics].sort().join(', ')}\n`);
if (refused > 0 || (values['fail-on-missing'] && missingCount > 0)) process.exit(1);
