// `pressroom_queue_jobs{task, state}`: how many graphile-worker jobs each task has, by state, read
// from graphile-worker's own tables by the control plane at a fixed interval (never per scrape),
// so an autoscaler (KEDA, deploy/k8s) and the dashboards see the backlog before anyone waits on it.

import { BULK_JOB_PRIORITY, JOB_PRIORITY, PRIORITY_CLASSES } from '@pressroom/model';
import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import { selectQueueJobCounts, selectQueueJobsByPriority } from '../sql/queue-jobs.js';

export const QUEUE_JOB_STATES = ['waiting', 'scheduled', 'running', 'failed'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

export interface QueueJobCount {
  task: string;
  state: QueueJobState;
  jobs: number;
}

/** `priority` label of pressroom_queue_jobs_by_priority: the classes of JOB_PRIORITY, bulk runs, and any other number. */
export const QUEUE_PRIORITIES = [...PRIORITY_CLASSES, 'bulk', 'other'] as const;
export type QueuePriority = (typeof QUEUE_PRIORITIES)[number];

/** Pure: the class a graphile-worker priority number belongs to. */
export function queuePriorityOf(priority: number): QueuePriority {
  if (priority === BULK_JOB_PRIORITY) return 'bulk';
  for (const name of PRIORITY_CLASSES) if (JOB_PRIORITY[name] === priority) return name;
  return 'other';
}

/** Job counts by priority class and state, every class and state present (zero included). */
export async function readQueueJobsByPriority(db: pg.Pool): Promise<{ priority: QueuePriority; state: QueueJobState; jobs: number }[]> {
  const counts = new Map<string, number>();
  for (const row of await selectQueueJobsByPriority(db)) {
    for (const state of QUEUE_JOB_STATES) {
      const key = `${queuePriorityOf(row.priority)}:${state}`;
      counts.set(key, (counts.get(key) ?? 0) + row[state]);
    }
  }
  return QUEUE_PRIORITIES.flatMap((priority) =>
    QUEUE_JOB_STATES.map((state) => ({ priority, state, jobs: counts.get(`${priority}:${state}`) ?? 0 })),
  );
}

export async function readQueueJobs(db: pg.Pool): Promise<QueueJobCount[]> {
  const rows = await selectQueueJobCounts(db);
  return rows.flatMap((row) => QUEUE_JOB_STATES.map((state) => ({ task: row.task, state, jobs: row[state] })));
}

export interface QueueJobsGauge {
  /** One read now (the timer's work); resolves when the gauge holds its result. */
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * Registers the gauge and refreshes it every `intervalMs`; reads never overlap, and a failed read
 * keeps the last values and is reported through `onError`. `intervalMs` 0: registered, read only
 * through `refresh()` (a farm with several control planes reads on one of them; see docs/operations.md).
 */
export function startQueueJobsGauge(options: {
  db: pg.Pool;
  registry: Registry;
  intervalMs: number;
  onError: (error: unknown) => void;
}): QueueJobsGauge {
  const gauge = new Gauge({
    name: 'pressroom_queue_jobs',
    help: 'graphile-worker jobs by task and state (waiting, scheduled, running, failed), read at a fixed interval.',
    labelNames: ['task', 'state'],
    registers: [options.registry],
  });
  const byPriority = new Gauge({
    name: 'pressroom_queue_jobs_by_priority',
    help: 'graphile-worker jobs by priority class (sync, async, bulk, other) and state, read at a fixed interval: a bulk run waits behind interactive work.',
    labelNames: ['priority', 'state'],
    registers: [options.registry],
  });
  let reading: Promise<void> | null = null;
  const refresh = () => {
    reading ??= Promise.all([readQueueJobs(options.db), readQueueJobsByPriority(options.db)])
      .then(([counts, priorities]) => {
        gauge.reset();
        for (const c of counts) gauge.set({ task: c.task, state: c.state }, c.jobs);
        for (const p of priorities) byPriority.set({ priority: p.priority, state: p.state }, p.jobs);
      })
      .catch(options.onError)
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const timer = options.intervalMs > 0 ? setInterval(() => void refresh(), options.intervalMs) : null;
  timer?.unref();
  if (timer) void refresh();
  return {
    refresh,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
