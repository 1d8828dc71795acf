import { afterAll, describe, expect, it } from 'vitest';
import { outputOf } from '../../../farm/src/entries.mjs';
import { alive, descendants, type NpmFarm, startNpmFarm, waitForDemo } from '../farm.js';

const RENDERS = 6;

describe('Ctrl-C on a real `npm start`', () => {
  let farm: NpmFarm | undefined;
  afterAll(() => farm?.kill());

  it('drains: six keep-alive sync renders in flight answer 200, the farm exits within 5 s after them, each process stops once, nothing is left running', async () => {
    farm = await startNpmFarm({
      env: {
        // debug: the control plane's "incoming request" lines tell the test when its renders are in.
        LOG_LEVEL: 'debug',
        // What is under test is the stop, not render speed: six renders on a loaded machine may
        // take longer than the 10 s sync budget.
        SYNC_RENDER_TIMEOUT_MS: '120000',
        RENDER_TIMEOUT_MS: '60000',
      },
    });
    // The demo imports run after the banner: one still running at the signal would be drained too,
    // and its time counted against the 5 s below. Only the six renders are to be in flight.
    await waitForDemo(farm);
    const { npm, apiKey, renderUrl } = farm;
    const before = descendants(npm.pid ?? 0);
    const postmaster = await farm.postmaster();
    expect([...before.values()].some((args) => args.includes(outputOf('render-worker')))).toBe(true);
    expect(alive(postmaster)).toBe(true);

    // Six sync renders over keep-alive connections (fetch keeps its sockets open); SIGINT goes out
    // once the control plane has accepted all six, so each is in flight when the drain begins.
    const settled: boolean[] = [];
    let lastAnswerAt = 0;
    const renders = Array.from({ length: RENDERS }, (_, i) =>
      fetch(renderUrl, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json', connection: 'keep-alive' },
        body: '{}',
      }).then(async (res) => {
        settled[i] = true;
        const body = await res.text();
        lastAnswerAt = Date.now();
        return { status: res.status, body, connection: res.headers.get('connection') };
      }),
    );
    const accepted = () => (farm?.output().match(/"url":"\/banner-builder\/[^"]+\/generate"[^\n]*"msg":"incoming request"/g) ?? []).length;
    while (accepted() < RENDERS) await new Promise((r) => setTimeout(r, 5));
    process.kill(-(npm.pid ?? 0), 'SIGINT');
    const inFlightAtSignal = RENDERS - settled.filter(Boolean).length;

    const results = await Promise.all(renders);
    await farm.exited;
    const out = farm.output();
    expect(inFlightAtSignal).toBeGreaterThan(0);
    for (const { status, body, connection } of results) {
      expect(status, `${body}\n${out.slice(-6000)}`).toBe(200);
      expect((JSON.parse(body) as { file: { type: string } }).file.type).toBe('jpeg');
      // Answered during the drain: the keep-alive connection is closed after the answer.
      expect(connection).toBe('close');
    }
    // Nothing held the drain open: the exit follows the last answer by less than 5 s.
    const exitAfterAnswerMs = Date.now() - lastAnswerAt;
    console.log(`exit after the last answer: ${exitAfterAnswerMs} ms (bound 5000 ms)`);
    expect(exitAfterAnswerMs, out.slice(-4000)).toBeLessThan(5_000);
    expect(out).toContain('Pressroom stopped. Your API key');
    expect(out).not.toContain('second signal');
    expect(out).not.toContain('forcing exit');
    expect(out).not.toContain('missed its shutdown deadline');
    // Each role heard exactly one stop.
    for (const role of ['control-plane', 'render-worker', 'media-worker'])
      expect(out.match(new RegExp(`"role":"${role}"[^\\n]*"msg":"shutting down"`, 'g')) ?? [], role).toHaveLength(1);
    // Processes reaped by their parents a moment after the farm exits (a loaded machine) get 10 s.
    let left = [...before.entries()].filter(([pid]) => alive(pid));
    for (let i = 0; i < 100 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = left.filter(([pid]) => alive(pid));
    }
    expect(left, out.slice(-3000)).toEqual([]);
    expect(alive(postmaster)).toBe(false);
  });
});
