// Where a sync render's time goes, from the metrics the processes already record: the bench reads
// the control plane's and the render worker's /metrics before and after a batch and divides each
// histogram's growth (sum / count) into a mean per render. No new instrumentation in the hot path.

/** `name{labels}` → value, for the `_sum` and `_count` series of histograms. */
export type Scrape = Map<string, number>;

export async function scrape(url: string): Promise<Scrape> {
  const text = await (await fetch(url)).text();
  const out: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^(\w+(?:_sum|_count|_total))(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (m) out.set(`${m[1]}${m[2] ?? ''}`, Number(m[3]));
  }
  return out;
}

/** Sum and count of every series of a histogram whose labels include all of `labels`. */
function totals(s: Scrape, name: string, labels: Record<string, string>): { sum: number; count: number } {
  let sum = 0;
  let count = 0;
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const [key, value] of s) {
    const brace = key.indexOf('{');
    const series = brace < 0 ? key : key.slice(0, brace);
    const labelText = brace < 0 ? '' : key.slice(brace);
    if (!wanted.every((w) => labelText.includes(w))) continue;
    if (series === `${name}_sum`) sum += value;
    if (series === `${name}_count`) count += value;
  }
  return { sum, count };
}

/** Mean milliseconds per observation that a histogram gained between two scrapes (NaN if none). */
export function meanMs(before: Scrape, after: Scrape, name: string, labels: Record<string, string> = {}): number {
  const a = totals(after, name, labels);
  const b = totals(before, name, labels);
  const n = a.count - b.count;
  return n > 0 ? ((a.sum - b.sum) / n) * 1000 : Number.NaN;
}

export interface Breakdown {
  rows: { stage: string; ms: number; where: string }[];
}

/**
 * The stages of one sync JPEG render, as means over a batch. The worker's stages are measured
 * directly; the rest are differences: the control plane's handler time minus the worker's
 * acceptance-to-recorded time is HTTP in (parse, auth, validate, the request transaction) plus
 * the wake-up (NOTIFY → read → serialise); the client's time minus the handler's is the loopback
 * HTTP round trip and Fastify's own work.
 */
export function breakdown(
  clientMeanMs: number,
  cp: [Scrape, Scrape],
  worker: [Scrape, Scrape],
  route = '/banner-builder/:id/generate',
  method = 'POST',
): Breakdown {
  const stage = (name: string) => meanMs(worker[0], worker[1], 'pressroom_render_stage_seconds', { stage: name, output: 'jpeg' });
  const handler = meanMs(cp[0], cp[1], 'pressroom_http_request_duration_seconds', { route, method, status: '200' });
  const job = meanMs(worker[0], worker[1], 'pressroom_render_seconds', { output: 'jpeg' });
  const measured = ['queue_wait', 'fetch', 'layout', 'update', 'fit', 'capture', 'encode', 'store', 'record'].map(
    (s) => [s, stage(s)] as const,
  );
  const inJob = measured.reduce((a, [, ms]) => a + (Number.isNaN(ms) ? 0 : ms), 0);
  const where: Record<string, string> = {
    queue_wait: 'acceptance → job start (NOTIFY or poll, graphile-worker pickup)',
    fetch: 'assets (storage / guarded fetch)',
    layout: 'planRender',
    update: 'the page takes the plan: assets registered, changed layers replaced (all when cold), fonts and images loaded',
    fit: 'text fitting in the page (auto_resize, text_harmony, truncation) of the changed layers',
    capture: 'page wait + CDP capture (JPEG straight from Chromium)',
    encode: 'sharp (none for a full-size JPEG)',
    store: 'object store put',
    record: 'outcome transaction + pg_notify',
  };
  return {
    rows: [
      {
        stage: 'HTTP in + wake-up',
        ms: handler - job,
        where: 'control plane: auth, validate, request transaction; NOTIFY → read → answer',
      },
      ...measured.map(([s, ms]) => ({ stage: s, ms, where: where[s] ?? '' })),
      { stage: 'other in job', ms: job - inJob, where: 'payload parse, design load, outcome check' },
      { stage: 'HTTP round trip', ms: clientMeanMs - handler, where: 'loopback, Fastify routing and serialisation outside the handler' },
    ],
  };
}

/** How much a counter grew between two scrapes (0 when it is absent). */
export function counterDelta(before: Scrape, after: Scrape, name: string): number {
  const total = (s: Scrape) => {
    let sum = 0;
    for (const [key, value] of s) if (key === name || key.startsWith(`${name}{`)) sum += value;
    return sum;
  };
  return total(after) - total(before);
}

/**
 * The stage of a breakdown that costs the most: what bounds a goal that is not met. Waiting in
 * the queue is left out: it is what a saturated worker's other stages cost the next job.
 */
export function boundingStage(b: Breakdown): { stage: string; ms: number; where: string } | null {
  let top: Breakdown['rows'][number] | null = null;
  for (const row of b.rows) {
    if (row.stage !== 'queue_wait' && !Number.isNaN(row.ms) && (top === null || row.ms > top.ms)) top = row;
  }
  return top;
}
