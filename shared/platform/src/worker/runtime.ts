import { EventEmitter } from 'node:events';
import { type AddJobFunction, Logger as GraphileLogger, type Runner, run, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';
import { isConnectionError } from '../db/connection-errors.js';
import type { Logger } from '../logger.js';
import { pingDatabase } from '../sql/health.js';
import { fenceTaskList, isJobFenced, type JobFencingMode } from './fencing.js';
import { FlagLimits } from './flag-limits.js';
import { beat, DEFAULT_HEARTBEAT_INTERVAL_MS, DEFAULT_STALE_AFTER_MS, forget, releaseWorkers, unlockDeadWorkers } from './heartbeat.js';
import { type Backoff, type RunnerState, superviseRunner } from './supervise.js';

export interface WorkerRuntimeOptions {
  role: string;
  db: pg.Pool;
  taskList: TaskList;
  concurrency: number;
  logger: Logger;
  metrics: Registry;
  /** Keep finite: LISTEN is issued asynchronously and a first job can be missed. */
  pollIntervalMs?: number;
  heartbeatIntervalMs?: number;
  /** A worker silent for this long is dead and its jobs are force-unlocked. */
  staleAfterMs?: number;
  /** Probing a database that is away: capped exponential backoff. */
  reconnectBackoff?: Backoff;
  /**
   * What this process can do, written with every heartbeat (JSON; `advertiseCapabilities`); a
   * function is asked at every beat (a render worker's warm designs change).
   */
  capabilities?: unknown;
  /** Job flags this worker does not take right now (graphile-worker's `forbiddenFlags`): affinity holds. */
  forbiddenFlags?: () => string[] | Promise<string[]>;
  /**
   * Per-process ceilings on jobs carrying a flag: at most `limit` of them run here at once, the
   * other slots left to jobs without it (flag-limits.ts). The render worker bounds bulk runs.
   */
  flagLimits?: Readonly<Record<string, number>>;
  /**
   * `JOB_FENCING` (default `on`): every result write checks that this execution still owns its
   * job, so a worker cut off longer than the stale window writes nothing when it returns
   * (fencing.ts, docs/operations.md "Fencing"). `off` only for tests that show the failure.
   */
  fencing?: JobFencingMode;
}

export interface WorkerRuntime {
  /** Adds a job through the live runner. */
  addJob: AddJobFunction;
  /** `running`, or `waiting_for_database` while Postgres is away (the /ready answer). */
  state(): RunnerState;
  stop(): Promise<void>;
}

/**
 * graphile-worker plus what it lacks: heartbeats, dead-worker unlocking, job metrics, and a
 * supervisor that outlives the database. A Postgres restart or outage never ends the process.
 *
 * graphile-worker 0.17 records a finished job (`completeJob`, `failJob` → `batchFailJobs`) in a
 * promise nobody awaits: when Postgres is restarting (57P01) or stopped (ECONNREFUSED,
 * ECONNRESET), that write fails as an unhandled rejection, which ends a Node process. Its
 * batching mode (`completeJobBatchDelay` ≥ 0) is no way out: the batch does not retry, and the
 * failed pool can hang in its shutdown. So the runtime catches exactly those rejections
 * (a connection error raised inside graphile-worker) and recycles the runner: it stops it, waits
 * with capped backoff until the database answers, force-unlocks the jobs the old runner still
 * held (their outcome was never written), and starts a new one. Any other unhandled rejection
 * still ends the process. Signals are not handled here; the process entry owns shutdown.
 */
export async function startWorkerRuntime(options: WorkerRuntimeOptions): Promise<WorkerRuntime> {
  const { db, logger, role } = options;
  const heartbeatMs = options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS;
  const staleMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
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
  const waiting = new Gauge({
    name: 'pressroom_waiting_for_database',
    help: '1 while this process cannot reach Postgres and waits for it (with capped backoff); 0 otherwise.',
    registers: [options.metrics],
  });
  const fenced = new Counter({
    name: 'pressroom_job_fenced_total',
    help: 'Result writes refused because the execution no longer owned its job (it ran elsewhere after this worker was cut off), by task and write.',
    labelNames: ['task', 'write'],
    registers: [options.metrics],
  });
  const fencing = options.fencing ?? 'on';
  const taskList = fencing === 'on' ? fenceTaskList(options.taskList) : options.taskList;
  const restarts = new Counter({
    name: 'pressroom_job_runner_restarts_total',
    help: 'Job runners replaced after they died (the database stayed away too long).',
    registers: [options.metrics],
  });

  // graphile-worker 0.17 locks jobs with the *pool* id (`locked_by`), so that is what must beat
  // and what force_unlock_workers must be given when this process dies.
  // The pools of the live runner, kept until it is replaced (a pool that failed is released
  // before its runner settles, and its locked jobs must still be unlocked).
  let runnerPools: string[] = [];
  events.on('pool:create', ({ workerPool }) => {
    workerIds.add(workerPool.id);
    runnerPools.push(workerPool.id);
  });
  events.on('pool:release', ({ workerPool }) => workerIds.delete(workerPool.id));
  events.on('job:start', ({ job }) => running.inc({ task: job.task_identifier }));

  // Flag ceilings: each fetch is counted from forbiddenFlags to the event that ends it.
  const flagLimits = options.flagLimits ? new FlagLimits(options.flagLimits) : null;
  if (flagLimits) {
    new Gauge({
      name: 'pressroom_flag_limited_jobs_running',
      help: 'Jobs running now that carry a flag with a per-process ceiling (bulk: a bulk run render), by flag.',
      labelNames: ['flag'],
      registers: [options.metrics],
      collect() {
        for (const flag of Object.keys(options.flagLimits ?? {})) this.set({ flag }, flagLimits.inUse(flag));
      },
    });
    events.on('job:start', ({ job }) => flagLimits.fetched(job));
    events.on('worker:getJob:empty', () => flagLimits.fetched(null));
    events.on('worker:getJob:error', () => flagLimits.fetched(null));
    events.on('job:complete', ({ job }) => flagLimits.finished(job));
  }
  const forbiddenFlags =
    flagLimits === null
      ? options.forbiddenFlags
      : async () => {
          // Counted first: a fetch whose other flags fail still ends in getJob:error.
          const limited = flagLimits.beginFetch();
          return [...(options.forbiddenFlags ? await options.forbiddenFlags() : []), ...limited];
        };
  // The last step of a cold start, in the same terms as the others (process uptime).
  let firstJobDone = false;
  events.on('job:success', ({ job }) => {
    running.dec({ task: job.task_identifier });
    jobs.inc({ task: job.task_identifier, outcome: 'success' });
    if (!firstJobDone) {
      firstJobDone = true;
      logger.info({ task: job.task_identifier, sinceStartMs: Math.round(process.uptime() * 1000) }, 'first job done');
    }
  });
  events.on('job:error', ({ job, error }) => {
    running.dec({ task: job.task_identifier });
    if (isJobFenced(error)) {
      // Not a failure of the job: another execution owns it. graphile-worker's failure write
      // matches no row (it is `WHERE locked_by` this pool), so nothing here touches the job.
      jobs.inc({ task: job.task_identifier, outcome: 'fenced' });
      fenced.inc({ task: job.task_identifier, write: error.write });
      logger.warn(
        { task: job.task_identifier, jobId: job.id, attempt: error.lease.attempts, write: error.write },
        'stale job execution fenced: the job ran elsewhere while this worker was cut off; its result is refused',
      );
      return;
    }
    jobs.inc({ task: job.task_identifier, outcome: 'error' });
    logger.warn({ err: error, task: job.task_identifier, jobId: job.id, attempt: job.attempts }, 'job failed');
  });

  // Pools of runners that died: their jobs are released before the next runner starts.
  let orphaned: string[] = [];
  let heartbeatFailing = false;
  const supervisor = superviseRunner<Runner>({
    probe: () => pingDatabase(db),
    start: async () => {
      if (orphaned.length > 0) {
        await releaseWorkers(db, orphaned);
        logger.warn({ workers: orphaned }, 'released the jobs of the job runner that died');
        orphaned = [];
      }
      return run({
        pgPool: db,
        taskList,
        concurrency: options.concurrency,
        noHandleSignals: true,
        pollInterval: options.pollIntervalMs ?? 1_000,
        ...(forbiddenFlags ? { forbiddenFlags } : {}),
        events,
        logger: graphileLogger(logger),
      });
    },
    onState: (state, err) => {
      waiting.set(state === 'waiting_for_database' ? 1 : 0);
      if (state === 'waiting_for_database') logger.warn({ err }, 'database unreachable: waiting for it');
      else if (state === 'running') logger.info('job runner running');
    },
    onRestart: (err) => {
      restarts.inc();
      orphaned.push(...runnerPools);
      for (const id of runnerPools) workerIds.delete(id);
      runnerPools = [];
      logger.error({ err }, 'job runner died; a new one starts once the database answers');
    },
    ...(options.reconnectBackoff ? { backoff: options.reconnectBackoff } : {}),
  });
  const onUnhandled = (reason: unknown) => {
    if (isConnectionError(reason) && raisedByGraphileWorker(reason)) {
      logger.warn({ err: reason }, 'graphile-worker lost a write to the database; recycling the job runner');
      supervisor.recycle(reason);
      return;
    }
    // Not ours to swallow: the default behaviour (the process ends) for everything else.
    throw reason;
  };
  process.on('unhandledRejection', onUnhandled);
  const first = await supervisor.started;
  if (!first) throw new Error('worker runtime stopped before it started');

  // After an outage every worker's last beat is old, live ones included: sweeping at once would
  // unlock the jobs of workers that simply have not beaten yet. So a worker whose own heartbeat
  // just recovered waits one stale window (everyone alive has beaten by then) before it sweeps.
  let sweepAfter = 0;
  const tick = async () => {
    try {
      const capabilities = typeof options.capabilities === 'function' ? options.capabilities() : options.capabilities;
      await beat(db, [...workerIds], role, capabilities ?? null);
      if (heartbeatFailing) {
        logger.info('heartbeat recovered');
        sweepAfter = Date.now() + staleMs;
      }
      heartbeatFailing = false;
      if (Date.now() >= sweepAfter) {
        const dead = await unlockDeadWorkers(db, staleMs);
        if (dead.length > 0) {
          unlocked.inc(dead.length);
          logger.warn({ dead }, 'force-unlocked jobs of dead workers');
        }
      }
    } catch (err) {
      if (!heartbeatFailing) logger.warn({ err }, 'heartbeat failed');
      heartbeatFailing = true;
    }
    waiting.set(heartbeatFailing || supervisor.state() === 'waiting_for_database' ? 1 : 0);
  };
  await tick();
  const timer = setInterval(tick, heartbeatMs);
  timer.unref();

  return {
    addJob: ((...args: Parameters<AddJobFunction>) => {
      const live = supervisor.current();
      if (!live) return Promise.reject(new Error('the job runner is waiting for the database'));
      return live.addJob(...args);
    }) as AddJobFunction,
    state: () => (heartbeatFailing && supervisor.state() === 'running' ? 'waiting_for_database' : supervisor.state()),
    async stop() {
      clearInterval(timer);
      const ids = [...workerIds];
      await supervisor.stop();
      process.off('unhandledRejection', onUnhandled);
      await forget(db, ids).catch(() => undefined);
    },
  };
}

function raisedByGraphileWorker(err: unknown): boolean {
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  return /[/\\]graphile-worker[/\\]/.test(stack);
}

function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger(() => (level, message, meta) => {
    // graphile-worker's info lines are per job ("Completed task … with success", with the job
    // record): chatter, so debug. Its warnings and errors keep their level.
    const fn = level === 'error' ? logger.error : level === 'warning' ? logger.warn : logger.debug;
    fn.call(logger, { ...meta, component: 'graphile-worker' }, message);
  });
}
