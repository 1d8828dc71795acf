import { describe, expect, it } from 'vitest';
import { backoffDelay, type RunnerState, type SupervisedRunner, superviseRunner } from './supervise.js';

/** A runner whose death the test decides. */
function fakeRunner() {
  let die: (err: unknown) => void = () => undefined;
  let end: () => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    die = reject;
    end = resolve;
  });
  promise.catch(() => undefined);
  const runner: SupervisedRunner & { die(err: unknown): void; stopped: boolean } = {
    promise,
    stopped: false,
    async stop() {
      runner.stopped = true;
      end();
    },
    die: (err) => die(err),
  };
  return runner;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('backoffDelay', () => {
  it('doubles from the minimum and is capped', () => {
    const b = { minMs: 250, maxMs: 5_000 };
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((a) => backoffDelay(a, b))).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });
});

describe('superviseRunner', () => {
  it('waits for the database with capped backoff, then starts; replaces a runner that dies', async () => {
    let up = false;
    const sleeps: number[] = [];
    const states: RunnerState[] = [];
    const runners: ReturnType<typeof fakeRunner>[] = [];
    const recovering: boolean[] = [];
    const restarts: unknown[] = [];
    const s = superviseRunner({
      probe: async () => {
        if (!up) throw new Error('ECONNREFUSED');
      },
      start: async (r) => {
        recovering.push(r);
        const runner = fakeRunner();
        runners.push(runner);
        return runner;
      },
      onState: (state) => states.push(state),
      onRestart: (err) => restarts.push(err),
      backoff: { minMs: 100, maxMs: 400 },
      sleep: async (ms) => {
        sleeps.push(ms);
        if (sleeps.length === 5) up = true;
        await tick();
      },
    });
    expect(await s.started).toBe(runners[0]);
    expect(sleeps).toEqual([100, 200, 400, 400, 400]);
    expect(s.state()).toBe('running');

    // The database goes away and the runner gives up: the process waits, then starts a new one.
    up = false;
    sleeps.length = 0;
    runners[0]!.die(new Error('57P01 terminating connection due to administrator command'));
    await tick();
    expect(s.state()).toBe('waiting_for_database');
    expect(s.current()).toBeNull();
    for (let i = 0; i < 20 && runners.length < 2; i++) await tick();
    expect(runners).toHaveLength(2);
    expect(recovering).toEqual([false, true]);
    expect(restarts).toHaveLength(1);
    expect(s.state()).toBe('running');
    expect(states).toEqual(['waiting_for_database', 'running', 'waiting_for_database', 'running']);

    await s.stop();
    expect(runners[1]!.stopped).toBe(true);
    expect(s.state()).toBe('stopped');
  });

  it('a runner that ends by itself is replaced too; stop() while waiting ends the wait', async () => {
    let up = true;
    const runners: ReturnType<typeof fakeRunner>[] = [];
    const s = superviseRunner({
      probe: async () => {
        if (!up) throw new Error('down');
      },
      start: async () => {
        const r = fakeRunner();
        runners.push(r);
        return r;
      },
      backoff: { minMs: 1, maxMs: 2 },
    });
    await s.started;
    up = false;
    await runners[0]!.stop(); // ended, not asked to by the supervisor
    await new Promise((r) => setTimeout(r, 30));
    expect(s.state()).toBe('waiting_for_database');
    await s.stop();
    expect(s.state()).toBe('stopped');
    up = true;
    await new Promise((r) => setTimeout(r, 20));
    expect(runners).toHaveLength(1);
  });
});
