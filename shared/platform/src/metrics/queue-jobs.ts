// `pressroom_queue_jobs{task, state}`: how many graphile-worker jobs each task has, by state, read
// from graphile-worker's own tables by the control plane at a fixed interval (never per scrape),
// so an autoscaler (KEDA, deploy/k8s) and the dashboards see the backlog before anyone waits on it.

import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import { selectQueueJobCounts } from '../sql/queue-jobs.js';

export const QUEUE_JOB_STATES = ['waiting', 'scheduled', 'running', 'failed'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

export interface QueueJobCount {
  task: string;
  state: QueueJobState;
  jobs: number;
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
  let reading: Promise<void> | null = null;
  const refresh = () => {
    reading ??= readQueueJobs(options.db)
      .then((counts) => {
        gauge.reset();
        for (const c of counts) gauge.set({ task: c.task, state: c.state }, c.jobs);
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
