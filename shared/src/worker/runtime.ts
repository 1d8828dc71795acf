import { EventEmitter } from 'node:events';
import { Logger as GraphileLogger, type Runner, run, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Logger } from '../logger.js';
import { beat, forget, unlockDeadWorkers } from './heartbeat.js';

export interface WorkerRuntimeOptions {
  role: string;
  db: pg.Pool;
  taskList: TaskList;
  concurrency: number;
  logger: Logger;
  metrics: Registry;
  /** Keep finite: LISTEN is issued asynchronously and a first job can be missed (machine-facts). */
  pollIntervalMs?: number;
  heartbeatIntervalMs?: number;
  /** A worker silent for this long is dead and its jobs are force-unlocked. */
  staleAfterMs?: number;
}

export interface WorkerRuntime {
  runner: Runner;
  stop(): Promise<void>;
}

/**
 * graphile-worker plus what it lacks: heartbeats, dead-worker unlocking and job metrics.
 * Signals are not handled here; the process entry owns the one shutdown path.
 */
export async function startWorkerRuntime(options: WorkerRuntimeOptions): Promise<WorkerRuntime> {
  const { db, logger, role } = options;
  const heartbeatMs = options.heartbeatIntervalMs ?? 10_000;
  const staleMs = options.staleAfterMs ?? 30_000;
  const workerIds = new Set<string>();
  const events = new EventEmitter() as Runner['events'];

  const jobs = new Counter({
    name: 'pressroom_jobs_total',
    help: 'Jobs finished by task and outcome.',
    labelNames: ['task', 'outcome'],
    registers: [options.metrics],
  });
  const running = new Gauge({
    name: 'pressroom_jobs_running',
    help: 'Jobs running now.',
    labelNames: ['task'],
    registers: [options.metrics],
  });
  const unlocked = new Counter({
    name: 'pressroom_dead_workers_unlocked_total',
    help: 'Dead workers whose jobs were force-unlocked.',
    registers: [options.metrics],
  });

  // graphile-worker 0.17 locks jobs with the *pool* id (`locked_by`), so that is what must beat
  // and what force_unlock_workers must be given when this process dies.
  events.on('pool:create', ({ workerPool }) => workerIds.add(workerPool.id));
  events.on('pool:release', ({ workerPool }) => workerIds.delete(workerPool.id));
  events.on('job:start', ({ job }) => running.inc({ task: job.task_identifier }));
  events.on('job:success', ({ job }) => {
    running.dec({ task: job.task_identifier });
    jobs.inc({ task: job.task_identifier, outcome: 'success' });
  });
  events.on('job:error', ({ job, error }) => {
    running.dec({ task: job.task_identifier });
    jobs.inc({ task: job.task_identifier, outcome: 'error' });
    logger.warn({ err: error, task: job.task_identifier, jobId: job.id, attempt: job.attempts }, 'job failed');
  });

  const runner = await run({
    pgPool: db,
    taskList: options.taskList,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: options.pollIntervalMs ?? 1_000,
    events,
    logger: graphileLogger(logger),
  });

  const tick = async () => {
    try {
      await beat(db, [...workerIds], role);
      const dead = await unlockDeadWorkers(db, staleMs);
      if (dead.length > 0) {
        unlocked.inc(dead.length);
        logger.warn({ dead }, 'force-unlocked jobs of dead workers');
      }
    } catch (err) {
      logger.warn({ err }, 'heartbeat failed');
    }
  };
  await tick();
  const timer = setInterval(tick, heartbeatMs);
  timer.unref();

  return {
    runner,
    async stop() {
      clearInterval(timer);
      await runner.stop();
      await forget(db, [...workerIds]).catch(() => undefined);
    },
  };
}

function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger(() => (level, message, meta) => {
    // graphile-worker's info lines are per job ("Completed task … with success", with the job
    // record): chatter, so debug. Its warnings and errors keep their level.
    const fn = level === 'error' ? logger.error : level === 'warning' ? logger.warn : logger.debug;
    fn.call(logger, { ...meta, component: 'graphile-worker' }, message);
  });
}
