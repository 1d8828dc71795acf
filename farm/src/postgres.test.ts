import type { Logger, Postmaster } from '@pressroom/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SupervisedPostgres } from './postgres.js';

/** A server whose death and stop the test decides. */
function fakeServer(pid: number, port: number, adopted = false) {
  let die: (why: string) => void = () => undefined;
  const exited = new Promise<string>((resolve) => {
    die = resolve;
  });
  const server: Postmaster & { die: (why: string) => void; stops: number } = {
    pid,
    port,
    adopted,
    exited,
    lastLines: () => `last words of ${pid}`,
    requestStop: () => {
      server.stops++;
      die('exited with code 0');
    },
    stop: async () => {
      server.requestStop();
      await exited;
    },
    die: (why) => die(why),
    stops: 0,
  };
  return server;
}

function recordingLogger() {
  const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, fields, msg });
  return { logger: { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } as unknown as Logger, lines };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SupervisedPostgres', () => {
  it('restarts a server that died, after the backoff, on the same port, and says why', async () => {
    vi.useFakeTimers();
    const { logger, lines } = recordingLogger();
    const servers = [fakeServer(100, 5555), fakeServer(101, 5555)];
    const ports: number[] = [];
    const start = vi.fn(async (port: number) => {
      ports.push(port);
      return servers[ports.length - 1]!;
    });
    const pg = new SupervisedPostgres({ start, port: 5555, firstDelayMs: 1_000, logger, now: () => Date.now() });
    await pg.start();
    servers[0]!.die('killed by SIGKILL');
    await vi.advanceTimersByTimeAsync(999);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(start).toHaveBeenCalledTimes(2);
    expect(ports).toEqual([5555, 5555]);
    expect(pg.pid).toBe(101);
    const warn = lines.find((l) => l.msg === 'embedded postgres stopped; restarting');
    expect(warn?.fields).toMatchObject({ reason: 'killed by SIGKILL', lastLines: 'last words of 100', restartInMs: 1_000 });
    expect(lines.some((l) => l.msg === 'embedded postgres restarted')).toBe(true);
    await pg.stop();
    expect(servers[1]!.stops).toBe(1);
  });

  it('doubles the delay while starts keep failing, then recovers', async () => {
    vi.useFakeTimers();
    const { logger, lines } = recordingLogger();
    const first = fakeServer(100, 5555);
    const last = fakeServer(102, 5555);
    let calls = 0;
    const start = async () => {
      calls++;
      if (calls === 1) return first;
      if (calls < 4) throw new Error('could not create shared memory segment');
      return last;
    };
    const pg = new SupervisedPostgres({ start, port: 5555, firstDelayMs: 100, logger, now: () => Date.now() });
    await pg.start();
    first.die('killed by SIGKILL');
    await vi.advanceTimersByTimeAsync(100 + 200 + 400);
    expect(calls).toBe(4);
    expect(pg.pid).toBe(102);
    const delays = lines.filter((l) => l.msg === 'embedded postgres stopped; restarting').map((l) => l.fields['restartInMs']);
    expect(delays).toEqual([100, 200, 400]);
    await pg.stop();
  });

  it('keeps the port of an adopted server for its restarts, and stops it at shutdown', async () => {
    vi.useFakeTimers();
    const { logger, lines } = recordingLogger();
    const adopted = fakeServer(200, 7777, true);
    const ports: number[] = [];
    const pg = new SupervisedPostgres({
      start: async (port) => {
        ports.push(port);
        return ports.length === 1 ? adopted : fakeServer(201, port);
      },
      port: 5555,
      firstDelayMs: 10,
      logger,
    });
    await pg.start();
    expect(lines.some((l) => l.msg.includes('adopted'))).toBe(true);
    adopted.die('went away');
    await vi.advanceTimersByTimeAsync(10);
    expect(ports).toEqual([5555, 7777]);
    await pg.stop();
  });

  it('does not restart a server it stopped, and a forced exit asks the server to stop', async () => {
    const { logger } = recordingLogger();
    const server = fakeServer(300, 5555);
    const start = vi.fn(async () => server);
    const pg = new SupervisedPostgres({ start, port: 5555, firstDelayMs: 1, logger });
    await pg.start();
    pg.requestStop();
    expect(server.stops).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a stop during the first start waits for the server and stops it (a signal during the farm start-up)', async () => {
    const { logger } = recordingLogger();
    const server = fakeServer(400, 5555);
    let started: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      started = r;
    });
    const pg = new SupervisedPostgres({
      start: async () => {
        await gate;
        return server;
      },
      port: 5555,
      firstDelayMs: 1,
      logger,
    });
    const starting = pg.start();
    const stopped = pg.stop();
    started();
    await starting;
    await stopped;
    expect(server.stops).toBeGreaterThanOrEqual(1);
    expect(await server.exited).toBe('exited with code 0');
  });
});
