import { dashboard, quantile, row, stat, timeseries } from './panels.js';
import { SYNC_WITHIN_BUDGET, syncWithinBudgetStat } from './sync-slo.js';

/** Histogram by stage (queue_wait, fetch, layout, update, fit, capture, encode, store, record) and output (file type). */
const STAGE = 'pressroom_render_stage_seconds';
/** Histogram by output and priority (sync | async): request accepted → file stored. */
const TOTAL = 'pressroom_render_seconds';
const RENDER_TASK = 'task="render_static"';

function stagePanel(q: number) {
  return timeseries({
    title: `Stage duration p${q * 100} by stage and output`,
    description: 'Worker-side time of each render stage (queue wait has its own panel); the red line is the 10-second sync budget.',
    queries: [{ expr: quantile(q, STAGE, ['stage', 'output'], '{stage!="queue_wait"}'), legend: '{{stage}} {{output}}' }],
    unit: 's',
    width: 8,
    budgetLine: 10,
  });
}

/** A counter's increase by its `reason` label, stacked. */
function increaseByReason(title: string, description: string, counter: string) {
  return timeseries({
    title,
    description,
    queries: [{ expr: `sum by (reason) (increase(${counter}[$__rate_interval]))`, legend: '{{reason}}' }],
    width: 8,
    stacked: true,
  });
}

export const renderFarm = dashboard({
  uid: 'pressroom-render-farm',
  title: 'Render farm',
  description: 'Render workers: latency against the 10 s sync budget, queueing, the Chromium pool and job outcomes.',
  panels: [
    syncWithinBudgetStat(
      'SLO: share of sync generations (200 or 5xx) answered within the budget, as the client sees it.',
    ),
    stat({
      title: 'Render workers',
      queries: [{ expr: 'count(process_start_time_seconds{role="render-worker"})', legend: 'workers' }],
      steps: [
        [null, 'red'],
        [1, 'green'],
      ],
    }),
    stat({
      title: 'Chromium pages busy',
      description: 'Pages running a render over pages the pools may open, across the farm. Near 100 %: add render workers.',
      queries: [{ expr: 'sum(pressroom_browser_pages_in_use) / sum(pressroom_browser_pool_size)', legend: 'busy' }],
      unit: 'percentunit',
      min: 0,
      max: 1,
      steps: [
        [null, 'green'],
        [0.8, 'orange'],
        [0.95, 'red'],
      ],
    }),
    stat({
      title: 'Renders waiting for a page',
      queries: [{ expr: 'sum(pressroom_browser_queue_length)', legend: 'waiting' }],
      steps: [
        [null, 'green'],
        [1, 'orange'],
        [10, 'red'],
      ],
    }),

    row('Latency against the budget'),
    timeseries({
      title: 'Accepted → stored p50 / p90 / p99 by output and priority',
      description: 'Whole render as the worker measures it, from the request being accepted to the file being stored.',
      queries: [
        { expr: quantile(0.5, TOTAL, ['output', 'priority']), legend: 'p50 {{priority}} {{output}}' },
        { expr: quantile(0.9, TOTAL, ['output', 'priority']), legend: 'p90 {{priority}} {{output}}' },
        { expr: quantile(0.99, TOTAL, ['output', 'priority']), legend: 'p99 {{priority}} {{output}}' },
      ],
      unit: 's',
      budgetLine: 10,
    }),
    timeseries({
      title: 'Sync renders within budget',
      description: 'Worker side: sync renders stored within 10 s of acceptance. Client side: sync HTTP answers (200 or 5xx) within 10 s.',
      queries: [
        {
          expr: `sum(rate(${TOTAL}_bucket{priority="sync",le="10"}[$__rate_interval])) / sum(rate(${TOTAL}_count{priority="sync"}[$__rate_interval]))`,
          legend: 'worker: stored within 10 s',
        },
        {
          expr: SYNC_WITHIN_BUDGET,
          legend: 'client: answered within 10 s',
        },
      ],
      unit: 'percentunit',
      min: 0,
      max: 1,
    }),
    stagePanel(0.5),
    stagePanel(0.9),
    stagePanel(0.99),
    timeseries({
      title: 'Queue wait p50 / p90 / p99',
      description: 'From acceptance (enqueued_at) to a worker starting the render; sync jobs jump ahead of async ones. Rising: add render workers.',
      queries: [
        { expr: quantile(0.5, STAGE, [], '{stage="queue_wait"}'), legend: 'p50' },
        { expr: quantile(0.9, STAGE, [], '{stage="queue_wait"}'), legend: 'p90' },
        { expr: quantile(0.99, STAGE, [], '{stage="queue_wait"}'), legend: 'p99' },
      ],
      unit: 's',
      budgetLine: 10,
    }),
    timeseries({
      title: 'Jobs in the queue by task and state',
      description:
        'pressroom_queue_jobs, read from graphile-worker tables by the control plane every QUEUE_METRICS_INTERVAL_MS; max by task so several control planes count once. waiting is what KEDA scales the render pool on (deploy/k8s/optional/keda-render-worker.yaml); scheduled are retries in backoff; failed spent their attempts.',
      queries: [{ expr: 'max by (task, state) (pressroom_queue_jobs{state!="failed"})', legend: '{{task}} {{state}}' }],
      stacked: true,
    }),
    timeseries({
      title: 'Queue depth by priority',
      description:
        'pressroom_queue_jobs_by_priority: jobs waiting (and running) per graphile-worker priority class. Sync renders run first, then async work, then bulk runs (docs/bulk.md): a bulk run keeps at most BULK_WINDOW rows queued, so its depth stays flat while sync stays near zero.',
      queries: [{ expr: 'max by (priority, state) (pressroom_queue_jobs_by_priority{state=~"waiting|running"})', legend: '{{priority}} {{state}}' }],
      width: 12,
    }),
    timeseries({
      title: 'Bulk rows per second',
      description: 'pressroom_bulk_rows_total: rows started by the bulk runner and ended by the render workers (done, failed).',
      queries: [{ expr: 'sum by (outcome) (rate(pressroom_bulk_rows_total[1m]))', legend: '{{outcome}}' }],
      unit: 'ops',
      width: 12,
    }),
    timeseries({
      title: 'Queue wait p90 by output',
      queries: [{ expr: quantile(0.9, STAGE, ['output'], '{stage="queue_wait"}'), legend: '{{output}}' }],
      unit: 's',
    }),

    row('Chromium pool'),
    timeseries({
      title: 'Pages in use, pool size and waiting renders',
      queries: [
        { expr: 'sum(pressroom_browser_pages_in_use)', legend: 'in use' },
        { expr: 'sum(pressroom_browser_pool_size)', legend: 'pool size' },
        { expr: 'sum(pressroom_browser_queue_length)', legend: 'waiting' },
      ],
      width: 8,
    }),
    increaseByReason(
      'Browser restarts by reason',
      'crash and disconnect are failures; recycle_count and recycle_memory are the planned restart policy.',
      'pressroom_browser_restarts_total',
    ),
    timeseries({
      title: 'Render attempts by outcome',
      description: 'A crashed attempt is retried once on a fresh browser.',
      queries: [{ expr: 'sum by (outcome) (rate(pressroom_browser_render_attempts_total[$__rate_interval]))', legend: '{{outcome}}' }],
      unit: 'ops',
      width: 8,
      stacked: true,
    }),

    row('Warm design pages'),
    timeseries({
      title: 'Warm-hit rate by render worker',
      description:
        "Share of static renders whose page already held the design's canvas (design, version, format): only the changed layers were redrawn. Affinity sends a design's jobs to the worker that holds it warm.",
      queries: [
        {
          expr: 'sum by (instance) (rate(pressroom_render_warm_hits_total[$__rate_interval])) / (sum by (instance) (rate(pressroom_render_warm_hits_total[$__rate_interval])) + sum by (instance) (rate(pressroom_render_warm_misses_total[$__rate_interval])))',
          legend: '{{instance}}',
        },
        {
          expr: 'sum(rate(pressroom_render_warm_hits_total[$__rate_interval])) / (sum(rate(pressroom_render_warm_hits_total[$__rate_interval])) + sum(rate(pressroom_render_warm_misses_total[$__rate_interval])))',
          legend: 'farm',
        },
      ],
      unit: 'percentunit',
      width: 8,
    }),
    timeseries({
      title: 'Warm designs held and their memory',
      description: 'Warm canvases per worker (WARM_DESIGNS bounds them) and their estimated memory (WARM_DESIGNS_MAX_MB).',
      queries: [
        { expr: 'sum by (instance) (pressroom_render_warm_designs)', legend: 'designs {{instance}}' },
        { expr: 'sum by (instance) (pressroom_render_warm_bytes) / 1048576', legend: 'MiB {{instance}}' },
      ],
      width: 8,
    }),
    increaseByReason(
      'Warm canvases evicted by reason',
      'count and memory: the LRU bounds; design_changed: a new version or a deleted design; page_closed: Chromium recycled, crashed or a render failed.',
      'pressroom_render_warm_evictions_total',
    ),

    row('Animated files'),
    timeseries({
      title: 'Frames captured per second, per render worker',
      description: 'Frames drawn by each render-worker process (mp4 at 25 fps, gif at 12.5 fps). One 1080² page captures about 10–20 frames a second.',
      queries: [{ expr: 'sum by (instance) (rate(pressroom_animation_frames_total[$__rate_interval]))', legend: '{{instance}}' }],
      width: 8,
    }),
    timeseries({
      title: 'Capture speed p50 by output',
      description: 'Frames per second of capture within one frame range (one part).',
      queries: [{ expr: quantile(0.5, 'pressroom_animation_frames_per_second', ['output']), legend: '{{output}}' }],
      width: 8,
    }),
    timeseries({
      title: 'Animated stage p90: frames (render) vs wait, encode, store (media)',
      description: 'frames: one range captured on a render worker; wait: the streaming encode waiting for ranges still being captured; encode: ffmpeg (fed while the capture runs, the wait included) or the HTML5 zip; store: the file written.',
      queries: [
        { expr: quantile(0.9, STAGE, ['output'], '{stage="frames"}'), legend: 'frames {{output}}' },
        { expr: quantile(0.9, 'pressroom_animation_stage_seconds', ['stage', 'output']), legend: '{{stage}} {{output}}' },
      ],
      unit: 's',
      width: 8,
    }),
    timeseries({
      title: 'Encode failures by class',
      description: 'missing_part, ffmpeg, internal: retried up to 3 times, then the format lands in errors[] and its credits are refunded.',
      queries: [{ expr: 'sum by (class) (rate(pressroom_animation_encode_failures_total[$__rate_interval]))', legend: '{{class}}' }],
      unit: 'ops',
      stacked: true,
    }),
    timeseries({
      title: 'Frame ranges by page: reused or loaded',
      description:
        "reused: the range drew on a page that held its file loaded from the file's previous range; loaded: the page loaded the design first (a file's first range on each page, or the page served another render meanwhile). Mostly loaded means files' ranges land on pages that other work took.",
      queries: [{ expr: 'sum by (page) (rate(pressroom_animation_range_pages_total[$__rate_interval]))', legend: '{{page}}' }],
      unit: 'ops',
      width: 8,
      stacked: true,
    }),

    row('Jobs and failures'),
    timeseries({
      title: 'Render failures by class',
      description: 'refused and fetch are the content\'s fault and recorded at once; timeout, crash and internal are retried.',
      queries: [{ expr: 'sum by (class) (rate(pressroom_render_failures_total[$__rate_interval]))', legend: '{{class}}' }],
      unit: 'ops',
      stacked: true,
    }),
    timeseries({
      title: 'Jobs finished by task and outcome',
      queries: [{ expr: 'sum by (task, outcome) (rate(pressroom_jobs_total[$__rate_interval]))', legend: '{{task}} {{outcome}}' }],
      unit: 'ops',
      stacked: true,
    }),
    timeseries({
      title: 'Jobs running by task',
      queries: [{ expr: 'sum by (task) (pressroom_jobs_running)', legend: '{{task}}' }],
      width: 8,
    }),
    timeseries({
      title: 'Render job error share',
      description: 'Thrown render jobs (infrastructure failures, retried up to 3 times) over finished render jobs.',
      queries: [
        {
          expr: `sum(rate(pressroom_jobs_total{${RENDER_TASK},outcome="error"}[$__rate_interval])) / sum(rate(pressroom_jobs_total{${RENDER_TASK}}[$__rate_interval]))`,
          legend: 'error share',
        },
      ],
      unit: 'percentunit',
      width: 8,
    }),
    timeseries({
      title: 'Dead workers unlocked',
      description: 'Workers that stopped heart-beating (killed, OOM) whose locked jobs were handed back to the queue.',
      queries: [{ expr: 'sum by (role) (increase(pressroom_dead_workers_unlocked_total[$__rate_interval]))', legend: '{{role}}' }],
      width: 8,
    }),
    timeseries({
      title: 'Print jobs failed: no live worker held their colour profile',
      description:
        'pressroom_print_profile_unheld_failures_total by profile (a built-in profile id; GET /capabilities names them): print jobs the render workers\' sweep ended with cannot_build_banner because no live render worker had held their profile for PRINT_PROFILE_WAIT_MS. Any: a profile clients name has no holder left; add its ICC file to PRINT_CMYK_PROFILES on a render worker (docs/print.md, "Routing by profile").',
      queries: [
        { expr: 'sum by (profile) (increase(pressroom_print_profile_unheld_failures_total[$__rate_interval]))', legend: '{{profile}}' },
      ],
      width: 12,
      stacked: true,
    }),

    row('AI operations'),
    timeseries({
      title: 'AI operations by outcome',
      description: 'ok: the model ran; cached: a stored result of the same inputs was reused (no run, docs/ai.md); failed: the format failed.',
      queries: [
        {
          expr: 'sum by (operation, provider, outcome) (rate(pressroom_ai_operations_total[$__rate_interval]))',
          legend: '{{operation}} {{provider}} {{outcome}}',
        },
      ],
      unit: 'ops',
      width: 8,
      stacked: true,
    }),
    timeseries({
      title: 'AI operation latency',
      queries: [
        { expr: quantile(0.5, 'pressroom_ai_operation_seconds', ['operation', 'provider']), legend: 'p50 {{operation}} {{provider}}' },
        { expr: quantile(0.95, 'pressroom_ai_operation_seconds', ['operation', 'provider']), legend: 'p95 {{operation}} {{provider}}' },
      ],
      unit: 's',
      width: 8,
    }),
    timeseries({
      title: 'AI cache hit share',
      description: 'Operations served from a stored result over all operations that succeeded.',
      queries: [
        {
          expr: 'sum by (operation) (rate(pressroom_ai_operations_total{outcome="cached"}[$__rate_interval])) / sum by (operation) (rate(pressroom_ai_operations_total{outcome=~"ok|cached"}[$__rate_interval]))',
          legend: '{{operation}}',
        },
      ],
      unit: 'percentunit',
      width: 8,
    }),
    timeseries({
      title: 'AI provider failures and retries',
      description:
        'Provider calls tried again by reason (rate_limited: 429, server_error: 5xx, timeout, network), and operations that failed, by operation and provider. Rising rate_limited: lower AI_HTTP_CONCURRENCY or raise the quota (docs/ai.md).',
      queries: [
        {
          expr: 'sum by (operation, reason) (rate(pressroom_ai_provider_retries_total[$__rate_interval]))',
          legend: 'retry {{operation}} {{reason}}',
        },
        {
          expr: 'sum by (operation, provider) (rate(pressroom_ai_operations_total{outcome="failed"}[$__rate_interval]))',
          legend: 'failed {{operation}} {{provider}}',
        },
      ],
      unit: 'ops',
      width: 12,
    }),
    timeseries({
      title: 'AI calls by provider',
      description: 'Operations that ran (a model or a provider call), cache hits excluded: what the provider bills.',
      queries: [
        {
          expr: 'sum by (provider, operation) (rate(pressroom_ai_operations_total{outcome="ok"}[$__rate_interval]))',
          legend: '{{provider}} {{operation}}',
        },
      ],
      unit: 'ops',
      width: 12,
    }),
  ],
});
